import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../src/config.js';
import { brandOf } from '../src/modules/mail/brand.js';
import type { OutgoingMail } from '../src/modules/mail/outbox.js';
import { SAMPLE_ORDER } from '../src/modules/mail/samples.js';
import { mailboxTransport, smtpTransport, transportFor } from '../src/modules/mail/transport.js';
import { MailWorker, RETRY_DELAYS_SECONDS } from '../src/modules/mail/worker.js';
import { remindUnpaidOrders, releaseUnpaidOrders } from '../src/modules/orders/unpaid-orders.js';
import { shopWith, testApp, type HttpClient } from './support/app.js';
import { openTestOrm, testDatabaseUrl } from './support/db.js';
import { createUsers } from './support/fixtures.js';
import { startTestSmtp, type TestSmtp } from './support/smtp.js';

/**
 * Issue 14 items 1-3: the outbox and its worker against a real SMTP server (smtp-server), the
 * messages parsed with mailparser.
 */
const HOLD_HOURS = 72;
const shop = shopWith(
  [
    { name: 'Playera Nike 1 Negro', price: 250, stock: { M: 10 } },
    { name: 'Tenis Adidas 2 Blanco', price: 1000, stock: { '26': 1 } },
  ],
  { rateLimits: false },
);

const CLABE = '012180001234567899';
const ADDRESS = `mutation { addAddress(input: { firstName: "Ana", lastName: "López",
  street: "Reforma", number: "10", neighborhood: "Centro", postalCode: "06000", city: "CDMX",
  state: "CDMX", references: "Portón", phone: "5512345678" }) { id } }`;
const ADD = `mutation A($p: Int!, $s: String!, $q: Int!) {
  addToCart(productId: $p, size: $s, quantity: $q) { itemCount } }`;
const CHECKOUT = `mutation C($a: Int!, $k: String!) { checkout(addressId: $a, idempotencyKey: $k) {
  id totalCents } }`;
const UPDATE = `mutation U($id: Int!, $s: OrderStatus!, $t: String) {
  updateOrder(id: $id, input: { status: $s, tracking: $t }) { id status } }`;

let smtp: TestSmtp;
let admin: HttpClient;
let n = 0;

function worker(orm: MikroORM = shop.orm, url = smtp.url) {
  return new MailWorker(orm, {
    transport: smtpTransport(url),
    queue: shop.app.mail,
    brand: brandOf(shop.app.config),
    from: shop.app.config.mail.from,
    log: () => undefined,
  });
}

const outbox = () =>
  shop.orm.em
    .fork()
    .execute<{ id: string; event_key: string; kind: string; recipient: string; status: string }[]>(
      'select id, event_key, kind, recipient, status from mail_outbox order by id',
    );

/** A signed-in customer with an address and `quantity` of product `productId` in the cart. */
async function shopperWithCart(productId = 1, size = 'M', quantity = 2) {
  n += 1;
  const email = `correo${n}@example.com`;
  await createUsers(shop.orm.em.fork(), [{ email, name: `Clienta ${n}`, password: 'Compra1234' }]);
  const client = shop.app.client();
  await client.post('/api/auth/login', { email, password: 'Compra1234' });
  const address = await client.gql<{ addAddress: { id: number } }>(ADDRESS);
  await client.gql(ADD, { p: productId, s: size, q: quantity });
  return { client, email, addressId: address.data!.addAddress.id };
}

