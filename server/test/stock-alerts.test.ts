import type { MikroORM } from '@mikro-orm/postgresql';
import { MikroORM as Orm } from '@mikro-orm/postgresql';
import request from 'supertest';
import { STOCK_ALERT_MESSAGES } from '@tienda/rules';
import { createApp, type App } from '../src/app.js';
import { ormConfig } from '../src/db/orm-config.js';
import { SESSION_COOKIE, SessionCookie } from '../src/http/session-cookie.js';
import { SessionStore } from '../src/modules/accounts/session-store.js';
import { brandOf } from '../src/modules/mail/brand.js';
import { renderMail } from '../src/modules/mail/render.js';
import { smtpTransport } from '../src/modules/mail/transport.js';
import { MailWorker } from '../src/modules/mail/worker.js';
import { STOCK_ALERT_RATE_LIMITS } from '../src/modules/stock/stock-alerts.js';
import {
  openTestOrm,
  resetDatabase,
  testConfig,
  TEST_ACQUIRE_TIMEOUT_MS,
  testDatabaseUrl,
} from './support/db.js';
import { createProducts, createUsers } from './support/fixtures.js';
import { startTestSmtp, type TestSmtp } from './support/smtp.js';

/**
 * Issue 26 item 3, 'Avísame cuando llegue': a sold-out size offers a back-in-stock e-mail; a
 * signed-in shopper subscribes at once, a visitor once the link sent to the address is opened.
 * When the size goes from 0 to some units, whoever writes them, each confirmed request gets
 * exactly one e-mail through the outbox and ends. Two app instances, each with its own pool, on
 * one PostgreSQL (A without rate limits, B with them); their mail workers share the outbox.
 */
let orm: MikroORM;
const orms: MikroORM[] = [];
const instances: App[] = [];
const config = testConfig({ rateLimits: false });
const limitedConfig = testConfig({ rateLimits: true });
const signer = new SessionCookie(config.sessionSecret!, false);
let smtp: TestSmtp;

const db = () => orm.em.fork();
const A = () => instances[0]!.app;
const B = () => instances[1]!.app;

let ana = '';
let beto = '';
let admin = '';
let tenis = 0;
let gorra = 0;
let typeId = 0;

async function cookieOf(email: string, role: 'user' | 'admin' = 'user') {
  const [id] = await createUsers(db(), [{ email, role, name: email.split('@')[0] }]);
  const session = await new SessionStore(db()).start(id!);
  return `${SESSION_COOKIE}=${signer.value(session.token)}`;
}

beforeAll(async () => {
  orm = await openTestOrm();
  await resetDatabase(orm);
  const [t, g] = await createProducts(orm.em.fork(), [
    {
      name: 'Tenis Nike 1 Negro',
      price: 1200,
      type: 'Tenis',
      stock: { '25': 2, '26': 0, '27': 0, '28': 0 },
    },
    { name: 'Gorra Puma 2 Azul', price: 300, type: 'Gorra', stock: { U: 0 } },
  ]);
  tenis = t!.id;
  gorra = g!.id;
  const [type] = await db().execute<{ id: number }[]>(
    `select id from product_type where name = 'Tenis'`,
  );
  typeId = type!.id;
  for (const c of [config, limitedConfig]) {
    const own = await Orm.init(
      ormConfig(testDatabaseUrl(), { poolMax: 10, acquireTimeoutMs: TEST_ACQUIRE_TIMEOUT_MS }),
    );
    orms.push(own);
    instances.push(await createApp(own, c));
  }
  ana = await cookieOf('ana@example.com');
  beto = await cookieOf('beto@example.com');
  admin = await cookieOf('jefa@example.com', 'admin');
  smtp = await startTestSmtp();
});

afterAll(async () => {
  await smtp.close();
  for (const instance of instances) await instance.stop();
  for (const own of orms) await own.close();
  await orm.close();
});

type Gql<T> = {
  data?: T | null;
  errors?: { message: string; extensions: { code: string; reason: string; field?: string } }[];
};

