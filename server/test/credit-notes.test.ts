import { OrderEventWorker } from '../src/modules/orders/order-events.js';
import { CreditNoteIssuer, CREDIT_NOTE_MESSAGES } from '../src/modules/invoicing/credit-notes.js';
import { createPac } from '../src/modules/invoicing/pac.js';
import { withTransaction } from '../src/modules/shared/transaction.js';
import { shopWith, type HttpClient } from './support/app.js';
import { startFacturapiStub, type FacturapiStub } from './support/facturapi-stub.js';
import { createUsers } from './support/fixtures.js';

/**
 * Issue 25 items 4 and 6: a refunded return of an invoiced order gets its CFDI egreso (credit
 * note) at the local Facturapi (which checks its shape: type 'E', related_documents with
 * relationship '01' and the original's UUID, items, payment form), for exactly the refunded
 * lines at their prorated amounts; once per refund however retried; none for an order nobody
 * invoiced; a whole refund cancels the CFDI with motive 02 instead.
 */
let stub: FacturapiStub;
const facturapi: { key?: string; url?: string } = {};
beforeAll(async () => {
  stub = await startFacturapiStub();
  facturapi.key = stub.key;
  facturapi.url = stub.url;
});
afterAll(async () => {
  await stub.close();
});

const shop = shopWith(
  [
    { name: 'Tenis Nike 1 Negro', price: 250, type: 'Tenis', stock: { '26': 10 } },
    { name: 'Playera Adidas 2 Blanco', price: 400, type: 'Playera', stock: { M: 10 } },
  ],
  { rateLimits: false, facturapi },
);

const sql = <T>(query: string, params: unknown[] = []) =>
  shop.orm.em.fork().execute<T[]>(query, params);

/** The SAT's test taxpayer (persona moral, régimen 601: G02 is a use it may take). */
const FISCAL = {
  rfc: 'EKU9003173C9',
  razonSocial: 'Escuela Kemper Urgate',
  regimenFiscal: '601',
  usoCfdi: 'G03',
  codigoPostal: '42501',
};
const CLABE = '002010077777777771';

let admin: HttpClient;
let n = 0;
beforeAll(async () => {
  await createUsers(shop.orm.em.fork(), [
    { email: 'notas.admin@example.com', password: 'Admin1234', role: 'admin' },
  ]);
  admin = shop.app.client();
  await admin.post('/api/auth/login', { email: 'notas.admin@example.com', password: 'Admin1234' });
});

async function customer() {
  n += 1;
  const email = `nota${n}@example.com`;
  const [userId] = await createUsers(shop.orm.em.fork(), [
    { email, password: 'Devuelve123', name: `Cliente ${n}` },
  ]);
  const client = shop.app.client();
  await client.post('/api/auth/login', { email, password: 'Devuelve123' });
  expect((await client.put(`/api/usuarios/${userId}/datos-fiscales`, FISCAL)).status).toBe(200);
  return { userId: userId!, client, email };
}

/**
 * A paid (by transfer) and delivered order of 2 Tenis 26 ($250) and 1 Playera M ($400) with a
 * 10 % coupon (9,000 centavos: 5,000 on the tenis, 4,000 on the playera) and $220 shipping:
 * total $1,030.
 */
async function deliveredOrder(userId: number, status = 'Entregado') {
  const [order] = await sql<{ id: number }>(
    `insert into shop_order (user_id, subtotal_cents, shipping_cents, discount_cents, total_cents,
        status, tracking, coupon_code, paid_at)
     values (?, 90000, 22000, 9000, 103000, 'Enviado', 'GUIA-1', 'DIEZ', now()) returning id`,
    [userId],
  );
  const lines = await sql<{ id: number }>(
    `insert into order_line (order_id, product_id, product_name, size, quantity, unit_price_cents,
        on_promotion) values (?, 1, 'Tenis Nike 1 Negro', '26', 2, 25000, false),
        (?, 2, 'Playera Adidas 2 Blanco', 'M', 1, 40000, false) returning id`,
    [order!.id, order!.id],
  );
  await sql(
    `insert into order_adjustment (order_id, code, label, amount_cents, line_shares)
     values (?, 'COUPON', 'Cupón DIEZ', 9000, ?::jsonb)`,
    [
      order!.id,
      JSON.stringify([
        { orderLineId: lines[0]!.id, amountCents: 5000 },
        { orderLineId: lines[1]!.id, amountCents: 4000 },
      ]),
    ],
  );
  await sql(
    `insert into payment (order_id, method, amount_cents, state, approved_at)
     values (?, 'transfer', 103000, 'approved', now())`,
    [order!.id],
  );
  await sql(`update shop_order set status = ? where id = ?`, [status, order!.id]);
  return order!.id;
}

