/**
 * The sale's shoppers and stock (bench/sale.ts): shoppers registered through the shop's own
 * `Register` mutation (their session cookie is what both servers read), each with one address
 * (`AddAddress`); the stock rows they order from, restocked before every window.
 */
import http from 'node:http';
import { print } from 'graphql';
import pg from 'pg';
import { AddAddressDocument, RegisterDocument } from '../client/src/gql/graphql.js';
import { replyProblem, request, type Target } from './load.js';

export const TIMEOUT_MS = 30_000;
const PASSWORD = 'Bench-shopper-2026';

export interface Shopper {
  index: number;
  /** `tienda_sesion=…`, as the browser would send it. */
  cookie: string;
  addressId: number;
}

/** One stock row the bench orders from: restocked before every window. */
export interface BenchStock {
  productId: number;
  size: string;
}
const ADD_ADDRESS = print(AddAddressDocument);
const REGISTER = print(RegisterDocument);

export function graphqlTarget(
  port: number,
  query: string,
  variables: Record<string, unknown>,
  cookie?: string,
): Target {
  return {
    port,
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: Buffer.from(JSON.stringify({ query, variables })),
    expect: 'graphql',
  };
}
export function jsonTarget(port: number, path: string, body: unknown, cookie: string): Target {
  return {
    port,
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', cookie },
    body: Buffer.from(JSON.stringify(body)),
    expect: 'graphql',
  };
}

/** Registers `count` shoppers through the app, each signed in with one address. */
export async function registerShoppers(appPort: number, count: number): Promise<Shopper[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const run = Date.now().toString(36);
  const one = async (index: number): Promise<Shopper> => {
    const registered = await request(
      agent,
      graphqlTarget(appPort, REGISTER, {
        input: {
          name: `Comprador ${index + 1}`,
          phone: `55${String(10_000_000 + index).padStart(8, '0')}`,
          email: `comprador${index + 1}.${run}@bench.tienda.local`,
          password: PASSWORD,
        },
      }),
      TIMEOUT_MS,
    );
    const problem = replyProblem(registered, 'graphql');
    if (problem) throw new Error(`Register: ${problem}`);
    const setCookie = registered.headers['set-cookie'] ?? [];
    const cookie = setCookie
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('tienda_sesion='));
    if (!cookie) throw new Error('Register: no session cookie');
    const added = await request(
      agent,
      graphqlTarget(
        appPort,
        ADD_ADDRESS,
        {
          input: {
            firstName: 'Comprador',
            lastName: `Número ${index + 1}`,
            street: 'Av. Reforma',
            number: String(100 + index),
            neighborhood: 'Juárez',
            postalCode: '06600',
            city: 'Cuauhtémoc',
            state: 'Ciudad de México',
            references: 'Portón negro',
            phone: '5512345678',
          },
        },
        cookie,
      ),
      TIMEOUT_MS,
    );
    const addressProblem = replyProblem(added, 'graphql');
    if (addressProblem) throw new Error(`AddAddress: ${addressProblem}`);
    const body = JSON.parse(added.body.toString()) as { data: { addAddress: { id: number } } };
    return { index, cookie, addressId: body.data.addAddress.id };
  };
  try {
    const shoppers: Shopper[] = [];
    for (let i = 0; i < count; i += 4) {
      const batch = Array.from({ length: Math.min(4, count - i) }, (_, j) => one(i + j));
      shoppers.push(...(await Promise.all(batch)));
    }
    return shoppers;
  } finally {
    agent.destroy();
  }
}

/** `count` visible products, one size each, the newest first: what the shoppers buy. */
export async function benchStock(databaseUrl: string, count: number): Promise<BenchStock[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ product_id: number; size: string }>(
      `select * from (
         select distinct on (p.id) p.id as product_id, s.size
           from product p join product_stock s on s.product_id = p.id
          where p.hidden_at is null
          order by p.id desc, s.size) t
        order by product_id desc limit $1`,
      [count],
    );
    return rows.map((r) => ({ productId: r.product_id, size: r.size }));
  } finally {
    await client.end();
  }
}

/** Up to `count` visible product ids at random: the sale day's product pages. */
export async function sampleProducts(databaseUrl: string, count: number): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      'select id from product where hidden_at is null order by random() limit $1',
      [count],
    );
    return rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

/**
 * The coupon every bench order carries: 10% off every product (promotional ones too, so no cart
 * is refused), no global limit, a per-customer limit no shopper reaches (so the checkout locks
 * and counts the customer's uses, as a once-per-customer coupon makes it do).
 */
export const BENCH_COUPON = 'BENCH10';

/**
 * Puts 1,000,000 units in each bench stock row (stock never runs out mid-window), and makes sure
 * the bench coupon exists and is active.
 */
export async function restock(databaseUrl: string, stock: readonly BenchStock[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into coupon (code, kind, value, max_uses_per_customer, non_promotional_only)
       values ($1, 'PERCENTAGE', 10, 1000000, false)
       on conflict ((upper(code))) do update set active = true`,
      [BENCH_COUPON],
    );
    await client.query(
      `update product_stock s set quantity = 1000000
         from unnest($1::int[], $2::text[]) v(product_id, size)
        where s.product_id = v.product_id and s.size = v.size`,
      [stock.map((s) => s.productId), stock.map((s) => s.size)],
    );
  } finally {
    await client.end();
  }
}