async function gql<T>(
  app: App['app'],
  query: string,
  variables: Record<string, unknown> = {},
  cookie?: string,
): Promise<Gql<T>> {
  let req = request(app).post('/graphql').set('Content-Type', 'application/json');
  if (cookie) req = req.set('Cookie', cookie);
  return (await req.send({ query, variables })).body as Gql<T>;
}

const REQUEST = `mutation R($p: Int!, $s: String!, $e: String) {
  requestStockAlert(productId: $p, size: $s, email: $e) { status email message } }`;
const CONFIRM = `mutation C($t: String!) {
  confirmStockAlert(token: $t) { productId productName size inStock message } }`;
const DEMAND = '{ stockAlertDemand { productId productName size waiting units } }';

const outbox = (kind: string) =>
  db().execute<{ id: string; event_key: string; recipient: string; props: unknown }[]>(
    'select id, event_key, recipient, props from mail_outbox where kind = ? order by id',
    [kind],
  );

/** The token of the newest confirmation e-mail to `email` (its secret props, opened). */
async function confirmationToken(email: string): Promise<string> {
  const [row] = await db().execute<{ kind: string; props: unknown; secret: string | null }[]>(
    `select kind, props, secret from mail_outbox
      where kind = 'stock-alert-confirm' and recipient = ? order by id desc limit 1`,
    [email],
  );
  const message = instances[0]!.mail.messageOf(row!);
  return (message.props as { token: string }).token;
}

/** A visitor asks through REST; answers the token of the link sent. */
async function visitorAsks(app: App['app'], productId: number, talla: string, email: string) {
  const res = await request(app)
    .post(`/api/productos/${productId}/avisos`)
    .set('Content-Type', 'application/json')
    .send({ talla, email });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    estado: 'confirmacion-enviada',
    email: email.trim().toLowerCase(),
    mensaje: STOCK_ALERT_MESSAGES.confirmationSent(email.trim().toLowerCase()),
  });
  return confirmationToken(email.trim().toLowerCase());
}

/** The admin sets the Tenis' sizes 25-28 to these units through updateProduct on `app`. */
function restock(app: App['app'], quantities: [number, number, number, number]) {
  return gql<{ updateProduct: { sizes: { size: string; stock: number }[] } }>(
    app,
    `mutation U($id: Int!, $input: ProductInput!) {
       updateProduct(id: $id, input: $input) { sizes { size stock } } }`,
    {
      id: tenis,
      input: {
        special: false,
        name: 'Tenis Nike 1 Negro',
        description: 'Descripción de Tenis Nike 1 Negro',
        priceCents: 120_000,
        promotion: false,
        promotionPriceCents: null,
        sizes: ['25', '26', '27', '28'],
        quantities,
        typeId,
        brandId: null,
        colorId: null,
      },
    },
    admin,
  );
}

/** Delivers the outbox with a mail worker on each instance, racing, until nothing is due. */
async function deliverAll() {
  const workers = orms.map(
    (own, i) =>
      new MailWorker(own, {
        transport: smtpTransport(smtp.url),
        queue: instances[i]!.mail,
        brand: brandOf(config),
        from: config.mail.from,
        log: () => undefined,
      }),
  );
  const drain = async (w: MailWorker) => {
    while ((await w.deliverOne()) !== null);
  };
  await Promise.all(workers.map(drain));
}