const worker = () => new OrderEventWorker(shop.orm, shop.app.events, () => undefined);
async function drain() {
  const w = worker();
  while ((await w.deliverOne()) !== null) {
    /* every due delivery */
  }
}

/** The customer returns `lineas`; the admin receives and refunds it by transfer. */
async function refundedReturn(
  client: HttpClient,
  orderId: number,
  lineas: { idProducto: number; talla: string; cantidad: number }[],
  shopFault = false,
) {
  const req = await client.post(`/api/pedidos/${orderId}/devoluciones`, {
    lineas: lineas.map((l) => ({ ...l, motivo: 'No me quedó' })),
  });
  expect(req.status).toBe(201);
  expect((await admin.put(`/api/devoluciones/${req.body.id}`, { estado: 'recibida' })).status).toBe(
    200,
  );
  const refunded = await admin.put(`/api/devoluciones/${req.body.id}`, {
    estado: 'reembolsada',
    clabe: CLABE,
    ...(shopFault ? { fallaTienda: true } : {}),
  });
  expect(refunded.status).toBe(200);
  return refunded.body as { id: number; reembolso: number };
}

const invoices = (orderId: number) =>
  sql<{
    id: number;
    kind: string;
    status: string;
    uuid: string | null;
    total_cents: number | null;
    tax_cents: number | null;
    related_invoice_id: number | null;
    return_id: number | null;
    cancel_motive: string | null;
    skip_reason: string | null;
  }>(
    `select id, kind, status, uuid, total_cents, tax_cents, related_invoice_id, return_id,
            cancel_motive, skip_reason
       from invoice where order_id = ? order by id`,
    [orderId],
  );
const atStub = (returnId: number) =>
  stub.invoices.filter((i) => i.body.external_id === `devolucion-${returnId}`);

