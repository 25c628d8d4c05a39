import { GLOBAL_INVOICE_MESSAGES, INVOICING_OFF_MESSAGES } from '@tienda/rules';
import { GlobalInvoiceWorker } from '../src/modules/invoicing/global-invoice-worker.js';
import {
  GLOBAL_INVOICE_SERVICE_MESSAGES,
  GlobalInvoiceService,
} from '../src/modules/invoicing/global-invoice.service.js';
import { INVOICE_MESSAGES } from '../src/modules/invoicing/invoice.service.js';
import { createPac } from '../src/modules/invoicing/pac.js';
import { shopWith, testApp, type HttpClient } from './support/app.js';
import { startFacturapiStub, type FacturapiStub } from './support/facturapi-stub.js';
import { createUsers } from './support/fixtures.js';
import { ADD, ADDRESS, CHECKOUT, UPDATE } from './support/order-documents.js';

/**
 * Issue 25 item 5: the global invoice against the local Facturapi (support/facturapi-stub.ts,
 * which checks the body of a CFDI to the public in general: XAXX010101000, 616, S01, the issuer's
 * zip, `global` {periodicity, months, year}, one concept per sale 01010101/ACT with its sku):
 * exactly the paid orders of the range nobody invoiced, once across two services at once, its
 * total the sum of its orders to the centavo; an order in it refused individually, with why.
 */
let stub: FacturapiStub;
const facturapi: { key?: string; url?: string } = {};
beforeAll(async () => {
  stub = await startFacturapiStub();
  stub.issuerZip = '44100';
  facturapi.key = stub.key;
  facturapi.url = stub.url;
});
afterAll(async () => {
  await stub.close();
});

const shop = shopWith(
  [
    { name: 'Playera Nike 1 Negro', price: 250, type: 'Playera', stock: { M: 500 } },
    { name: 'Tenis Puma 2 Blanco', price: 1299.99, type: 'Tenis', stock: { '27': 500 } },
  ],
  { rateLimits: false, facturapi },
);

const db = () => shop.orm.em.fork();

const FISCAL = {
  rfc: 'EKU9003173C9',
  razonSocial: 'Escuela Kemper Urgate',
  regimenFiscal: '601',
  usoCfdi: 'G03',
  codigoPostal: '42501',
};

let n = 0;
let admin: HttpClient;
let buyer: { client: HttpClient; id: number };
let other: { client: HttpClient; id: number };
beforeAll(async () => {
  await createUsers(db(), [
    { email: 'global.admin@example.com', password: 'Admin1234', role: 'admin' },
  ]);
  admin = shop.app.client();
  await admin.post('/api/auth/login', { email: 'global.admin@example.com', password: 'Admin1234' });
  buyer = await customer();
  other = await customer();
});

async function customer() {
  n += 1;
  const email = `global${n}@example.com`;
  const [id] = await createUsers(db(), [{ email, password: 'Compra1234', name: `Cliente ${n}` }]);
  const client = shop.app.client();
  await client.post('/api/auth/login', { email, password: 'Compra1234' });
  expect((await client.put(`/api/usuarios/${id}/datos-fiscales`, FISCAL)).status).toBe(200);
  return { client, id: id! };
}

/**
 * An order of `client` (`units` playeras and a pair of tenis), paid by the admin, its payment
 * moved to `paidAt` (a Mexico City wall-clock time) when given; unpaid with `paidAt: null`.
 */
async function order(client: HttpClient, paidAt: string | null, units = 1): Promise<number> {
  n += 1;
  await client.gql(ADD, { p: 1, s: 'M', q: units });
  await client.gql(ADD, { p: 2, s: '27', q: 1 });
  const address = await client.gql<{ addAddress: { id: number } }>(ADDRESS);
  const placed = await client.gql<{ checkout: { id: number } }>(CHECKOUT, {
    a: address.data!.addAddress.id,
    k: `global-${n}-${Date.now()}`,
  });
  expect(placed.errors).toBeUndefined();
  const id = placed.data!.checkout.id;
  if (paidAt !== null) {
    const res = await admin.gql(UPDATE, { id, input: { status: 'PAID' } });
    expect(res.errors).toBeUndefined();
    await db().execute(
      `update shop_order set paid_at = (?::timestamp at time zone 'America/Mexico_City') where id = ?`,
      [paidAt, id],
    );
  }
  return id;
}