async function placeOrder(productId = 1, size = 'M', quantity = 2) {
  const s = await shopperWithCart(productId, size, quantity);
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

describe('the outbox', () => {
  test("a checkout sends exactly one 'Pedido recibido' with the order's total and the CLABE", async () => {
    const { email, order } = await placeOrder(1, 'M', 2);
    expect(await worker().drain()).toBe(2);

    const toCustomer = smtp.received.filter((m) => m.to === email);
    expect(toCustomer).toHaveLength(1);
    const mail = toCustomer[0]!;
    expect(mail.subject).toBe(`Recibimos tu pedido #${order.id}`);
    // 2 × $250 + $220 shipping.
    expect(order.totalCents).toBe(720_00);
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain('$720');
      expect(body).toContain(CLABE);
      expect(body).toContain(`Pedido ${order.id}`);
      expect(body).toContain(`http://localhost:4000/#/pago?idPedido=${order.id}`);
      expect(body).toContain('https://wa.me/525512345678');
    }
    expect(mail.html).toContain('Playera Nike 1 Negro');
    // The shop hears of it too ('Nuevo pedido', to the admin accounts by default).
    const toShop = smtp.received.filter((m) => m.to === 'admin@example.com');
    expect(toShop.map((m) => m.subject)).toEqual([`Nuevo pedido #${order.id}: $720`]);
    expect((await outbox()).every((r) => r.status === 'sent')).toBe(true);
  });

  test('a checkout that fails on stock writes and sends nothing', async () => {
    const s = await shopperWithCart(2, '26', 1);
    await shop.orm.em
      .fork()
      .execute(`update product_stock set quantity = 0 where product_id = 2 and size = '26'`);
    const res = await s.client.gql(CHECKOUT, { a: s.addressId, k: `agotado-${Date.now()}` });
    expect(res.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(await outbox()).toEqual([]);
    expect(await worker().drain()).toBe(0);
    expect(smtp.received).toEqual([]);
    await shop.orm.em
      .fork()
      .execute(`update product_stock set quantity = 1 where product_id = 2 and size = '26'`);
  });

  test('announcing the same event twice sends one message', async () => {
    const em = shop.orm.em.fork();
    const mail: OutgoingMail = {
      eventKey: 'order:999:prueba',
      recipient: 'una@example.com',
      message: { kind: 'payment-confirmed', props: { order: SAMPLE_ORDER } },
    };
    await shop.app.mail.enqueue(em, [mail]);
    await shop.app.mail.enqueue(em, [mail, mail]);
    expect(await worker().drain()).toBe(1);
    expect(smtp.received).toHaveLength(1);
  });

  test("two instances' workers deliver each message once", async () => {
    const mails: OutgoingMail[] = Array.from({ length: 30 }, (_, i) => ({
      eventKey: `prueba:dos-instancias:${i}`,
      recipient: `persona${i}@example.com`,
      message: { kind: 'payment-confirmed', props: { order: { ...SAMPLE_ORDER, id: 5000 + i } } },
    }));
    await shop.app.mail.enqueue(shop.orm.em.fork(), mails);
    const ormB = await openTestOrm();
    try {
      const [a, b] = await Promise.all([worker().drain(), worker(ormB).drain()]);
      expect(a + b).toBe(30);
      // Both took part (each claims one message at a time).
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
    } finally {
      await ormB.close();
    }
    const recipients = smtp.received.map((m) => m.to).sort();
    expect(recipients).toEqual(mails.map((m) => m.recipient).sort());
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(30);
  });

  test('with the SMTP server down, messages wait and go out when it returns', async () => {
    const { email, order } = await placeOrder();
    const port = smtp.port;
    await smtp.close();
    const down = worker(shop.orm, `smtp://127.0.0.1:${port}`);
    expect(await down.deliverOne()).toBe('retry');
    expect(await down.deliverOne()).toBe('retry');
    // Nothing else is due: each waits for its retry.
    expect(await down.deliverOne()).toBeNull();
    const rows = await shop.orm.em.fork().execute<
      { status: string; attempts: number; last_error: string; wait: number }[]
    >(`select status, attempts, last_error,
           extract(epoch from next_attempt_at - now())::int as wait from mail_outbox`);
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.status).toBe('pending');
      expect(r.attempts).toBe(1);
      expect(r.last_error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
      expect(r.wait).toBeGreaterThan(RETRY_DELAYS_SECONDS[0] - 5);
    }

    // The server is back, on the same port; the retry time comes.
    smtp = await startTestSmtp({ port });
    await shop.orm.em.fork().execute('update mail_outbox set next_attempt_at = now()');
    expect(await worker().drain()).toBe(2);
    expect(smtp.received.filter((m) => m.to === email).map((m) => m.subject)).toEqual([
      `Recibimos tu pedido #${order.id}`,
    ]);
    const after = await shop.orm.em
      .fork()
      .execute<{ status: string; attempts: number; last_error: string | null }[]>(
        'select status, attempts, last_error from mail_outbox',
      );
    expect(after.map((r) => [r.status, r.attempts, r.last_error])).toEqual([
      ['sent', 2, null],
      ['sent', 2, null],
    ]);
  });

  test('a message the server refuses for good is marked failed with the reason', async () => {
    await smtp.close();
    smtp = await startTestSmtp({
      beforeAnswer: () => {
        const error = new Error('Buzón inexistente') as Error & { responseCode: number };
        error.responseCode = 550;
        throw error;
      },
    });
    await shop.app.mail.enqueue(shop.orm.em.fork(), [
      {
        eventKey: 'prueba:rechazo',
        recipient: 'nadie@example.com',
        message: { kind: 'payment-confirmed', props: { order: SAMPLE_ORDER } },
      },
    ]);
    expect(await worker().deliverOne()).toBe('failed');
    const [row] = await shop.orm.em
      .fork()
      .execute<{ status: string; last_error: string }[]>(
        'select status, last_error from mail_outbox',
      );
    expect(row!.status).toBe('failed');
    expect(row!.last_error).toContain('550');
    expect(await worker().deliverOne()).toBeNull();
  });

  test('a worker killed mid-send resends at most that one message', async () => {
    await smtp.close();
    const running: { child?: ReturnType<typeof fork> } = {};
    let dataSeen = 0;
    // The first message's DATA arrives and the worker waiting for the answer is killed.
    smtp = await startTestSmtp({
      beforeAnswer: async () => {
        dataSeen += 1;
        const child = running.child;
        if (dataSeen === 1 && child) {
          child.kill('SIGKILL');
          await new Promise<void>((resolve) => child.once('exit', () => resolve()));
          throw new Error('la conexión se perdió');
        }
      },
    });
    const mails: OutgoingMail[] = Array.from({ length: 5 }, (_, i) => ({
      eventKey: `prueba:muerte:${i}`,
      recipient: `persona${i}@example.com`,
      message: { kind: 'payment-confirmed', props: { order: SAMPLE_ORDER } },
    }));
    await shop.app.mail.enqueue(shop.orm.em.fork(), mails);

    const script = path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      'support',
      'mail-worker-child.mjs',
    );
    const child = fork(script, [testDatabaseUrl(), smtp.url, shop.app.config.sessionSecret!], {
      stdio: 'ignore',
    });
    running.child = child;
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    expect(await exited).toBe('SIGKILL');
    expect(smtp.received).toHaveLength(0);

    // The dead worker held one message; the others were never claimed.
    const claimed = await shop.orm.em
      .fork()
      .execute<{ n: number }[]>(
        `select count(*)::int as n from mail_outbox where locked_until > now()`,
      );
    expect(claimed[0]!.n).toBe(1);
    // Once its lease ends, another worker sends all five, each once.
    await shop.orm.em
      .fork()
      .execute(`update mail_outbox set locked_until = now() - interval '1 second'`);
    expect(await worker().drain()).toBe(5);
    expect(smtp.received.map((m) => m.to).sort()).toEqual(mails.map((m) => m.recipient).sort());
    // Five accepted; six DATA in all: only the message in flight went twice.
    expect(smtp.attempts).toHaveLength(6);
  });
});