describe('the credit note of a refunded return', () => {
  test('a partial return of a coupon-discounted line: refund == credit note == the prorated line, to the centavo', async () => {
    const { userId, client, email } = await customer();
    const orderId = await deliveredOrder(userId);
    const invoiced = await client.post(`/api/pedidos/${orderId}/factura`);
    expect(invoiced.status).toBe(200);
    const refund = await refundedReturn(client, orderId, [
      { idProducto: 1, talla: '26', cantidad: 1 },
    ]);
    // (2 × $250 − $50 of the coupon) / 2 units = $225.
    expect(refund.reembolso).toBe(225);
    await drain();

    const [ingreso, egreso] = await invoices(orderId);
    expect(ingreso).toMatchObject({ kind: 'ingreso', status: 'valid' });
    expect(egreso).toMatchObject({
      kind: 'egreso',
      status: 'valid',
      total_cents: 22500,
      // 22,500 − round(22,500 / 1.16) = 22,500 − 19,397.
      tax_cents: 3103,
      related_invoice_id: ingreso!.id,
      return_id: refund.id,
    });
    const sent = atStub(refund.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.total).toBe(225);
    expect(sent[0]!.body).toMatchObject({
      type: 'E',
      related_documents: [{ relationship: '01', documents: [ingreso!.uuid] }],
      customer: { tax_id: 'EKU9003173C9', legal_name: 'ESCUELA KEMPER URGATE', tax_system: '601' },
      use: 'G02',
      payment_form: '03',
      payment_method: 'PUE',
      idempotency_key: `devolucion-${refund.id}-nota-credito`,
      items: [
        {
          quantity: 1,
          discount: 25,
          product: {
            description: 'Devolución: Tenis Nike 1 Negro, talla 26',
            price: 250,
            tax_included: true,
            taxes: [{ type: 'IVA', rate: 0.16 }],
          },
        },
      ],
    });
    expect(egreso!.uuid).toBe(sent[0]!.uuid);

    // E-mailed once to the customer with its PDF and XML.
    const mails = await sql<{ id: number; recipient: string }>(
      `select id, recipient from mail_outbox where order_id = ? and kind = 'credit-note-issued'`,
      [orderId],
    );
    expect(mails).toEqual([{ id: expect.anything(), recipient: email }]);
    const files = await sql<{ filename: string }>(
      `select filename from mail_attachment where outbox_id = ? order by id`,
      [mails[0]!.id],
    );
    expect(files.map((f) => f.filename)).toEqual([
      `nota-credito-devolucion-${refund.id}.pdf`,
      `nota-credito-devolucion-${refund.id}.xml`,
    ]);
  });

  test('retried, or run by two instances at once, it is one egreso at the PAC', async () => {
    const { userId, client } = await customer();
    const orderId = await deliveredOrder(userId);
    await client.post(`/api/pedidos/${orderId}/factura`);
    const refund = await refundedReturn(client, orderId, [
      { idProducto: 2, talla: 'M', cantidad: 1 },
    ]);
    const [event] = await sql<{ id: string; payload: Record<string, unknown>; created_at: Date }>(
      `select id, payload, created_at from order_event
        where order_id = ? and type = 'order.return_refunded'`,
      [orderId],
    );
    const orderEvent = {
      id: String(event!.id),
      orderId,
      type: 'order.return_refunded' as const,
      payload: event!.payload,
      actorId: null,
      createdAt: new Date(event!.created_at),
    };
    const issuer = () => new CreditNoteIssuer(createPac(facturapi)!, shop.app.mail);
    // A first run stamps at the PAC, then its transaction is lost (a crash before commit).
    await expect(
      withTransaction(shop.orm.em.fork(), async (tx) => {
        await issuer().handle(tx, orderEvent);
        throw new Error('se cayó la instancia');
      }),
    ).rejects.toThrow('se cayó la instancia');
    expect(atStub(refund.id)).toHaveLength(1);
    expect((await invoices(orderId)).filter((i) => i.kind === 'egreso')).toEqual([]);
    // Two instances at once, then the event worker (and a retry of its delivery).
    await Promise.all(
      [1, 2].map(() =>
        withTransaction(shop.orm.em.fork(), (tx) => issuer().handle(tx, orderEvent)),
      ),
    );
    await drain();
    await sql(
      `update event_delivery set status = 'pending', next_attempt_at = now()
        where subscriber = 'invoicing.credit-note' and event_id = ?`,
      [event!.id],
    );
    await drain();
    expect(atStub(refund.id)).toHaveLength(1);
    const egresos = (await invoices(orderId)).filter((i) => i.kind === 'egreso');
    // $400 − $40 of the coupon.
    expect(egresos).toMatchObject([{ status: 'valid', total_cents: 36000 }]);
    expect(egresos[0]!.uuid).toBe(atStub(refund.id)[0]!.uuid);
    const [mails] = await sql<{ count: string }>(
      `select count(*) from mail_outbox where order_id = ? and kind = 'credit-note-issued'`,
      [orderId],
    );
    expect(Number(mails!.count)).toBe(1);
  });

  test('a return of an order nobody invoiced: no credit note', async () => {
    const { userId, client } = await customer();
    const orderId = await deliveredOrder(userId);
    const before = stub.createCalls;
    const refund = await refundedReturn(client, orderId, [
      { idProducto: 1, talla: '26', cantidad: 2 },
    ]);
    await drain();
    expect(await invoices(orderId)).toEqual([]);
    expect(atStub(refund.id)).toEqual([]);
    expect(stub.createCalls).toBe(before);
  });

  test('an order in a global invoice: no credit note, and the admin is told why', async () => {
    const { userId, client } = await customer();
    const orderId = await deliveredOrder(userId);
    const [global] = await sql<{ id: number }>(
      `insert into invoice (kind, status, idempotency_key, pac_id, uuid, receiver, pdf, xml,
          total_cents, period_from, period_to, periodicity, stamped_at)
       values ('global', 'valid', ?, ?, ?, ?::jsonb, '\\x25', '\\x3c', 103000,
               '2026-10-01', '2026-10-31', 'month', now()) returning id`,
      [
        `global-prueba-${orderId}`,
        `inv_global_${orderId}`,
        `00000000-0000-4000-8000-${String(orderId).padStart(12, '0')}`,
        JSON.stringify({ rfc: 'XAXX010101000', legalName: 'PUBLICO EN GENERAL' }),
      ],
    );
    await sql(`insert into invoice_order (invoice_id, order_id, total_cents) values (?, ?, ?)`, [
      global!.id,
      orderId,
      103000,
    ]);
    const refund = await refundedReturn(client, orderId, [
      { idProducto: 1, talla: '26', cantidad: 1 },
    ]);
    await drain();
    expect(atStub(refund.id)).toEqual([]);
    expect(await invoices(orderId)).toMatchObject([
      {
        kind: 'egreso',
        status: 'skipped',
        related_invoice_id: global!.id,
        return_id: refund.id,
        skip_reason: CREDIT_NOTE_MESSAGES.inGlobalInvoice('01/10/2026', '31/10/2026'),
      },
    ]);
  });
});

