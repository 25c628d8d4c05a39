import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Response } from 'supertest';
import { ROOT_DIR } from '../src/config.js';
import { FIRST_SCREEN_MANIFEST, type FirstScreenManifest } from '../src/http/storefront-html.js';
import { brandOf } from '../src/modules/mail/brand.js';
import type { Envelope } from '../src/modules/mail/transport.js';
import { MailWorker } from '../src/modules/mail/worker.js';
import { shopWith, testApp, type TestApp } from './support/app.js';
import { startShop } from './support/shop-process.js';
import { createUsers } from './support/fixtures.js';

/**
 * Issue 23 item 2: PUBLIC_URL decides every absolute link. Every request here forges the host
 * (Host, X-Forwarded-Host, X-Forwarded-Proto and Forwarded, from loopback, a trusted proxy): no
 * answer, cached file, e-mail or Mercado Pago call may name it.
 */

const PUBLIC_URL = 'https://tienda.example.mx';
const EVIL = 'evil.example';
const FORGED = {
  Host: EVIL,
  'X-Forwarded-Host': EVIL,
  'X-Forwarded-Proto': 'http',
  Forwarded: `host=${EVIL};proto=http`,
};

const shop = shopWith(
  [{ name: 'Tenis Nike Air Zoom', price: 1250, brand: 'Nike', images: 1, stock: { M: 9 } }],
  { rateLimits: false },
);

let stub: Server;
const preferences: string[] = [];
let app: TestApp;
let dist: string;
/** Every answer the forged requests got: status line, headers and body. */
const answers: string[] = [];

const record = (res: Response, what: string): Response => {
  answers.push(`${what} ${res.status} ${JSON.stringify(res.headers)} ${res.text}`);
  return res;
};

beforeAll(async () => {
  stub = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      if (req.method === 'POST' && /^\/checkout\/preferences\/?$/.test(req.url ?? '')) {
        preferences.push(body);
        const pref = JSON.parse(body) as Record<string, unknown>;
        res.end(
          JSON.stringify({
            ...pref,
            id: 'pref-1',
            init_point: 'https://www.mercadopago.com.mx/checkout/v1/redirect?pref_id=pref-1',
          }),
        );
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ message: 'not_found', status: 404 }));
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  dist = await mkdtemp(path.join(os.tmpdir(), 'tienda-public-url-'));
  await writeFile(
    path.join(dist, 'index.html'),
    await readFile(path.join(ROOT_DIR, 'client', 'index.html'), 'utf8'),
  );
  await writeFile(
    path.join(dist, FIRST_SCREEN_MANIFEST),
    JSON.stringify({
      dataElementId: 'first-screen-data',
      documents: {
        ProductDetail: `query ProductDetail($id: Int!) {
          product(id: $id) {
            id name description unitPriceCents priceCents brand { id name __typename }
            sizes { size stock __typename } images { id url __typename } __typename
          }
        }`,
      },
      shell: [],
      anonymous: [],
      home: [],
      product: { operationName: 'ProductDetail', idVariable: 'id' },
      routes: { '/promociones': [], '/iniciar-sesion': [], '/registro': [] },
      photos: {
        home: {
          count: 0,
          sizes: '50vw',
          srcSet: { prefix: '/uploads/', placeholder: '/uploads/{photo}', template: '' },
        },
        product: { count: 1 },
      },
      modulePreload: { producto: [] },
    } satisfies FirstScreenManifest),
  );
  app = await testApp(shop.orm, {
    rateLimits: false,
    publicUrl: PUBLIC_URL,
    clientDistDir: dist,
    mail: {
      ...shop.app.config.mail,
      publicUrl: PUBLIC_URL,
      logoUrl: `${PUBLIC_URL}/correo/logo.png`,
    },
    mercadoPago: {
      accessToken: 'TEST-token-de-prueba',
      webhookSecret: 'secreto',
      apiBase: `http://127.0.0.1:${(stub.address() as AddressInfo).port}`,
    },
  });
});

afterAll(async () => {
  await app?.stop();
  await new Promise((resolve) => stub.close(resolve));
  await rm(dist, { recursive: true, force: true });
});

