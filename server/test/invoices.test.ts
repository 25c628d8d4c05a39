import { OrderEventWorker } from '../src/modules/orders/order-events.js';
import { INVOICE_MESSAGES } from '../src/modules/invoicing/invoice.service.js';
import { includedIvaCents } from '../src/modules/invoicing/cfdi.js';
import { shopWith, testApp, type HttpClient } from './support/app.js';
import { startFacturapiStub, type FacturapiStub } from './support/facturapi-stub.js';
import { createUsers } from './support/fixtures.js';
import { ADD, ADDRESS, CHECKOUT, UPDATE } from './support/order-documents.js';

/**
 * Issue 25 items 2–4: 'Facturar mi compra' against a local Facturapi (support/facturapi-stub.ts,
 * which checks every invoice it is sent against the API's shapes): the CFDI built from the
 * order as stored, one stamp per order however many ask at once, the PDF and XML e-mailed and
 * downloadable by the owner only, the PAC's refusals in Spanish, and the cancellation with
 * motive 02 when the admin cancels the order.
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
    { name: 'Playera Nike 1 Negro', price: 250, type: 'Playera', stock: { M: 50 } },
    { name: 'Tenis Puma 2 Blanco', price: 1299.99, type: 'Tenis', stock: { '27': 50 } },
  ],
  { rateLimits: false, facturapi },
);

const db = () => shop.orm.em.fork();
const INVOICE = `mutation I($id: Int!) { invoiceOrder(orderId: $id) {
  id orderId status uuid rfc legalName totalCents taxCents paymentForm pdfUrl xmlUrl } }`;
const MY_ORDERS = `{ myOrders(offset: 0, limit: 10) { items { id invoice { status uuid } } } }`;

/** The SAT's test taxpayer (persona moral). */
const FISCAL = {
  rfc: 'EKU9003173C9',
  razonSocial: 'Escuela Kemper Urgate',
  regimenFiscal: '601',
  usoCfdi: 'G03',
  codigoPostal: '42501',
};

let n = 0;
let admin: HttpClient;
beforeAll(async () => {
  await createUsers(db(), [
    { email: 'facturas.admin@example.com', password: 'Admin1234', role: 'admin' },
  ]);
  admin = shop.app.client();
  await admin.post('/api/auth/login', {
    email: 'facturas.admin@example.com',
    password: 'Admin1234',
  });
});

async function customer(options: { fiscal?: boolean } = {}) {
  n += 1;
  const email = `factura${n}@example.com`;
  const [id] = await createUsers(db(), [{ email, password: 'Compra1234', name: `Cliente ${n}` }]);
  const client = shop.app.client();
  await client.post('/api/auth/login', { email, password: 'Compra1234' });
  if (options.fiscal !== false) {
    const saved = await client.put(`/api/usuarios/${id}/datos-fiscales`, FISCAL);
    expect(saved.status).toBe(200);
  }
  return { client, id: id!, email };
}

/** An order of `client`: 4 playeras and 2 tenis (6 units: the bulk discount on both lines). */
async function order(client: HttpClient, paid = true): Promise<number> {
  await client.gql(ADD, { p: 1, s: 'M', q: 4 });
  await client.gql(ADD, { p: 2, s: '27', q: 2 });
  const address = await client.gql<{ addAddress: { id: number } }>(ADDRESS);
  const placed = await client.gql<{ checkout: { id: number } }>(CHECKOUT, {
    a: address.data!.addAddress.id,
    k: `factura-${n}-${Date.now()}`,
  });
  expect(placed.errors).toBeUndefined();
  const id = placed.data!.checkout.id;
  if (paid) {
    const res = await admin.gql(UPDATE, { id, input: { status: 'PAID' } });
    expect(res.errors).toBeUndefined();
  }
  return id;
}

const invoiceRows = (orderId: number) =>
  db().execute<
    {
      id: number;
      status: string;
      uuid: string | null;
      total_cents: number;
      tax_cents: number;
      payment_form: string;
    }[]
  >(
    `select id, status, uuid, total_cents, tax_cents, payment_form from invoice where order_id = ? order by id`,
    [orderId],
  );
const stubInvoicesOf = (orderId: number) =>
  stub.invoices.filter((i) => i.body.external_id === `pedido-${orderId}`);