const totalOf = async (ids: number[]) => {
  const rows = await db().execute<{ total_cents: number }[]>(
    `select total_cents from shop_order where id in (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  return rows.reduce((sum, r) => sum + r.total_cents, 0);
};

describe('POST /api/facturas/global (the admin, a closed range)', () => {
  test('includes exactly the paid orders of the range nobody invoiced; one CFDI to the public in general; total to the centavo', async () => {
    // October 2026 (Mexico City): the first and last minutes are inside, the next day's not.
    const first = await order(buyer.client, '2026-10-01 00:00:30', 3);
    const last = await order(other.client, '2026-10-31 23:59:00', 1);
    const middle = await order(buyer.client, '2026-10-15 12:00:00', 7);
    const after = await order(buyer.client, '2026-11-01 00:00:10');
    const before = await order(buyer.client, '2026-09-30 23:59:59');
    const unpaid = await order(buyer.client, null);
    const invoiced = await order(buyer.client, '2026-10-10 10:00:00');
    expect((await buyer.client.post(`/api/pedidos/${invoiced}/factura`)).status).toBe(200);
    const cancelled = await order(buyer.client, '2026-10-11 10:00:00');
    await db().execute(`update shop_order set status = 'Cancelado con reembolso' where id = ?`, [
      cancelled,
    ]);

    const res = await admin.post('/api/facturas/global', {
      desde: '2026-10-01',
      hasta: '2026-10-31',
    });
    expect(res.status).toBe(200);
    const included = [first, middle, last].sort((a, b) => a - b);
    expect(res.body.pedidos).toEqual(included);
    for (const out of [after, before, unpaid, invoiced, cancelled]) {
      expect(res.body.pedidos).not.toContain(out);
    }
    const totalCents = await totalOf(included);
    expect(Math.round(res.body.total * 100)).toBe(totalCents);
    expect(res.body).toMatchObject({
      estado: 'vigente',
      desde: '2026-10-01',
      hasta: '2026-10-31',
      periodicidad: 'month',
      pdf: `/api/facturas/global/${res.body.id}/pdf`,
    });

    const stamped = stub.invoices.find((i) => i.uuid === res.body.uuid)!;
    expect(stamped).toBeDefined();
    // The PAC's own total (sum of its concepts) is the orders' to the centavo.
    expect(Math.round(stamped.total * 100)).toBe(totalCents);
    const body = stamped.body as {
      customer: unknown;
      global: unknown;
      use: string;
      items: { quantity: number; product: { sku: string; price: number } }[];
    };
    expect(body.customer).toEqual({
      legal_name: 'PUBLICO EN GENERAL',
      tax_id: 'XAXX010101000',
      tax_system: '616',
      address: { zip: '44100' },
    });
    expect(body.global).toEqual({ periodicity: 'month', months: '10', year: 2026 });
    expect(body.use).toBe('S01');
    expect(body.items.map((i) => i.product.sku)).toEqual(included.map((id) => `pedido-${id}`));
    expect(body.items.every((i) => i.quantity === 1)).toBe(true);

    // Asked again: the same invoice, no new stamp.
    const calls = stub.createCalls;
    const again = await admin.post('/api/facturas/global', {
      desde: '2026-10-01',
      hasta: '2026-10-31',
    });
    expect(again.status).toBe(200);
    expect(again.body.uuid).toBe(res.body.uuid);
    expect(stub.createCalls).toBe(calls);

    // Listed and downloadable by the admin; the customer is refused.
    const list = await admin.get('/api/facturas/global');
    expect(list.body.map((g: { id: number }) => g.id)).toContain(res.body.id);
    const pdf = await admin.get(`/api/facturas/global/${res.body.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    expect((await buyer.client.get(`/api/facturas/global/${res.body.id}/pdf`)).status).toBe(403);
    expect(
      (
        await buyer.client.post('/api/facturas/global', {
          desde: '2026-10-01',
          hasta: '2026-10-31',
        })
      ).status,
    ).toBe(403);

    // A later range overlapping nothing new: nothing left to invoice.
    const none = await admin.post('/api/facturas/global', {
      desde: '2026-10-05',
      hasta: '2026-10-20',
    });
    expect(none.status).toBe(409);
    expect(none.body.error).toBe(GLOBAL_INVOICE_SERVICE_MESSAGES.noOrders);

    // 'Facturar mi compra' on an order in it: refused, saying why (item 5 of the issue).
    const refused = await buyer.client.post(`/api/pedidos/${middle}/factura`);
    expect(refused.status).toBe(409);
    expect(refused.body.reason).toBe('IN_GLOBAL_INVOICE');
    expect(refused.body.error).toBe(INVOICE_MESSAGES.inGlobalInvoice('01/10/2026', '31/10/2026'));
  });

  test('a range not closed, inverted, beyond a month or malformed: 400 in Spanish', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Mexico_City' });
    const cases: [unknown, string][] = [
      [{ desde: today, hasta: today }, GLOBAL_INVOICE_MESSAGES.notClosed],
      [{ desde: '2026-10-20', hasta: '2026-10-01' }, GLOBAL_INVOICE_MESSAGES.inverted],
      [{ desde: '2026-09-01', hasta: '2026-10-31' }, GLOBAL_INVOICE_MESSAGES.tooLong],
      [{ desde: '2026-02-30', hasta: '2026-03-01' }, GLOBAL_INVOICE_MESSAGES.invalidDay('desde')],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post('/api/facturas/global', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect((await admin.post('/api/facturas/global', { desde: '2026-10-01' })).status).toBe(400);
  });
});

