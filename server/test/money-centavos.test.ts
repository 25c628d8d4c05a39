import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { MailWorker } from '../src/modules/mail/worker.js';
import { brandOf } from '../src/modules/mail/brand.js';
import { smtpTransport } from '../src/modules/mail/transport.js';
import { remindUnpaidOrders } from '../src/modules/orders/unpaid-orders.js';
import { shopWith, testApp, type HttpClient, type TestApp } from './support/app.js';
import { createUsers } from './support/fixtures.js';
import { startTestSmtp, type TestSmtp } from './support/smtp.js';

/**
 * Issue 23 item 4: the amount a shopper is told to pay is exact to the centavo. A product the
 * admin priced at $199.50, bought 3 times, makes an order of 3 × $199.50 + $220 = $818.50: the
 * e-mails say '$818.50' (never '$818', 50 centavos short), the REST facade says 818.5, and the
 * Mercado Pago preference carries the card charge in pesos as computed, never rounded again.
 */
const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'tienda-money-'));
const shop = shopWith(
  [
    {
      name: 'Playera Nike 1 Negro',
      price: 250,
      type: 'Playera',
      brand: 'Nike',
      color: 'Negro',
      stock: { M: 5 },
    },
  ],
  { rateLimits: false, uploadsDir },
);

const PASSWORD = 'Centavos123';
let stub: Server;
let mp: TestApp;
let smtp: TestSmtp;
let admin: HttpClient;
const preferences: { items: { unit_price: number; currency_id: string }[] }[] = [];

beforeAll(async () => {
  stub = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      if (req.method === 'POST' && /^\/checkout\/preferences\/?$/.test(req.url ?? '')) {
        const pref = JSON.parse(body) as (typeof preferences)[number];
        preferences.push(pref);
        const id = `pref-${preferences.length}`;
        res.end(JSON.stringify({ ...pref, id, init_point: `https://mp.example/${id}` }));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ message: 'not_found', status: 404 }));
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  mp = await testApp(shop.orm, {
    rateLimits: false,
    uploadsDir,
    mercadoPago: {
      accessToken: 'TEST-token-de-prueba',
      webhookSecret: 'secreto',
      apiBase: `http://127.0.0.1:${(stub.address() as AddressInfo).port}`,
    },
  });
  smtp = await startTestSmtp();
  await createUsers(shop.orm.em.fork(), [
    { email: 'admin@example.com', password: PASSWORD, role: 'admin', name: 'Admin' },
    { email: 'centavos@example.com', password: PASSWORD, name: 'Ana' },
  ]);
  admin = mp.client();
  expect(
    (await admin.post('/api/auth/login', { email: 'admin@example.com', password: PASSWORD }))
      .status,
  ).toBe(200);
});

afterAll(async () => {
  await smtp?.close();
  await mp?.stop();
  await new Promise((resolve) => stub.close(resolve));
  rmSync(uploadsDir, { recursive: true, force: true });
});

const drain = () =>
  new MailWorker(shop.orm, {
    transport: smtpTransport(smtp.url),
    queue: mp.mail,
    brand: brandOf(mp.config),
    from: mp.config.mail.from,
    log: () => undefined,
  }).drain();

const ADDRESS = `mutation { addAddress(input: { firstName: "Ana", lastName: "López",
  street: "Reforma", number: "10", neighborhood: "Centro", postalCode: "06000", city: "CDMX",
  state: "CDMX", references: "Portón", phone: "5512345678" }) { id } }`;