describe("asking: 'Avísame cuando llegue'", () => {
  test("a signed-in shopper subscribes with one tap, for the account's address; twice is once", async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await gql<{ requestStockAlert: unknown }>(
        A(),
        REQUEST,
        { p: tenis, s: '26', e: 'otra@example.com' },
        ana,
      );
      expect(res.errors).toBeUndefined();
      expect(res.data!.requestStockAlert).toEqual({
        status: 'SUBSCRIBED',
        email: 'ana@example.com',
        message: 'Listo: te escribiremos a ana@example.com cuando llegue la talla 26.',
      });
    }
    const rows = await db().execute<{ email: string | null; confirmed: boolean }[]>(
      `select email, confirmed_at is not null as confirmed from stock_alert
        where product_id = ? and size = '26'`,
      [tenis],
    );
    // The e-mail sent along is ignored: a shopper subscribes only themselves.
    expect(rows).toEqual([{ email: null, confirmed: true }]);
    expect(await outbox('stock-alert-confirm')).toEqual([]);
  });

  test('a visitor gets a confirmation link by e-mail, and waits only once it is opened', async () => {
    const token = await visitorAsks(A(), tenis, '26', ' Visita@Example.com ');
    const [mail] = await outbox('stock-alert-confirm');
    expect(mail!.recipient).toBe('visita@example.com');
    // The token is not in the outbox in clear.
    expect(JSON.stringify(mail!.props)).not.toContain(token);
    const rendered = await renderMail(
      instances[0]!.mail.messageOf({
        kind: 'stock-alert-confirm',
        props: mail!.props,
        secret: (
          await db().execute<{ secret: string }[]>('select secret from mail_outbox where id = ?', [
            mail!.id,
          ])
        )[0]!.secret,
      }),
      brandOf(config),
    );
    expect(rendered.subject).toBe('Confirma tu aviso: Tenis Nike 1 Negro, talla 26');
    expect(rendered.text).toContain(`#/avisos/confirmar?token=${token}`);

    const [before] = await db().execute<{ confirmed: boolean }[]>(
      `select confirmed_at is not null as confirmed from stock_alert where email = 'visita@example.com'`,
    );
    expect(before!.confirmed).toBe(false);

    const res = await gql<{ confirmStockAlert: unknown }>(A(), CONFIRM, { t: token });
    expect(res.errors).toBeUndefined();
    expect(res.data!.confirmStockAlert).toEqual({
      productId: tenis,
      productName: 'Tenis Nike 1 Negro',
      size: '26',
      inStock: false,
      message: 'Listo: te avisaremos cuando llegue la talla 26 de Tenis Nike 1 Negro.',
    });
    // Opening it again says the same (a second tap, a reload).
    const again = await request(B())
      .post('/api/avisos/confirmar')
      .set('Content-Type', 'application/json')
      .send({ token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      idProducto: tenis,
      producto: 'Tenis Nike 1 Negro',
      talla: '26',
      disponible: false,
      mensaje: 'Listo: te avisaremos cuando llegue la talla 26 de Tenis Nike 1 Negro.',
    });
  });

  test('a link nobody sent is refused with its Spanish message', async () => {
    const res = await gql(A(), CONFIRM, { t: 'no-es-un-token-de-nada' });
    expect(res.errors![0]!.message).toBe(STOCK_ALERT_MESSAGES.invalidToken);
    expect(res.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'INVALID_TOKEN',
    });
  });

  test('refusals: no address, a bad address, a size in stock, a size it lacks, no such product', async () => {
    const post = (id: number | string, body: unknown) =>
      request(A())
        .post(`/api/productos/${id}/avisos`)
        .set('Content-Type', 'application/json')
        .send(body as object);
    expect((await post(tenis, { talla: '26' })).body).toEqual({
      error: 'El email es obligatorio.',
      reason: 'REQUIRED',
    });
    const bad = await post(tenis, { talla: '26', email: 'visita@' });
    expect([bad.status, bad.body]).toEqual([
      400,
      { error: 'El email no es válido.', reason: 'INVALID_EMAIL' },
    ]);
    const inStock = await post(tenis, { talla: '25', email: 'visita@example.com' });
    expect([inStock.status, inStock.body]).toEqual([
      409,
      { error: STOCK_ALERT_MESSAGES.inStock, reason: 'IN_STOCK' },
    ]);
    const noSize = await post(tenis, { talla: '40', email: 'visita@example.com' });
    expect([noSize.status, noSize.body]).toEqual([
      400,
      { error: STOCK_ALERT_MESSAGES.unknownSize, reason: 'UNKNOWN_SIZE' },
    ]);
    const none = await post(99999, { talla: '26', email: 'visita@example.com' });
    expect([none.status, none.body.error]).toEqual([404, 'Producto no encontrado']);
    const noTalla = await post(tenis, { email: 'visita@example.com' });
    expect([noTalla.status, noTalla.body.error]).toEqual([400, 'El campo talla es obligatorio']);
    const signedIn = await gql(A(), REQUEST, { p: tenis, s: '25' }, beto);
    expect(signedIn.errors![0]!.extensions).toMatchObject({ code: 'CONFLICT', reason: 'IN_STOCK' });
  });
});

