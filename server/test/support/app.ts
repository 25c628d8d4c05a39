import type { MikroORM } from '@mikro-orm/postgresql';
import request from 'supertest';
import { createApp } from '../../src/app.js';
import { testConfig } from './db.js';

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