describe('order status messages', () => {
  test('paid, shipped with tracking, and cancelled for lack of payment each send their message once', async () => {
    const paid = await placeOrder();
    const shipped = await placeOrder();
    await worker().drain();
    smtp.received.length = 0;

    expect((await admin.gql(UPDATE, { id: paid.order.id, s: 'PAID' })).errors).toBeUndefined();
    // The same status again: no second message.
    expect((await admin.gql(UPDATE, { id: paid.order.id, s: 'PAID' })).errors).toBeUndefined();
    expect(
      (await admin.gql(UPDATE, { id: shipped.order.id, s: 'SHIPPED', t: 'GUIA 123' })).errors,
    ).toBeUndefined();
    await worker().drain();

    const subjects = smtp.received.map((m) => `${m.to} ${m.subject}`).sort();
    expect(subjects).toEqual(
      [
        `${paid.email} Confirmamos el pago de tu pedido #${paid.order.id}`,
        `admin@example.com Pedido #${paid.order.id} pagado: $720`,
        `${shipped.email} Tu pedido #${shipped.order.id} va en camino`,
      ].sort(),
    );
    const shippedMail = smtp.received.find((m) => m.to === shipped.email)!;
    expect(shippedMail.html).toContain('GUIA 123');
    expect(shippedMail.html).toContain(
      'https://www.estafeta.com/Herramientas/Rastreo?wayBillType=1&amp;wayBill=GUIA%20123',
    );
    expect(shippedMail.text).toContain('wayBill=GUIA%20123');
  });

  test("a reminder about a day before the release, once; then 'Pedido cancelado por falta de pago'", async () => {
    const { email, order } = await placeOrder();
    await worker().drain();
    smtp.received.length = 0;
    const em = shop.orm.em.fork();
    // 50 hours old: past the reminder (48 h into a 72 h hold), before the release.
    await em.execute(
      `update shop_order set created_at = now() - interval '50 hours' where id = ?`,
      [order.id],
    );
    expect(await remindUnpaidOrders(shop.orm.em.fork(), shop.app.announcer)).toBe(1);
    expect(await remindUnpaidOrders(shop.orm.em.fork(), shop.app.announcer)).toBe(0);
    await worker().drain();
    expect(smtp.received.map((m) => m.subject)).toEqual([`Tu pedido #${order.id} espera tu pago`]);
    expect(smtp.received[0]!.text).toContain(CLABE);

    await em.execute(
      `update shop_order set created_at = now() - interval '73 hours' where id = ?`,
      [order.id],
    );
    expect(await releaseUnpaidOrders(shop.orm.em.fork(), HOLD_HOURS, shop.app.announcer)).toBe(1);
    await worker().drain();
    expect(smtp.received.filter((m) => m.to === email).map((m) => m.subject)).toEqual([
      `Tu pedido #${order.id} espera tu pago`,
      `Cancelamos tu pedido #${order.id} por falta de pago`,
    ]);
  });
});