describe('the e-mail when the size comes back', () => {
  let unconfirmed = '';

  beforeAll(async () => {
    // Beto waits for 27 (another size), a visitor never opens the link for 26.
    expect((await gql(A(), REQUEST, { p: tenis, s: '27' }, beto)).errors).toBeUndefined();
    unconfirmed = await visitorAsks(A(), tenis, '26', 'nadie@example.com');
    expect(unconfirmed).not.toBe('');
  });

  test('the stock dashboard shows the waiting requests per size (confirmed ones only)', async () => {
    const res = await gql<{ stockAlertDemand: unknown[] }>(A(), DEMAND, {}, admin);
    expect(res.errors).toBeUndefined();
    expect(res.data!.stockAlertDemand).toEqual([
      { productId: tenis, productName: 'Tenis Nike 1 Negro', size: '26', waiting: 2, units: 0 },
      { productId: tenis, productName: 'Tenis Nike 1 Negro', size: '27', waiting: 1, units: 0 },
    ]);
    const rest = await request(B()).get('/api/avisos').set('Cookie', admin);
    expect(rest.status).toBe(200);
    expect(rest.body[0]).toEqual({
      idProducto: tenis,
      producto: 'Tenis Nike 1 Negro',
      talla: '26',
      esperando: 2,
      cantidad: 0,
    });
    expect((await gql(A(), DEMAND, {}, ana)).errors![0]!.extensions.code).toBe('FORBIDDEN');
  });

  test('two admins on two instances restock 26 at once: one e-mail per subscriber, none for 27, none for the unconfirmed visitor', async () => {
    const answers = await Promise.all([restock(A(), [2, 5, 0, 0]), restock(B(), [2, 4, 0, 0])]);
    for (const a of answers) expect(a.errors).toBeUndefined();

    const mails = await outbox('back-in-stock');
    expect(mails.map((m) => m.recipient).sort()).toEqual(['ana@example.com', 'visita@example.com']);
    expect(mails.every((m) => (m.props as { size: string }).size === '26')).toBe(true);

    const sentBefore = smtp.received.length;
    await deliverAll();
    // The confirmation e-mails still pending go out too; these are the back-in-stock ones.
    const delivered = smtp.received
      .slice(sentBefore)
      .filter((m) => m.subject.startsWith('Ya llegó'));
    expect(delivered.map((m) => m.to).sort()).toEqual(['ana@example.com', 'visita@example.com']);
    for (const m of delivered) {
      expect(m.subject).toBe('Ya llegó: Tenis Nike 1 Negro, talla 26');
      expect(m.text).toContain(`${config.publicUrl}/#/producto/${tenis}`);
    }
    expect(delivered.find((m) => m.to === 'ana@example.com')!.text).toContain('Hola, ana:');

    // Both requests ended; 27's and the unconfirmed one wait on.
    const demand = await gql<{ stockAlertDemand: { size: string; waiting: number }[] }>(
      A(),
      DEMAND,
      {},
      admin,
    );
    expect(demand.data!.stockAlertDemand.map((d) => [d.size, d.waiting])).toEqual([['27', 1]]);
  });

  test('sold out and back again: no second e-mail (the request ended)', async () => {
    expect((await restock(A(), [2, 0, 0, 0])).errors).toBeUndefined();
    expect((await restock(B(), [2, 3, 0, 0])).errors).toBeUndefined();
    expect((await outbox('back-in-stock')).map((m) => m.recipient).sort()).toEqual([
      'ana@example.com',
      'visita@example.com',
    ]);
  });

  test("the unconfirmed visitor's link opened after the size came back: it says so, and no e-mail follows", async () => {
    const res = await gql<{ confirmStockAlert: { inStock: boolean; message: string } }>(
      B(),
      CONFIRM,
      { t: unconfirmed },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.confirmStockAlert).toMatchObject({
      inStock: true,
      message: '¡Buenas noticias! La talla 26 de Tenis Nike 1 Negro ya está disponible.',
    });
    expect((await outbox('back-in-stock')).map((m) => m.recipient)).not.toContain(
      'nadie@example.com',
    );
    // The request ended: its link no longer works.
    expect((await gql(B(), CONFIRM, { t: unconfirmed })).errors![0]!.extensions.reason).toBe(
      'INVALID_TOKEN',
    );
  });

  test('any writer of the stock sends it: a plain SQL update (an import) from 0 to units', async () => {
    await db().execute(
      `update product_stock set quantity = 7 where product_id = ? and size = '27'`,
      [tenis],
    );
    const mails = await outbox('back-in-stock');
    expect(mails.filter((m) => m.recipient === 'beto@example.com')).toHaveLength(1);
    expect(mails).toHaveLength(3);
  });

  test('a size that had no row (a new size) counts as coming from 0', async () => {
    await db().execute(`delete from product_stock where product_id = ? and size = 'U'`, [gorra]);
    expect((await gql(A(), REQUEST, { p: gorra, s: 'U' }, ana)).errors![0]!.extensions.reason).toBe(
      'UNKNOWN_SIZE',
    );
    await db().execute(
      `insert into product_stock (product_id, size, position, quantity) values (?, 'U', 0, 0)`,
      [gorra],
    );
    expect((await gql(A(), REQUEST, { p: gorra, s: 'U' }, ana)).errors).toBeUndefined();
    await db().execute(`delete from product_stock where product_id = ? and size = 'U'`, [gorra]);
    await db().execute(
      `insert into product_stock (product_id, size, position, quantity) values (?, 'U', 0, 2)`,
      [gorra],
    );
    const mails = await outbox('back-in-stock');
    expect(
      mails.filter((m) => (m.props as { productId: number }).productId === gorra),
    ).toHaveLength(1);
  });
});