describe("'Facturar mi compra'", () => {
  test('stamps the CFDI from the order as stored: line discounts as prorated, shipping, IVA, PUE, transfer 03', async () => {
    const { client, email } = await customer();
    const orderId = await order(client);
    const res = await client.post(`/api/pedidos/${orderId}/factura`);
    expect(res.status).toBe(200);
    const [stamped] = stubInvoicesOf(orderId);
    expect(stamped).toBeDefined();
    expect(res.body).toMatchObject({
      uuid: stamped!.uuid,
      estado: 'vigente',
      pdf: `/api/pedidos/${orderId}/factura/pdf`,
      xml: `/api/pedidos/${orderId}/factura/xml`,
      formaPago: '03',
      rfc: 'EKU9003173C9',
      razonSocial: 'ESCUELA KEMPER URGATE',
    });

    const body = stamped!.body as {
      customer: Record<string, unknown>;
      items: { quantity: number; discount: number; product: Record<string, unknown> }[];
      use: string;
      payment_form: string;
      payment_method: string;
      idempotency_key: string;
    };
    expect(body.customer).toEqual({
      legal_name: 'ESCUELA KEMPER URGATE',
      tax_id: 'EKU9003173C9',
      tax_system: '601',
      email,
      address: { zip: '42501' },
    });
    expect([body.use, body.payment_form, body.payment_method]).toEqual(['G03', '03', 'PUE']);
    expect(body.idempotency_key).toMatch(new RegExp(`^pedido-${orderId}-`));

    // The lines with the bulk discount's shares as stored, the shipping concept, SAT keys by type.
    const [lines, shares, [o]] = await Promise.all([
      db().execute<{ id: number; quantity: number; unit_price_cents: number }[]>(
        'select id, quantity, unit_price_cents from order_line where order_id = ? order by id',
        [orderId],
      ),
      db().execute<{ line_shares: { orderLineId: number; amountCents: number }[] }[]>(
        'select line_shares from order_adjustment where order_id = ?',
        [orderId],
      ),
      db().execute<{ total_cents: number; shipping_cents: number; discount_cents: number }[]>(
        'select total_cents, shipping_cents, discount_cents from shop_order where id = ?',
        [orderId],
      ),
    ]);
    expect(o!.discount_cents).toBeGreaterThan(0);
    const shareOf = (lineId: number) =>
      shares
        .flatMap((s) => s.line_shares)
        .filter((s) => s.orderLineId === lineId)
        .reduce((sum, s) => sum + s.amountCents, 0);
    expect(body.items).toEqual([
      {
        quantity: 4,
        discount: shareOf(lines[0]!.id) / 100,
        product: {
          description: 'Playera Nike 1 Negro, talla M',
          product_key: '53101600',
          unit_key: 'H87',
          price: 250,
          tax_included: true,
          taxes: [{ type: 'IVA', rate: 0.16 }],
        },
      },
      {
        quantity: 2,
        discount: shareOf(lines[1]!.id) / 100,
        product: {
          description: 'Tenis Puma 2 Blanco, talla 27',
          product_key: '53111600',
          unit_key: 'PR',
          price: 1299.99,
          tax_included: true,
          taxes: [{ type: 'IVA', rate: 0.16 }],
        },
      },
      {
        quantity: 1,
        discount: 0,
        product: expect.objectContaining({ description: 'Envío', price: o!.shipping_cents / 100 }),
      },
    ]);
    // Totals to the centavo: the PAC's equals the order's; IVA broken out per concept.
    expect(Math.round(stamped!.total * 100)).toBe(o!.total_cents);
    const [row] = await invoiceRows(orderId);
    expect(row).toMatchObject({
      status: 'valid',
      uuid: stamped!.uuid,
      total_cents: o!.total_cents,
    });
    const nets = body.items.map(
      (i) =>
        Math.round(i.quantity * (i.product.price as number) * 100) - Math.round(i.discount * 100),
    );
    expect(row!.tax_cents).toBe(nets.reduce((s, net) => s + includedIvaCents(net), 0));
    expect(res.body.total).toBe(o!.total_cents / 100);
  });

  test('e-mails the PDF and the XML, and both stay downloadable by the owner', async () => {
    const { client, email } = await customer();
    const orderId = await order(client);
    await client.post(`/api/pedidos/${orderId}/factura`);
    const [stamped] = stubInvoicesOf(orderId);
    const mails = await db().execute<{ id: string; kind: string; recipient: string }[]>(
      `select id, kind, recipient from mail_outbox where order_id = ? and kind = 'invoice-issued'`,
      [orderId],
    );
    expect(mails).toEqual([{ id: expect.anything(), kind: 'invoice-issued', recipient: email }]);
    const files = await db().execute<{ filename: string; content_type: string; content: Buffer }[]>(
      'select filename, content_type, content from mail_attachment where outbox_id = ? order by id',
      [mails[0]!.id],
    );
    expect(files.map((f) => [f.filename, f.content_type])).toEqual([
      [`factura-pedido-${orderId}.pdf`, 'application/pdf'],
      [`factura-pedido-${orderId}.xml`, 'application/xml'],
    ]);
    expect(files[1]!.content.toString()).toContain(stamped!.uuid);

    const pdf = await client.get(`/api/pedidos/${orderId}/factura/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/^application\/pdf/);
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="factura-pedido-${orderId}.pdf"`,
    );
    const xml = await client.get(`/api/pedidos/${orderId}/factura/xml`);
    expect(xml.status).toBe(200);
    expect(xml.text).toContain(stamped!.uuid);
    const again = await client.get(`/api/pedidos/${orderId}/factura`);
    expect(again.body).toMatchObject({ uuid: stamped!.uuid, estado: 'vigente' });
    const mine = await client.gql<{ myOrders: { items: { id: number; invoice: unknown }[] } }>(
      MY_ORDERS,
    );
    expect(mine.data!.myOrders.items.find((o) => o.id === orderId)!.invoice).toEqual({
      status: 'VALID',
      uuid: stamped!.uuid,
    });
  });

  test('two clicks at once, on GraphQL and REST, give one stamp, one invoice and one e-mail', async () => {
    const { client } = await customer();
    const orderId = await order(client);
    const calls = stub.createCalls;
    const answers = await Promise.all([
      client.post(`/api/pedidos/${orderId}/factura`),
      client.post(`/api/pedidos/${orderId}/factura`),
      client.gql<{ invoiceOrder: { uuid: string } }>(INVOICE, { id: orderId }),
      client.post(`/api/pedidos/${orderId}/factura`),
    ]);
    expect(stubInvoicesOf(orderId)).toHaveLength(1);
    const uuid = stubInvoicesOf(orderId)[0]!.uuid;
    expect(answers.map((a) => ('status' in a ? a.body.uuid : a.data?.invoiceOrder.uuid))).toEqual([
      uuid,
      uuid,
      uuid,
      uuid,
    ]);
    expect(stub.createCalls - calls).toBeGreaterThanOrEqual(1);
    expect(await invoiceRows(orderId)).toHaveLength(1);
    const [mails] = await db().execute<{ count: string }[]>(
      `select count(*) from mail_outbox where order_id = ? and kind = 'invoice-issued'`,
      [orderId],
    );
    expect(Number(mails!.count)).toBe(1);
    // A later click answers the same invoice without asking the PAC.
    const before = stub.createCalls;
    expect((await client.post(`/api/pedidos/${orderId}/factura`)).body.uuid).toBe(uuid);
    expect(stub.createCalls).toBe(before);
  });

  test('a card payment is payment form 04', async () => {
    const { client } = await customer();
    const orderId = await order(client, false);
    await db().execute(
      `insert into payment (order_id, method, amount_cents, provider_ref, state, approved_at)
         select id, 'mercadopago', total_cents, ?, 'approved', now() from shop_order where id = ?`,
      [`mp-factura-${orderId}`, orderId],
    );
    await db().execute(`update shop_order set status = 'Pagado por mercadopago' where id = ?`, [
      orderId,
    ]);
    const res = await client.gql<{ invoiceOrder: { paymentForm: string } }>(INVOICE, {
      id: orderId,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.invoiceOrder.paymentForm).toBe('04');
    expect(stubInvoicesOf(orderId)[0]!.body.payment_form).toBe('04');
  });

  test('refuses an unpaid order (ORDER_NOT_PAID) and a customer without fiscal data (NO_FISCAL_DATA)', async () => {
    const payer = await customer();
    const unpaid = await order(payer.client, false);
    const res = await payer.client.post(`/api/pedidos/${unpaid}/factura`);
    expect([res.status, res.body]).toEqual([
      409,
      { error: INVOICE_MESSAGES.notPaid, reason: 'ORDER_NOT_PAID' },
    ]);
    const noData = await customer({ fiscal: false });
    const paid = await order(noData.client);
    const refused = await noData.client.post(`/api/pedidos/${paid}/factura`);
    expect([refused.status, refused.body]).toEqual([
      400,
      { error: INVOICE_MESSAGES.noFiscalData, reason: 'NO_FISCAL_DATA' },
    ]);
    expect(stubInvoicesOf(unpaid).concat(stubInvoicesOf(paid))).toEqual([]);
    expect((await payer.client.get(`/api/pedidos/${unpaid}/factura`)).status).toBe(404);
  });

  test("the PAC's refusal (name not matching the SAT's records) comes back in Spanish; the data stays, and once fixed it stamps", async () => {
    const { client, id } = await customer();
    stub.sat.set('EKU9003173C9', { legalName: 'ESCUELA KEMPER URGATE', zip: '42501' });
    await client.put(`/api/usuarios/${id}/datos-fiscales`, {
      ...FISCAL,
      razonSocial: 'Escuela Kemper',
    });
    const orderId = await order(client);
    const res = await client.post(`/api/pedidos/${orderId}/factura`);
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('PAC_REFUSED');
    expect(res.body.error).toMatch(
      /^El servicio de facturación rechazó la factura: El campo Nombre del receptor/,
    );
    expect(await invoiceRows(orderId)).toEqual([]);
    expect((await client.get(`/api/usuarios/${id}/datos-fiscales`)).body.razonSocial).toBe(
      'ESCUELA KEMPER',
    );
    await client.put(`/api/usuarios/${id}/datos-fiscales`, FISCAL);
    const fixed = await client.post(`/api/pedidos/${orderId}/factura`);
    expect([fixed.status, fixed.body.estado]).toEqual([200, 'vigente']);
    stub.sat.clear();
  });

  test("a customer can neither invoice nor read another customer's order's invoice", async () => {
    const owner = await customer();
    const other = await customer();
    const orderId = await order(owner.client);
    expect((await other.client.post(`/api/pedidos/${orderId}/factura`)).status).toBe(403);
    expect(stubInvoicesOf(orderId)).toEqual([]);
    await owner.client.post(`/api/pedidos/${orderId}/factura`);
    for (const path of ['', '/pdf', '/xml']) {
      expect((await other.client.get(`/api/pedidos/${orderId}/factura${path}`)).status).toBe(403);
    }
    const gql = await other.client.gql(INVOICE, { id: orderId });
    expect(gql.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
    expect((await shop.app.client().get(`/api/pedidos/${orderId}/factura/pdf`)).status).toBe(401);
    expect((await other.client.post('/api/pedidos/999999/factura')).status).toBe(404);
  });

  test('the PAC down: a 503 in Spanish, and the next try stamps once with the same key', async () => {
    const { client } = await customer();
    const orderId = await order(client);
    stub.down = true;
    const res = await client.post(`/api/pedidos/${orderId}/factura`);
    stub.down = false;
    expect([res.status, res.body]).toEqual([
      503,
      { error: INVOICE_MESSAGES.pacDown, reason: 'PAC_UNAVAILABLE' },
    ]);
    const retried = await client.post(`/api/pedidos/${orderId}/factura`);
    expect(retried.status).toBe(200);
    expect(stubInvoicesOf(orderId)).toHaveLength(1);
  });
});

describe("a product type's SAT keys (the admin's, else the defaults)", () => {
  test("the admin sets a type's keys, audited; the next invoice carries them; a customer is refused", async () => {
    const { client } = await customer();
    const [type] = await db().execute<{ id: number }[]>(
      `select id from product_type where name = 'Playera'`,
    );
    const refused = await client.put(`/api/tipos/${type!.id}/claves-sat`, {
      claveProducto: '53102500',
      claveUnidad: 'H87',
    });
    expect(refused.status).toBe(403);
    const bad = await admin.put(`/api/tipos/${type!.id}/claves-sat`, {
      claveProducto: '5310',
      claveUnidad: 'H87',
    });
    expect([bad.status, bad.body.reason]).toEqual([400, 'INVALID_SAT_PRODUCT_KEY']);
    const set = await admin.gql<{ setProductTypeSatKeys: Record<string, unknown> }>(
      `mutation S($id: Int!) { setProductTypeSatKeys(id: $id, productKey: "53102500", unitKey: "xun") {
        id satProductKey satUnitKey } }`,
      { id: type!.id },
    );
    expect(set.data!.setProductTypeSatKeys).toEqual({
      id: type!.id,
      satProductKey: '53102500',
      satUnitKey: 'XUN',
    });
    const [entry] = await db().execute<{ action: string; before: unknown; after: unknown }[]>(
      `select action, before, after from admin_audit where action = 'lookup.sat_keys' and object_id = ?`,
      [String(type!.id)],
    );
    expect(entry).toMatchObject({
      before: { satProductKey: '53101600', satUnitKey: 'H87' },
      after: { satProductKey: '53102500', satUnitKey: 'XUN' },
    });
    const orderId = await order(client);
    await client.post(`/api/pedidos/${orderId}/factura`);
    const items = stubInvoicesOf(orderId)[0]!.body.items as { product: Record<string, unknown> }[];
    expect(items.map((i) => [i.product.product_key, i.product.unit_key])).toEqual([
      ['53102500', 'XUN'],
      ['53111600', 'PR'],
      ['78102203', 'E48'],
    ]);
    await db().execute('delete from product_type_sat where type_id = ?', [type!.id]);
  });
});

describe('cancellation (item 4)', () => {
  const worker = () => new OrderEventWorker(shop.orm, shop.app.events, () => undefined);
  async function drain() {
    const w = worker();
    while ((await w.deliverOne()) !== null) {
      /* every due delivery */
    }
  }

  test("the admin's cancellation cancels the CFDI at the PAC with motive 02, once; the admin sees it", async () => {
    const { client } = await customer();
    const orderId = await order(client);
    await client.post(`/api/pedidos/${orderId}/factura`);
    const res = await admin.gql(UPDATE, { id: orderId, input: { status: 'CANCELLED_UNPAID' } });
    expect(res.errors).toBeUndefined();
    await drain();
    const [stamped] = stubInvoicesOf(orderId);
    expect([stamped!.status, stamped!.motive]).toEqual(['canceled', '02']);
    expect(await invoiceRows(orderId)).toMatchObject([{ status: 'cancelled' }]);
    const seen = await admin.gql<{ order: { invoice: { status: string; cancelMotive: string } } }>(
      `query O($id: Int!) { order(id: $id) { invoice { status cancelMotive } } }`,
      { id: orderId },
    );
    expect(seen.data!.order.invoice).toEqual({ status: 'CANCELLED', cancelMotive: '02' });
    const asOwner = await client.get(`/api/pedidos/${orderId}/factura`);
    expect(asOwner.body).toMatchObject({ estado: 'cancelada', motivoCancelacion: '02' });
    // Delivered again (a retry): nothing more is asked of the PAC.
    await db().execute(
      `update event_delivery set status = 'pending', next_attempt_at = now()
        where subscriber = 'invoicing.cancel'
          and event_id in (select id from order_event where order_id = ?)`,
      [orderId],
    );
    await drain();
    expect(stubInvoicesOf(orderId)).toHaveLength(1);
    // A cancelled order cannot be invoiced again.
    const again = await client.post(`/api/pedidos/${orderId}/factura`);
    expect([again.status, again.body.reason]).toEqual([409, 'ORDER_CANCELLED']);
  });
});

describe('invoicing off (no FACTURAPI_KEY)', () => {
  test("'Facturar mi compra' says so", async () => {
    const off = await testApp(shop.orm, { rateLimits: false });
    try {
      const { email, id } = await customer();
      const client = off.client();
      await client.post('/api/auth/login', { email, password: 'Compra1234' });
      const orderId = await order(client);
      expect(id).toBeGreaterThan(0);
      const res = await client.post(`/api/pedidos/${orderId}/factura`);
      expect([res.status, res.body]).toEqual([
        409,
        { error: INVOICE_MESSAGES.off, reason: 'INVOICING_OFF' },
      ]);
    } finally {
      await off.stop();
    }
  });
});