test('rule exact amounts: an order of $818.50 is told to pay $818.50 in its e-mails, 818.5 on REST, and Mercado Pago gets the card charge unrounded', async () => {
  // The admin prices a product with centavos (the spec's REST form, pesos as typed).
  const photo = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 20, g: 90, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  const created = await admin.agent
    .post('/api/productos')
    .field('nombre', 'Playera Nike 77 Negro')
    .field('descripcion', 'Playera Nike en color Negro, talla M.')
    .field('precio', '199.50')
    .field('promocion', 'false')
    .field('precioPromocion', '0')
    .field('tallas', 'M')
    .field('cantidad', '5')
    .field('tipo', 'Playera')
    .field('genero', 'Hombre')
    .field('especial', 'false')
    .attach('imagenes', photo, { filename: 'frente.jpg', contentType: 'image/jpeg' });
  expect(created.status).toBe(201);
  const product = created.body as { id: number; precio: number };
  expect(product.precio).toBe(199.5);

  // A shopper buys 3: 3 × $199.50 + $220 shipping = $818.50.
  const shopper = mp.client();
  await shopper.post('/api/auth/login', { email: 'centavos@example.com', password: PASSWORD });
  const address = await shopper.gql<{ addAddress: { id: number } }>(ADDRESS);
  await shopper.gql(
    'mutation A($p: Int!) { addToCart(productId: $p, size: "M", quantity: 3) { itemCount } }',
    { p: product.id },
  );
  const placed = await shopper.gql<{
    checkout: { id: number; totalCents: number; cardChargeCents: number };
  }>(
    `mutation C($a: Int!) { checkout(addressId: $a, idempotencyKey: "centavos-818-50") {
      id totalCents cardChargeCents } }`,
    { a: address.data!.addAddress.id },
  );
  expect(placed.errors).toBeUndefined();
  const order = placed.data!.checkout;
  expect(order.totalCents).toBe(818_50);
  // Spec: floor(total × 1.0349 + 4) in pesos = floor(818.50 + 28.56565 + 4) = floor(851.06565).
  expect(order.cardChargeCents).toBe(851_00);

  // The e-mails: order received with the transfer / OXXO instruction, the shop's new order.
  await drain();
  const received = smtp.received.find((m) => m.subject === `Recibimos tu pedido #${order.id}`)!;
  expect(received.text).toContain('Transfiere o deposita $818.50 con estos datos');
  expect(received.text).toContain('Cantidad 3 · $199.50 c/u');
  expect(received.text).not.toMatch(/\$818(?!\.50)/);
  expect(received.html).toContain('$818.50');
  expect(smtp.received.map((m) => m.subject)).toContain(`Nuevo pedido #${order.id}: $818.50`);

  // The reminder of an unpaid order says the same amount.
  await shop.orm.em
    .fork()
    .execute(`update shop_order set created_at = now() - interval '50 hours' where id = ?`, [
      order.id,
    ]);
  expect(await remindUnpaidOrders(shop.orm.em.fork(), mp.announcer)).toBe(1);
  await drain();
  const reminder = smtp.received.find(
    (m) => m.subject === `Tu pedido #${order.id} espera tu pago`,
  )!;
  expect(reminder.text).toContain('Transfiere o deposita $818.50 con estos datos');

  // The REST facade's numbers are pesos exact to the centavo.
  const rest = await shopper.get(`/api/pedidos/${order.id}`);
  expect(rest.status).toBe(200);
  expect(rest.body).toMatchObject({
    total: 818.5,
    subtotal: 598.5,
    envio: 220,
    productos: [expect.objectContaining({ precio: 199.5, cantidad: 3 })],
  });

  // The Mercado Pago preference: the card charge in pesos, as computed in centavos, never
  // rounded again (a charge with centavos would go as e.g. 847.05).
  const card = await shopper.gql<{ createCardPayment: { id: string } }>(
    'mutation P($o: Int!) { createCardPayment(orderId: $o) { id } }',
    { o: order.id },
  );
  expect(card.errors).toBeUndefined();
  expect(preferences.at(-1)!.items).toEqual([
    expect.objectContaining({ unit_price: 851, currency_id: 'MXN' }),
  ]);

  // Paid: the confirmation and the shop's note say the exact amount too.
  const paid = await admin.gql(
    'mutation U($id: Int!) { updateOrder(id: $id, input: { status: PAID }) { id } }',
    { id: order.id },
  );
  expect(paid.errors).toBeUndefined();
  await drain();
  const confirmed = smtp.received.find(
    (m) => m.subject === `Confirmamos el pago de tu pedido #${order.id}`,
  )!;
  expect(confirmed.text).toContain('$818.50');
  expect(smtp.received.map((m) => m.subject)).toContain(`Pedido #${order.id} pagado: $818.50`);
});
