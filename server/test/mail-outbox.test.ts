import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OutgoingMail } from '../src/modules/mail/outbox.js';
import { SAMPLE_ORDER } from '../src/modules/mail/samples.js';
import { MailWorker, RETRY_DELAYS_SECONDS } from '../src/modules/mail/worker.js';
import { brandOf, senderOf } from '../src/modules/mail/brand.js';
import { smtpTransport } from '../src/modules/mail/transport.js';
import { openTestOrm, testDatabaseUrl } from './support/db.js';
import { startTestSmtp } from './support/smtp.js';
import { shop, CLABE, CHECKOUT, smtp, setSmtp, worker, outbox } from './support/mail-outbox.js';
import { shopperWithCart, placeOrder } from './support/mail-outbox.js';

/**
 * The outbox and its worker (support/mail-outbox.ts): one message per event, each delivered once
 * by competing workers, retried while the SMTP server is down, failed when it refuses for good,
 * resent at most once when a worker dies mid-send.
 */

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

  test("the sender's name is the shop's name from Ajustes at the time of sending, unless MAIL_FROM names one", async () => {
    let shopName = 'Zapatería Ñandú, "La Buena"';
    const following = new MailWorker(shop.orm, {
      transport: smtpTransport(smtp.url),
      queue: shop.app.mail,
      brand: brandOf(shop.app.config),
      from: () => senderOf('ventas@tienda.mx', shopName),
      log: () => undefined,
    });
    const first = await placeOrder(1, 'M', 1);
    expect(await following.drain()).toBe(2);
    shopName = 'Calzado Ana';
    const second = await placeOrder(1, 'M', 1);
    expect(await following.drain()).toBe(2);
    const fromOf = (email: string) => smtp.received.find((m) => m.to === email)!.parsed.from!.value;
    // One mailbox, whatever the comma and the quotes in the name.
    expect(fromOf(first.email)).toEqual([
      { name: 'Zapatería Ñandú, "La Buena"', address: 'ventas@tienda.mx' },
    ]);
    expect(fromOf(second.email)).toEqual([{ name: 'Calzado Ana', address: 'ventas@tienda.mx' }]);
    // MAIL_FROM with its own name keeps it.
    expect(senderOf('Ventas <ventas@tienda.mx>', 'Calzado Ana')).toBe('Ventas <ventas@tienda.mx>');
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
    setSmtp(await startTestSmtp({ port }));
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
    setSmtp(
      await startTestSmtp({
        beforeAnswer: () => {
          const error = new Error('Buzón inexistente') as Error & { responseCode: number };
          error.responseCode = 550;
          throw error;
        },
      }),
    );
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
    setSmtp(
      await startTestSmtp({
        beforeAnswer: async () => {
          dataSeen += 1;
          const child = running.child;
          if (dataSeen === 1 && child) {
            child.kill('SIGKILL');
            await new Promise<void>((resolve) => child.once('exit', () => resolve()));
            throw new Error('la conexión se perdió');
          }
        },
      }),
    );
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