describe('PUBLIC_URL decides every absolute link, never the request', () => {
  test('rule PUBLIC_URL: with a forged Host, X-Forwarded-Host and -Proto, no answer, e-mail or Mercado Pago call names it', async () => {
    const client = app.client();
    const send = (method: 'get' | 'post', url: string, body?: unknown) =>
      client.send(method, url, body, FORGED).then((res) => record(res, `${method} ${url}`));
    const gql = (query: string, variables: Record<string, unknown> = {}) =>
      send('post', '/graphql', { query, variables });

    // Crawlers: robots.txt, the sitemaps (kept an hour by caches), a product's share page.
    const robots = await send('get', '/robots.txt');
    expect(robots.text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    const index = await send('get', '/sitemap.xml');
    expect(index.headers['cache-control']).toBe('public, max-age=3600');
    expect(index.text).toContain(`<loc>${PUBLIC_URL}/sitemaps/productos-1.xml</loc>`);
    await send('get', '/sitemaps/paginas.xml');
    const products = await send('get', '/sitemaps/productos-1.xml');
    const sharePath = /<loc>https:\/\/tienda\.example\.mx(\/p\/1-[^<]+)<\/loc>/.exec(
      products.text,
    )?.[1];
    expect(sharePath).toBeDefined();
    await send('get', '/p/1');
    const page = await send('get', sharePath!);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<meta property="og:url" content="${PUBLIC_URL}${sharePath}"`);
    expect(page.text).toContain(`<link rel="canonical" href="${PUBLIC_URL}${sharePath}"`);
    expect(page.text).toMatch(/<meta property="og:image" content="https:\/\/tienda\.example\.mx\//);

    // A shopper: registers, asks for a password reset, orders and pays by card.
    const email = 'forjado@example.com';
    const registered = await gql('mutation R($i: RegisterInput!) { register(input: $i) { id } }', {
      i: { email, name: 'Ana Forjada', password: 'Forjada123', phone: '5512345678' },
    });
    expect(registered.body.errors).toBeUndefined();
    await send('post', '/api/auth/olvide-contrasena', { email });
    const address = await gql(`mutation { addAddress(input: {
      firstName: "Ana", lastName: "López", street: "Reforma", number: "10", neighborhood: "Centro",
      postalCode: "06000", city: "CDMX", state: "CDMX", references: "Portón", phone: "5512345678" }) { id } }`);
    await gql('mutation { addToCart(productId: 1, size: "M", quantity: 1) { itemCount } }');
    const order = await gql(
      'mutation C($a: Int!) { checkout(addressId: $a, idempotencyKey: "forjado-1-clave") { id } }',
      { a: (address.body as { data: { addAddress: { id: number } } }).data.addAddress.id },
    );
    const orderId = (order.body as { data: { checkout: { id: number } } }).data.checkout.id;
    const card = await gql(
      'mutation P($o: Int!) { createCardPayment(orderId: $o) { id initPoint } }',
      {
        o: orderId,
      },
    );
    expect(card.body.errors).toBeUndefined();
    await send('post', '/api/mercadopago/crear-preferencia', { idPedido: orderId });
    await gql('{ me { id email } shopSettings { whatsappUrl } product(id: 1) { images { url } } }');
    await send('get', '/api/productos/1');
    await send('get', '/api/auth/me');

    // Mercado Pago was told PUBLIC_URL's return and notification addresses.
    expect(preferences.length).toBeGreaterThan(0);
    for (const body of preferences) {
      const pref = JSON.parse(body) as {
        notification_url: string;
        back_urls: Record<string, string>;
      };
      expect(pref.notification_url).toBe(`${PUBLIC_URL}/api/mercadopago/webhook`);
      expect(Object.values(pref.back_urls)).toEqual([
        `${PUBLIC_URL}/#/mis-pedidos`,
        `${PUBLIC_URL}/#/mis-pedidos`,
        `${PUBLIC_URL}/#/mis-pedidos`,
      ]);
      expect(body).not.toContain(EVIL);
    }

    // The e-mails the requests queued, as they leave.
    const sent: Envelope[] = [];
    const worker = new MailWorker(shop.orm, {
      transport: {
        description: 'captura',
        send: async (envelope) => {
          sent.push(envelope);
          return { messageId: envelope.messageId };
        },
        close: () => undefined,
      },
      queue: app.mail,
      brand: brandOf(app.config),
      from: app.config.mail.from,
      log: () => undefined,
    });
    await worker.drain();
    expect(sent.map((m) => m.to)).toContain(email);
    const mailText = JSON.stringify(sent);
    expect(mailText).toContain(`${PUBLIC_URL}/#/restablecer-contrasena?token=`);
    expect(mailText).not.toContain(EVIL);
    const outbox = await shop.orm.em.fork().execute('select * from mail_outbox');
    expect(JSON.stringify(outbox)).not.toContain(EVIL);

    expect(answers.length).toBeGreaterThan(15);
    for (const answer of answers) expect(answer).not.toContain(EVIL);
  });

  test('rule PUBLIC_URL: `node server/dist/main.js` in production without it refuses to start, naming it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tienda-sin-public-url-'));
    try {
      const run = startShop(dir, 0, {
        NODE_ENV: 'production',
        ADMIN_EMAIL: 'jefa@tienda.mx',
        ADMIN_PASSWORD: 'Tienda2026Segura',
        SESSION_SECRET: 'x'.repeat(40),
        PUBLIC_URL: '',
      });
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain('PUBLIC_URL es obligatorio en producción');
      expect(run.output()).not.toContain('Tienda lista');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('rule PUBLIC_URL: without it (development, tests) links are on http://localhost:PORT, not the Host', async () => {
    const res = await shop.app.client().get('/robots.txt', FORGED);
    expect(res.text).toContain('Sitemap: http://localhost:4000/sitemap.xml');
    expect(res.text).not.toContain(EVIL);
  });
});

// A user the fixtures make, so that the mail to admins has someone to go to.
beforeAll(async () => {
  await createUsers(shop.orm.em.fork(), [
    { email: 'jefa@example.com', password: 'Jefa12345', role: 'admin' },
  ]);
});