describe('limits: nobody can use it to flood an address', () => {
  test('confirmation e-mails to one address stop after 3 an hour, with the same answer', async () => {
    await db().execute(
      `update product_stock set quantity = 0 where product_id = ? and size = '28'`,
      [tenis],
    );
    const before = (await outbox('stock-alert-confirm')).length;
    const limit = STOCK_ALERT_RATE_LIMITS.confirmationMailPerEmail.limit;
    for (let i = 0; i < limit + 2; i += 1) {
      const res = await request(B())
        .post(`/api/productos/${tenis}/avisos`)
        .set('Content-Type', 'application/json')
        .send({ talla: '28', email: 'victima@example.com' });
      expect(res.status).toBe(200);
      expect(res.body.mensaje).toBe(STOCK_ALERT_MESSAGES.confirmationSent('victima@example.com'));
    }
    const sent = (await outbox('stock-alert-confirm')).slice(before);
    expect(sent).toHaveLength(limit);
    expect(sent.every((m) => m.recipient === 'victima@example.com')).toBe(true);
    // The newest link sent stays the valid one.
    const token = await confirmationToken('victima@example.com');
    expect((await gql(B(), CONFIRM, { t: token })).errors).toBeUndefined();
  });

  test("a visitor's requests from one address are refused past 20 an hour (429)", async () => {
    const limit = STOCK_ALERT_RATE_LIMITS.requestPerAddress.limit;
    const statuses: number[] = [];
    for (let i = 0; i < limit + 1; i += 1) {
      const res = await request(B())
        .post(`/api/productos/${tenis}/avisos`)
        .set('Content-Type', 'application/json')
        .send({ talla: '28', email: `otro${i}@example.com` });
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
  });
});