describe('a whole refund cancels the CFDI with motive 02 (item 4)', () => {
  test('a return of the whole order, shipping included (shop fault): the ingreso is cancelled, no egreso', async () => {
    const { userId, client } = await customer();
    const orderId = await deliveredOrder(userId);
    await client.post(`/api/pedidos/${orderId}/factura`);
    const refund = await refundedReturn(
      client,
      orderId,
      [
        { idProducto: 1, talla: '26', cantidad: 2 },
        { idProducto: 2, talla: 'M', cantidad: 1 },
      ],
      true,
    );
    expect(refund.reembolso).toBe(1030);
    await drain();
    expect(await invoices(orderId)).toMatchObject([
      { kind: 'ingreso', status: 'cancelled', cancel_motive: '02' },
    ]);
    const original = stub.invoices.find((i) => i.body.external_id === `pedido-${orderId}`);
    expect([original!.status, original!.motive]).toEqual(['canceled', '02']);
    expect(atStub(refund.id)).toEqual([]);
  });

  test("'Cancelado con reembolso' of an invoiced paid order cancels its CFDI with motive 02", async () => {
    const { userId, client } = await customer();
    const orderId = await deliveredOrder(userId, 'Pagado');
    expect((await client.post(`/api/pedidos/${orderId}/factura`)).status).toBe(200);
    const res = await admin.put(`/api/pedidos/${orderId}`, { status: 'Cancelado con reembolso' });
    expect(res.status).toBe(200);
    await drain();
    const events = await sql<{ type: string }>(
      `select type from order_event where order_id = ? and type in ('order.cancelled', 'order.refunded') order by id`,
      [orderId],
    );
    expect(events.map((e) => e.type)).toEqual(['order.cancelled', 'order.refunded']);
    expect(await invoices(orderId)).toMatchObject([
      { kind: 'ingreso', status: 'cancelled', cancel_motive: '02' },
    ]);
  });
});

