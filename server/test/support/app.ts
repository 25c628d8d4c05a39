import type { MikroORM } from '@mikro-orm/postgresql';
import request from 'supertest';
import { createApp } from '../../src/app.js';
import { openTestOrm, resetDatabase, testConfig } from './db.js';
import { createProducts, type ProductSpec } from './fixtures.js';

export interface GraphQLResult<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
  /** SQL statements the request issued, from its Server-Timing header. */
  queries: number;
}

/** The app under test, with helpers for GraphQL and REST calls. */
export async function testApp(orm: MikroORM) {
  const { app, stop } = await createApp(orm, testConfig());
  const agent = request(app);
  return {
    app,
    stop,
    async gql<T>(
      query: string,
      variables: Record<string, unknown> = {},
    ): Promise<GraphQLResult<T>> {
      const res = await agent
        .post('/graphql')
        .set('Content-Type', 'application/json')
        .send({ query, variables });
      return {
        ...(res.body as GraphQLResult<T>),
        queries: queryCount(res.headers['server-timing']),
      };
    },
    get: (path: string) => agent.get(path),
  };
}

export function queryCount(header: string | undefined): number {
  const match = /db;desc="(\d+) queries";dur=[\d.]+/.exec(header ?? '');
  if (!match) throw new Error(`Server-Timing ausente o mal formado: ${header}`);
  return Number(match[1]);
}

export type TestApp = Awaited<ReturnType<typeof testApp>>;

/**
 * Registers hooks that give a test file a freshly emptied database holding exactly `specs`, and
 * the app on it. Read `shop.app` inside tests (it is set once the hooks have run).
 */
export function shopWith(specs: ProductSpec[]) {
  const shop = {} as { orm: MikroORM; app: TestApp };
  beforeAll(async () => {
    shop.orm = await openTestOrm();
    await resetDatabase(shop.orm);
    await createProducts(shop.orm.em.fork(), specs);
    shop.app = await testApp(shop.orm);
  });
  afterAll(async () => {
    await shop.app.stop();
    await shop.orm.close();
  });
  return shop;
}
