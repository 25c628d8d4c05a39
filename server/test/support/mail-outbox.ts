import type { MikroORM } from '@mikro-orm/postgresql';
import { MailWorker } from '../../src/modules/mail/worker.js';
import { brandOf } from '../../src/modules/mail/brand.js';
import { smtpTransport } from '../../src/modules/mail/transport.js';
import { shopWith, type HttpClient } from './app.js';
import { createUsers } from './fixtures.js';
import { startTestSmtp, type TestSmtp } from './smtp.js';

/**
 * Issue 14 items 1-3: the outbox and its worker against a real SMTP server (smtp-server), the
 * messages parsed with mailparser.
 *
 * The shared ground of mail-outbox.test.ts, mail-order-messages.test.ts and
 * mail-transports.test.ts. Importing this module registers, in the importing test file, the hooks
 * that give it its own database with two products and an admin signed in (`admin`), a fresh test
 * SMTP server for every test (`smtp`), an empty outbox and the Playera's stock back at 10.
 */
export const shop = shopWith(
  [
    { name: 'Playera Nike 1 Negro', price: 250, stock: { M: 10 } },
    { name: 'Tenis Adidas 2 Blanco', price: 1000, stock: { '26': 1 } },
  ],
  { rateLimits: false },
);

export const CLABE = '012180001234567899';
/** Reforma 10, or what `where` says instead ('number: "", withoutNumber: true'). */
const addressMutation = (
  where = 'number: "10"',
) => `mutation { addAddress(input: { firstName: "Ana",
  lastName: "López", street: "Reforma", ${where}, neighborhood: "Centro", postalCode: "06000",
  city: "CDMX", state: "CDMX", references: "Portón", phone: "5512345678" }) { id } }`;
const ADD = `mutation A($p: Int!, $s: String!, $q: Int!) {
  addToCart(productId: $p, size: $s, quantity: $q) { itemCount } }`;
export const CHECKOUT = `mutation C($a: Int!, $k: String!) { checkout(addressId: $a, idempotencyKey: $k) {
  id totalCents } }`;

export let smtp: TestSmtp;
/** Puts another test SMTP server in `smtp`'s place (a test that stops or swaps the server). */
export function setSmtp(server: TestSmtp): void {
  smtp = server;
}
export let admin: HttpClient;
let n = 0;

export function worker(orm: MikroORM = shop.orm, url = smtp.url) {
  return new MailWorker(orm, {
    transport: smtpTransport(url),
    queue: shop.app.mail,
    brand: brandOf(shop.app.config),
    from: shop.app.config.mail.from,
    log: () => undefined,
  });
}

export const outbox = () =>
  shop.orm.em
    .fork()
    .execute<{ id: string; event_key: string; kind: string; recipient: string; status: string }[]>(
      'select id, event_key, kind, recipient, status from mail_outbox order by id',
    );

/** A signed-in customer with an address and `quantity` of product `productId` in the cart. */
export async function shopperWithCart(productId = 1, size = 'M', quantity = 2, where?: string) {
  n += 1;
  const email = `correo${n}@example.com`;
  await createUsers(shop.orm.em.fork(), [{ email, name: `Clienta ${n}`, password: 'Compra1234' }]);
  const client = shop.app.client();
  await client.post('/api/auth/login', { email, password: 'Compra1234' });
  const address = await client.gql<{ addAddress: { id: number } }>(addressMutation(where));
  await client.gql(ADD, { p: productId, s: size, q: quantity });
  return { client, email, addressId: address.data!.addAddress.id };
}

export async function placeOrder(productId = 1, size = 'M', quantity = 2, where?: string) {
  const s = await shopperWithCart(productId, size, quantity, where);
  const res = await s.client.gql<{ checkout: { id: number; totalCents: number } }>(CHECKOUT, {
    a: s.addressId,
    k: `clave-${n}-${Date.now()}`,
  });
  expect(res.errors).toBeUndefined();
  return { ...s, order: res.data!.checkout };
}

beforeAll(async () => {
  await createUsers(shop.orm.em.fork(), [
    { email: 'admin@example.com', password: 'Admin12345', role: 'admin', name: 'Admin' },
  ]);
  admin = shop.app.client();
  await admin.post('/api/auth/login', { email: 'admin@example.com', password: 'Admin12345' });
});

beforeEach(async () => {
  smtp = await startTestSmtp();
  await shop.orm.em.fork().execute('delete from mail_outbox');
  await shop.orm.em
    .fork()
    .execute(`update product_stock set quantity = 10 where product_id = 1 and size = 'M'`);
});

afterEach(async () => {
  await smtp.close();
});