describe("the PAC's refusal", () => {
  test('pacRefused: in Spanish, the claim goes and its orders are free again', async () => {
    // The stub refuses a CFDI global of a year before CFDI 4.0 (2022), as the SAT would.
    const id = await order(buyer.client, '2021-05-05 12:00:00');
    const res = await admin.post('/api/facturas/global', {
      desde: '2021-05-05',
      hasta: '2021-05-05',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: GLOBAL_INVOICE_SERVICE_MESSAGES.pacRefused('El campo global.year no es un año válido'),
      reason: 'PAC_REFUSED',
    });
    const rows = await db().execute('select 1 from invoice_order where order_id = ?', [id]);
    expect(rows).toEqual([]);
    // Free: the customer may still invoice it individually.
    expect((await buyer.client.post(`/api/pedidos/${id}/factura`)).status).toBe(200);
  });
});

describe('GraphQL (the admin screen)', () => {
  test('issueGlobalInvoice and globalInvoices for the admin; a customer is refused', async () => {
    const id = await order(other.client, '2026-02-14 11:00:00');
    const ISSUE = `mutation G($from: String!, $to: String!) { issueGlobalInvoice(from: $from, to: $to) {
      id status uuid from to periodicity totalCents orderIds pdfUrl } }`;
    const issued = await admin.gql<{
      issueGlobalInvoice: { id: number; orderIds: number[]; totalCents: number; pdfUrl: string };
    }>(ISSUE, { from: '2026-02-01', to: '2026-02-28' });
    expect(issued.errors).toBeUndefined();
    const g = issued.data!.issueGlobalInvoice;
    expect(g).toMatchObject({
      status: 'VALID',
      orderIds: [id],
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(g.totalCents).toBe(await totalOf([id]));
    expect(g.pdfUrl).toBe(`/api/facturas/global/${g.id}/pdf`);
    const list = await admin.gql<{ globalInvoices: { id: number }[] }>('{ globalInvoices { id } }');
    expect(list.data!.globalInvoices.map((x) => x.id)).toContain(g.id);

    const refused = await buyer.client.gql(ISSUE, { from: '2026-02-01', to: '2026-02-28' });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const inverted = await admin.gql(ISSUE, { from: '2026-02-10', to: '2026-02-01' });
    expect(inverted.errors?.[0]?.message).toBe(GLOBAL_INVOICE_MESSAGES.inverted);
  });
});

describe('exactly once across instances', () => {
  test('two services at once on one range: one stamp, every order once', async () => {
    const orders = [
      await order(buyer.client, '2026-08-03 09:00:00', 2),
      await order(other.client, '2026-08-04 18:30:00', 5),
      await order(buyer.client, '2026-08-09 23:00:00', 1),
    ];
    const pac = createPac(facturapi)!;
    const service = () =>
      new GlobalInvoiceService(shop.orm.em.fork(), { pac, periodicity: () => 'week' });
    const calls = stub.createCalls;
    const range = { from: '2026-08-03', to: '2026-08-09' };
    const [a, b] = await Promise.all([service().issue(range), service().issue(range)]);
    expect(a.uuid).toBe(b.uuid);
    expect(a.orderIds).toEqual(orders);
    // The second may find the claim still stamping and send the PAC the same key: one stamp.
    expect(stub.createCalls - calls).toBeGreaterThanOrEqual(1);
    expect(
      stub.invoices.filter((i) => i.body.external_id === 'global-2026-08-03-2026-08-09'),
    ).toHaveLength(1);
    expect(a.totalCents).toBe(await totalOf(orders));
    expect(
      (stub.invoices.find((i) => i.uuid === a.uuid)!.body as { global: unknown }).global,
    ).toEqual({ periodicity: 'week', months: '08', year: 2026 });
    // Overlapping ranges at once never list an order twice.
    const more = await order(buyer.client, '2026-08-12 12:00:00');
    const [c, d] = await Promise.allSettled([
      service().issue({ from: '2026-08-10', to: '2026-08-16' }),
      service().issue({ from: '2026-08-01', to: '2026-08-31' }),
    ]);
    const listed = [c, d].flatMap((r) => (r.status === 'fulfilled' ? r.value.orderIds : []));
    expect(listed).toEqual([more]);
    const [row] = await db().execute<{ count: string }[]>(
      'select count(*) from invoice_order where order_id = ?',
      [more],
    );
    expect(Number(row!.count)).toBe(1);
  });

  test('an individual invoice and the global one at once: the order is in exactly one', async () => {
    const id = await order(buyer.client, '2026-07-15 12:00:00');
    const pac = createPac(facturapi)!;
    const global = new GlobalInvoiceService(shop.orm.em.fork(), {
      pac,
      periodicity: () => 'month',
    });
    const [individual, globalResult] = await Promise.allSettled([
      buyer.client.post(`/api/pedidos/${id}/factura`),
      global.issue({ from: '2026-07-01', to: '2026-07-31' }),
    ]);
    const rows = await db().execute<{ kind: string }[]>(
      `select 'ingreso' as kind from invoice where order_id = ? and kind = 'ingreso' and status <> 'cancelled'
       union all select 'global' from invoice_order where order_id = ?`,
      [id, id],
    );
    expect(rows).toHaveLength(1);
    if (rows[0]!.kind === 'global') {
      expect(individual.status === 'fulfilled' && individual.value.status).toBe(409);
    } else {
      expect(globalResult.status).toBe('rejected');
    }
  });
});

describe('the worker', () => {
  const pac = () => createPac(facturapi)!;
  const worker = (periodicity: 'day' | 'month', now: string) =>
    new GlobalInvoiceWorker(shop.orm, {
      pac: pac(),
      periodicity: () => periodicity,
      log: () => undefined,
      now: () => new Date(now),
    });
  const globalOf = (from: string) =>
    db().execute<{ periodicity: string; period_to: string; order_ids: number[] }[]>(
      `select i.periodicity, to_char(i.period_to, 'YYYY-MM-DD') as period_to,
              array_agg(io.order_id) as order_ids from invoice i
         join invoice_order io on io.invoice_id = i.id
        where i.kind = 'global' and i.period_from = ?::date group by i.id`,
      [from],
    );

  test('within 24 h after the month closes it issues its global invoice once; after that it leaves it to the admin', async () => {
    const id = await order(other.client, '2026-06-10 15:00:00');
    // 2026-07-02 09:00 in Mexico City: June closed 33 h ago, past the window.
    expect(await worker('month', '2026-07-02T15:00:00Z').drain()).toBe(0);
    expect(await globalOf('2026-06-01')).toEqual([]);
    // 2026-07-01 09:00 in Mexico City: June closed 9 h ago.
    expect(await worker('month', '2026-07-01T15:00:00Z').drain()).toBe(1);
    expect(await worker('month', '2026-07-01T16:00:00Z').drain()).toBe(0);
    expect(await globalOf('2026-06-01')).toEqual([
      { periodicity: 'month', period_to: '2026-06-30', order_ids: [id] },
    ]);
  });

  test('daily: the day before, the morning after; a day without sales issues nothing', async () => {
    const id = await order(buyer.client, '2026-05-20 22:00:00');
    expect(await worker('day', '2026-05-20T12:00:00Z').drain()).toBe(0);
    expect(await worker('day', '2026-05-21T06:30:00Z').drain()).toBe(1);
    expect(await globalOf('2026-05-20')).toEqual([
      { periodicity: 'day', period_to: '2026-05-20', order_ids: [id] },
    ]);
  });

  test('the PAC down: the claim waits, and the next poll stamps it with the same key', async () => {
    const id = await order(buyer.client, '2026-04-07 10:00:00');
    stub.down = true;
    await expect(worker('day', '2026-04-08T12:00:00Z').drain()).rejects.toMatchObject({
      reason: 'PAC_UNAVAILABLE',
    });
    stub.down = false;
    expect(await worker('day', '2026-04-08T13:00:00Z').drain()).toBe(1);
    const [row] = await globalOf('2026-04-07');
    expect(row!.order_ids).toEqual([id]);
  });
});

describe("the shop's periodicity (Ajustes)", () => {
  test("PUT /api/ajustes takes 'day', 'week' or 'month' (invalidPeriodicity otherwise); absent keeps it; the global invoice follows it", async () => {
    const current = (await admin.get('/api/ajustes')).body as Record<string, unknown>;
    expect(current.periodicidadFacturaGlobal).toBe('month');
    const bad = await admin.put('/api/ajustes', {
      ...current,
      periodicidadFacturaGlobal: 'quincenal',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(GLOBAL_INVOICE_MESSAGES.invalidPeriodicity);
    const saved = await admin.put('/api/ajustes', { ...current, periodicidadFacturaGlobal: 'day' });
    expect(saved.status).toBe(200);
    expect(saved.body.periodicidadFacturaGlobal).toBe('day');
    // An older client that does not send it keeps the shop's.
    const without = { ...(saved.body as Record<string, unknown>) };
    delete without.periodicidadFacturaGlobal;
    const kept = await admin.put('/api/ajustes', without);
    expect(kept.status).toBe(200);
    expect(kept.body.periodicidadFacturaGlobal).toBe('day');
    // GraphQL too.
    const gql = await admin.gql<{ adminShopSettings: { globalInvoicePeriodicity: string } }>(
      '{ adminShopSettings { globalInvoicePeriodicity } }',
    );
    expect(gql.data!.adminShopSettings.globalInvoicePeriodicity).toBe('day');

    const id = await order(buyer.client, '2026-03-03 10:00:00');
    const res = await admin.post('/api/facturas/global', {
      desde: '2026-03-03',
      hasta: '2026-03-03',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ periodicidad: 'day', pedidos: [id] });
    const body = stub.invoices.find((i) => i.uuid === res.body.uuid)!.body as { global: unknown };
    expect(body.global).toEqual({ periodicity: 'day', months: '03', year: 2026 });
  });
});

describe('invoicing off (no FACTURAPI_KEY)', () => {
  test("both doors answer 409 INVOICING_OFF in the admin's words, before looking at the range; the screen's flag says so", async () => {
    const off = await testApp(shop.orm, { rateLimits: false });
    try {
      const offAdmin = off.client();
      await offAdmin.post('/api/auth/login', {
        email: 'global.admin@example.com',
        password: 'Admin1234',
      });
      const before = stub.createCalls;
      const id = await order(buyer.client, '2026-04-02 10:00:00');
      for (const range of [
        { desde: '2026-04-01', hasta: '2026-04-30' },
        // Not closed yet: still 'off' first, the detail would not help.
        { desde: '2999-01-01', hasta: '2999-01-02' },
      ]) {
        const rest = await offAdmin.post('/api/facturas/global', range);
        expect([rest.status, rest.body]).toEqual([
          409,
          { error: INVOICING_OFF_MESSAGES.admin, reason: 'INVOICING_OFF' },
        ]);
        const gql = await offAdmin.gql(
          'mutation G($f: String!, $t: String!) { issueGlobalInvoice(from: $f, to: $t) { id } }',
          { f: range.desde, t: range.hasta },
        );
        expect(gql.errors?.[0]?.message).toBe(INVOICING_OFF_MESSAGES.admin);
        expect(gql.errors?.[0]?.extensions).toMatchObject({
          code: 'CONFLICT',
          reason: 'INVOICING_OFF',
        });
      }
      expect(stub.createCalls).toBe(before);
      const [listed] = await db().execute<{ count: string }[]>(
        'select count(*) from invoice_order where order_id = ?',
        [id],
      );
      expect(Number(listed!.count)).toBe(0);

      const flag = '{ invoicingAvailable }';
      expect((await offAdmin.gql(flag)).data).toEqual({ invoicingAvailable: false });
      expect((await admin.gql(flag)).data).toEqual({ invoicingAvailable: true });
      // The customer's 'Facturar mi compra' keeps the customer's words (invoices.test.ts).
      expect(INVOICE_MESSAGES.off).toBe(INVOICING_OFF_MESSAGES.customer);
    } finally {
      await off.stop();
    }
  });
});