describe('what the customer and the admin see', () => {
  const CFDIS = `query O($id: Int!) { order(id: $id) { cfdis {
    id kind status uuid totalCents returnId relatedUuid substitutedByUuid skipReason cancelMotive pdfUrl xmlUrl } } }`;

  test("the order's CFDIs (invoice and credit note) with their files: the owner and the admin only", async () => {
    const owner = await customer();
    const other = await customer();
    const orderId = await deliveredOrder(owner.userId);
    await owner.client.post(`/api/pedidos/${orderId}/factura`);
    const refund = await refundedReturn(owner.client, orderId, [
      { idProducto: 1, talla: '26', cantidad: 1 },
    ]);
    await drain();
    type Cfdi = { id: number; kind: string; pdfUrl: string; xmlUrl: string } & Record<
      string,
      unknown
    >;
    const seen = await owner.client.gql<{ order: { cfdis: Cfdi[] } }>(CFDIS, { id: orderId });
    expect(seen.errors).toBeUndefined();
    const [ingreso, egreso] = seen.data!.order.cfdis;
    expect(ingreso).toMatchObject({ kind: 'INGRESO', status: 'VALID', returnId: null });
    expect(egreso).toMatchObject({
      kind: 'EGRESO',
      status: 'VALID',
      totalCents: 22500,
      returnId: refund.id,
      relatedUuid: ingreso!.uuid,
      pdfUrl: `/api/facturas/${egreso!.id}/pdf`,
    });
    const pdf = await owner.client.get(egreso!.pdfUrl);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(
      `nota-credito-devolucion-${refund.id}.pdf`,
    );
    expect((await admin.get(egreso!.xmlUrl)).status).toBe(200);
    expect((await other.client.get(egreso!.pdfUrl)).status).toBe(403);
    const theirs = await other.client.gql(CFDIS, { id: orderId });
    expect(theirs.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // REST: the same list.
    const rest = await owner.client.get(`/api/pedidos/${orderId}/facturas`);
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject([
      { tipo: 'ingreso', estado: 'vigente' },
      { tipo: 'egreso', estado: 'vigente', total: 225, idDevolucion: refund.id },
    ]);
    expect((await other.client.get(`/api/pedidos/${orderId}/facturas`)).status).toBe(403);
  });
});

describe("'Corregir factura': motive 01 with the substitute (item 4)", () => {
  test('a new ingreso related 04 to the old one, the old one cancelled with motive 01 naming it; two clicks, one stamp', async () => {
    const { userId, client } = await customer();
    const orderId = await deliveredOrder(userId, 'Pagado');
    const first = await client.post(`/api/pedidos/${orderId}/factura`);
    expect(first.status).toBe(200);
    // Unchanged data: nothing to correct.
    const same = await client.post(`/api/pedidos/${orderId}/factura/sustitucion`);
    expect([same.status, same.body.reason]).toEqual([409, 'NOTHING_TO_CORRECT']);
    // The customer corrects the use of the CFDI and asks twice at once.
    expect(
      (
        await client.put(`/api/usuarios/${userId}/datos-fiscales`, {
          ...FISCAL,
          usoCfdi: 'G01',
        })
      ).status,
    ).toBe(200);
    const before = stub.createCalls;
    const [a, b] = await Promise.all([
      client.post(`/api/pedidos/${orderId}/factura/sustitucion`),
      client.gql<{ correctInvoice: { uuid: string; status: string } }>(
        `mutation C($id: Int!) { correctInvoice(orderId: $id) { uuid status } }`,
        { id: orderId },
      ),
    ]);
    expect(a.status).toBe(200);
    expect(b.errors).toBeUndefined();
    expect(b.data!.correctInvoice.uuid).toBe(a.body.uuid);
    expect(a.body).toMatchObject({ estado: 'vigente', uuidRelacionado: first.body.uuid });
    const stamps = stub.invoices.filter((i) => i.body.external_id === `pedido-${orderId}`);
    expect(stamps).toHaveLength(2);
    expect(stub.createCalls - before).toBeLessThanOrEqual(2); // Both asked with one key.
    const [old, replacement] = stamps;
    expect(replacement!.body).toMatchObject({
      use: 'G01',
      related_documents: [{ relationship: '04', documents: [old!.uuid] }],
    });
    expect([old!.status, old!.motive, old!.substitution]).toEqual([
      'canceled',
      '01',
      replacement!.id,
    ]);
    expect(await invoices(orderId)).toMatchObject([
      { kind: 'ingreso', status: 'cancelled', cancel_motive: '01', uuid: old!.uuid },
      { kind: 'ingreso', status: 'valid', uuid: replacement!.uuid },
    ]);
    // The admin sees both; the order's invoice is the new one.
    const seen = await admin.gql<{
      order: {
        invoice: { uuid: string };
        cfdis: { status: string; cancelMotive: string | null; substitutedByUuid: string | null }[];
      };
    }>(
      `query O($id: Int!) { order(id: $id) { invoice { uuid }
         cfdis { status cancelMotive substitutedByUuid } } }`,
      { id: orderId },
    );
    expect(seen.data!.order.invoice.uuid).toBe(replacement!.uuid);
    expect(seen.data!.order.cfdis).toEqual([
      { status: 'CANCELLED', cancelMotive: '01', substitutedByUuid: replacement!.uuid },
      { status: 'VALID', cancelMotive: null, substitutedByUuid: null },
    ]);
    // Asked again: nothing new is stamped.
    const again = await client.post(`/api/pedidos/${orderId}/factura/sustitucion`);
    expect([again.status, again.body.uuid]).toEqual([200, replacement!.uuid]);
    expect(stub.invoices.filter((i) => i.body.external_id === `pedido-${orderId}`)).toHaveLength(2);
  });

  test('the PAC refuses the corrected data: the old invoice stays valid and the customer reads why', async () => {
    const { userId, client } = await customer();
    const orderId = await deliveredOrder(userId, 'Pagado');
    await client.post(`/api/pedidos/${orderId}/factura`);
    stub.sat.set('EKU9003173C9', { legalName: 'ESCUELA KEMPER URGATE', zip: '42501' });
    try {
      await client.put(`/api/usuarios/${userId}/datos-fiscales`, {
        ...FISCAL,
        codigoPostal: '06600',
      });
      const res = await client.post(`/api/pedidos/${orderId}/factura/sustitucion`);
      expect([res.status, res.body.reason]).toEqual([400, 'PAC_REFUSED']);
      expect(res.body.error).toMatch(/DomicilioFiscalReceptor/);
      expect(await invoices(orderId)).toMatchObject([{ kind: 'ingreso', status: 'valid' }]);
      const live = await client.get(`/api/pedidos/${orderId}/factura`);
      expect(live.body).toMatchObject({ estado: 'vigente', sustituidaPor: null });
    } finally {
      stub.sat.delete('EKU9003173C9');
    }
  });
});