describe("the admin's view of an order's e-mails", () => {
  const EMAILS = `query E($id: Int!) { orderEmails(orderId: $id) {
    id kind title recipient status attempts lastError sentAt nextAttemptAt } }`;

  test('lists them with their state and sends one again', async () => {
    const { order } = await placeOrder();
    const before = await admin.gql<{
      orderEmails: { id: number; title: string; status: string }[];
    }>(EMAILS, { id: order.id });
    expect(before.data!.orderEmails.map((e) => [e.title, e.status])).toEqual([
      ['Pedido recibido', 'PENDING'],
      ['Nuevo pedido', 'PENDING'],
    ]);
    await worker().drain();
    const sent = await admin.gql<{
      orderEmails: { id: number; status: string; sentAt: string | null }[];
    }>(EMAILS, { id: order.id });
    expect(sent.data!.orderEmails.every((e) => e.status === 'SENT' && e.sentAt)).toBe(true);

    const first = sent.data!.orderEmails[0]!;
    const again = await admin.gql<{ resendOrderEmail: { status: string } }>(
      'mutation R($id: Int!) { resendOrderEmail(id: $id) { status } }',
      { id: first.id },
    );
    expect(again.data!.resendOrderEmail.status).toBe('PENDING');
    const count = smtp.received.length;
    expect(await worker().drain()).toBe(1);
    expect(smtp.received).toHaveLength(count + 1);
    // A new delivery: a new Message-ID, so mail clients do not drop it as a duplicate.
    const ids = smtp.received
      .filter((m) => m.subject.startsWith('Recibimos'))
      .map((m) => m.messageId);
    expect(new Set(ids).size).toBe(2);

    const rest = await admin.get(`/api/pedidos/${order.id}/correos`);
    expect(rest.status).toBe(200);
    expect(rest.body[0]).toMatchObject({
      titulo: 'Pedido recibido',
      estado: 'enviado',
      intentos: 1,
    });
    const missing = await admin.post('/api/correos/999999/reenviar');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Correo no encontrado', reason: 'NOT_FOUND' });
  });
});

describe('transports', () => {
  test('production without SMTP_URL has none: e-mail is off and messages wait', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      ADMIN_EMAIL: 'admin@tienda.mx',
      ADMIN_PASSWORD: 'Admin-Segura-123',
      SESSION_SECRET: 'x'.repeat(40),
    });
    expect(config.mail.mailboxDir).toBeNull();
    expect(transportFor(config.mail)).toBeNull();
  });

  test('development without SMTP_URL keeps every message in the mailbox at /dev/correo', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tienda-correo-'));
    const app = await testApp(shop.orm, {
      mail: { ...shop.app.config.mail, mailboxDir: dir, smtpUrl: undefined },
    });
    try {
      const { email, order } = await placeOrder();
      const dev = new MailWorker(shop.orm, {
        transport: mailboxTransport(dir),
        queue: app.mail,
        brand: brandOf(app.config),
        from: app.config.mail.from,
        log: () => undefined,
      });
      expect(await dev.drain()).toBe(2);
      const list = await app.get('/dev/correo/mensajes.json');
      expect(list.status).toBe(200);
      const mine = (list.body as { id: string; to: string; title: string; subject: string }[]).find(
        (m) => m.to === email,
      )!;
      expect(mine).toMatchObject({
        title: 'Pedido recibido',
        subject: `Recibimos tu pedido #${order.id}`,
      });
      const page = await app.get(`/dev/correo/${mine.id}`);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.text).toContain(CLABE);
      const text = await app.get(`/dev/correo/${mine.id}.txt`);
      expect(text.text).toContain('$720');
      const listPage = await app.get('/dev/correo');
      expect(listPage.text).toContain(`Recibimos tu pedido #${order.id}`);
      const preview = await app.get('/dev/correo/plantillas/password-reset');
      expect(preview.status).toBe(200);
      expect(preview.text).toContain('restablecer-contrasena?token=');
      expect((await app.get('/dev/correo/../../etc/passwd')).status).toBe(404);
    } finally {
      await app.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('the development mailbox is absent in production', async () => {
    const app = await testApp(shop.orm, { nodeEnv: 'production' });
    try {
      expect((await app.get('/dev/correo')).status).toBe(404);
      expect((await app.get('/dev/correo/mensajes.json')).status).toBe(404);
      const logo = await app.get('/correo/logo.png');
      expect(logo.status).toBe(200);
      expect(logo.headers['content-type']).toBe('image/png');
      // Mail clients show it from another origin.
      expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    } finally {
      await app.stop();
    }
  });
});
