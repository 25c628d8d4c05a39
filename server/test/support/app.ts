import type { MikroORM } from '@mikro-orm/postgresql';
import request, { type Response } from 'supertest';
import type { Config } from '../../src/config.js';
import { createApp } from '../../src/app.js';
import type { OrderSubscriber } from '../../src/modules/orders/order-events.js';
import { openTestOrm, resetDatabase, testConfig } from './db.js';
import { createProducts, type ProductSpec } from './fixtures.js';

export interface GraphQLResult<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string; field?: string; reason?: string } }[];
  /** SQL statements the request issued, from its Server-Timing header. */
  queries: number;
  /** The HTTP response, for status and headers. */
  res: Response;
}

export type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';

/** A client of the app with its own cookie jar (a browser, in effect). */
export function httpClient(agent: ReturnType<typeof request.agent>) {
  const send = async (
    method: Method,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> => {
    let req = agent[method](path);
    for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
    if (body !== undefined) req = req.set('Content-Type', 'application/json').send(body as object);
    return req;
  };
  return {
    agent,
    send,
    get: (path: string, headers?: Record<string, string>) => send('get', path, undefined, headers),
    post: (path: string, body?: unknown) => send('post', path, body ?? {}),
    put: (path: string, body?: unknown) => send('put', path, body ?? {}),
    delete: (path: string) => send('delete', path),
    async gql<T>(
      query: string,
      variables: Record<string, unknown> = {},
    ): Promise<GraphQLResult<T>> {
      const res = await send('post', '/graphql', { query, variables });
      return {
        ...(res.body as Omit<GraphQLResult<T>, 'queries' | 'res'>),
        // Read only when asked: production sends no Server-Timing.
        get queries() {
          return queryCount(res.headers['server-timing']);
        },
        res,
      };
    },
  };
}
export type HttpClient = ReturnType<typeof httpClient>;

/** The app under test, with an anonymous client and a factory for clients with cookie jars. */
export async function testApp(
  orm: MikroORM,
  overrides: Partial<Config> = {},
  /** Reactions to order events besides the registered ones (order-subscribers.ts). */
  orderSubscribers: readonly OrderSubscriber[] = [],
) {
  const config = testConfig(overrides);
  const { app, stop, mail, announcer, events, settings } = await createApp(
    orm,
    config,
    undefined,
    orderSubscribers,
  );
  const anonymous = httpClient(request.agent(app));
  return {
    ...anonymous,
    app,
    stop,
    config,
    mail,
    announcer,
    events,
    settings,
    /** A new client with an empty cookie jar. */
    client: () => httpClient(request.agent(app)),
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
export function shopWith(
  specs: ProductSpec[],
  overrides: Partial<Config> = {},
  orderSubscribers: readonly OrderSubscriber[] = [],
) {
  const shop = {} as { orm: MikroORM; app: TestApp };
  beforeAll(async () => {
    shop.orm = await openTestOrm();
    await resetDatabase(shop.orm);
    await createProducts(shop.orm.em.fork(), specs);
    shop.app = await testApp(shop.orm, overrides, orderSubscribers);
  });
  afterAll(async () => {
    await shop.app.stop();
    await shop.orm.close();
  });
  return shop;
}
