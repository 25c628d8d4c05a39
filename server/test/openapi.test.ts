import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import type { Response } from 'supertest';
import { errorStatuses, openApiDocument, openApiPath } from '../src/api/rest/openapi.js';
import { REST_ROUTES } from '../src/api/rest/router.js';
import { newSessionToken, tokenHash } from '../src/modules/accounts/session-store.js';
import { SESSION_COOKIE } from '../src/http/session-cookie.js';
import { testApp, type HttpClient, type TestApp } from './support/app.js';
import { createUsers } from './support/fixtures.js';
import { startFacturapiStub, type FacturapiStub } from './support/facturapi-stub.js';
import { DocumentedAnswers, type OpenApiDoc } from './support/openapi-answers.js';
import {
  ROLES,
  shop,
  ids,
  cookieFor,
  customerOrder,
  customerLine,
  customerFiscalData,
  deliveredCustomerOrder,
  globalInvoice,
  lookupItem,
  uniqueCouponCode,
  spareSynonym,
  type Who,
} from './support/permission-matrix.js';
import { REST_CASES } from './support/rest-cases.js';

/**
 * Issue 26 item 7: the REST API described by OpenAPI 3.1. GET /api/openapi.json serves a document
 * made from the routes' own zod schemas; it validates with @seriousme/openapi-schema-validator
 * (the OpenAPI 3.1 JSON Schema); every RouteDef is in it; and every route, called with a valid
 * request as a user it serves, answers what the document says (support/openapi-answers.ts). The
 * requests are the permission matrix's (support/rest-cases.ts); the few routes whose success
 * needs an outside service (Google, Mercado Pago), a photo or a secret are called here.
 */

const CLIENT_ID = '1234567890-tienda.apps.googleusercontent.com';
const KID = 'clave-openapi';
const MP_SECRET = 'secreto-del-webhook-openapi';

let doc: OpenApiDoc;
let documented: DocumentedAnswers;
/** Where the product photo this file uploads goes (removed afterwards). */
const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'tienda-openapi-'));
/**
 * The shop with Google sign-in and Mercado Pago configured, each against a local server, and its
 * photos in `uploadsDir`.
 */
let outside: TestApp;
let googleKey: CryptoKey;
let servers: Server[] = [];
const payments = new Map<string, Record<string, unknown>>();
let facturapi: FacturapiStub;

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  googleKey = pair.privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const certs = await listen(
    createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    }),
  );
  // Mercado Pago's REST API as the SDK calls it (as in mercadopago.test.ts).
  const mercadoPago = await listen(
    createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        res.setHeader('Content-Type', 'application/json');
        if (req.method === 'POST' && /^\/checkout\/preferences\/?$/.test(req.url ?? '')) {
          const id = `pref-${Date.now()}`;
          const initPoint = `https://www.mercadopago.com.mx/checkout/v1/redirect?pref_id=${id}`;
          res.end(JSON.stringify({ ...JSON.parse(body), id, init_point: initPoint }));
          return;
        }
        const payment = payments.get(/^\/v1\/payments\/(\w+)\/?$/.exec(req.url ?? '')?.[1] ?? '');
        if (req.method === 'GET' && payment) {
          res.end(JSON.stringify(payment));
          return;
        }
        res.statusCode = 404;
        res.end(JSON.stringify({ message: 'not_found', status: 404 }));
      });
    }),
  );
  facturapi = await startFacturapiStub();
  outside = await testApp(shop.orm, {
    facturapi: { key: facturapi.key, url: facturapi.url },
    rateLimits: false,
    uploadsDir,
    googleClientId: CLIENT_ID,
    googleCertsUrl: `${certs}/oauth2/v3/certs`,
    mercadoPago: { accessToken: 'TEST-token', webhookSecret: MP_SECRET, apiBase: mercadoPago },
  });
  // A colour and a global invoice, so that their lists answer an item to check.
  await lookupItem('color');
  await globalInvoice();
  const res = await shop.app.get('/api/openapi.json');
  doc = res.body as OpenApiDoc;
  documented = new DocumentedAnswers(doc);
});

afterAll(async () => {
  await outside?.stop();
  await facturapi?.close();
  rmSync(uploadsDir, { recursive: true, force: true });
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  servers = [];
});

const routeKeys = () => REST_ROUTES.map((r) => `${r.method.toUpperCase()} ${r.path}`);

describe('GET /api/openapi.json', () => {
  test('answers an OpenAPI 3.1 document that @seriousme/openapi-schema-validator finds valid', async () => {
    const res = await shop.app.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.version).toBe(shop.app.config.appVersion);
    const result = await new Validator().validate(res.body as Record<string, unknown>);
    expect(result).toEqual({ valid: true });
  });

  test('is made once and kept in memory: the same document on every call', async () => {
    const info = { version: shop.app.config.appVersion };
    expect(openApiDocument(REST_ROUTES, info)).toBe(openApiDocument(REST_ROUTES, info));
    const again = await shop.app.client().get('/api/openapi.json');
    expect(again.body).toEqual(doc);
  });

  test('every RouteDef is in it, with its summary, access, answer and a unique operationId, and nothing else is', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      REST_ROUTES.map((r) => `${r.method.toUpperCase()} ${openApiPath(r.path)}`).sort(),
    );
    const operationIds = REST_ROUTES.map(
      (def) => (documented.operation(def.method, def.path) as { operationId?: string }).operationId,
    );
    expect(new Set(operationIds).size).toBe(REST_ROUTES.length);
    expect(
      operationIds.filter((id) => !/^(get|post|put|delete)[A-Za-z0-9]+$/.test(id ?? '')),
    ).toEqual([]);
    for (const def of REST_ROUTES) {
      const operation = documented.operation(def.method, def.path)!;
      const status = String(def.status ?? 200);
      expect([def.path, operation.summary]).toEqual([def.path, def.summary]);
      expect([def.path, operation['x-access']]).toEqual([def.path, def.access]);
      const success = operation.responses[status] as { content?: object };
      expect([def.path, status, success !== undefined]).toEqual([def.path, status, true]);
      // 204 has no body; every other answer has its JSON schema.
      expect([def.path, success.content === undefined]).toEqual([def.path, status === '204']);
      const errors = errorStatuses(def).map(String);
      expect(Object.keys(operation.responses).sort()).toEqual([status, ...errors].sort());
    }
  });

  test('errors are described once: the { error, reason } body, by status, each operation referring to them', () => {
    expect(Object.keys(doc.components.responses).sort()).toEqual(
      ['400', '401', '403', '404', '409', '413', '415', '429', '503'].map((s) => `Error${s}`),
    );
    expect(doc.components.schemas.Error).toMatchObject({
      type: 'object',
      required: ['error', 'reason'],
    });
    const admin = documented.operation('get', '/usuarios')!;
    expect(admin.responses['401']).toEqual({ $ref: '#/components/responses/Error401' });
    expect(admin.responses['403']).toEqual({ $ref: '#/components/responses/Error403' });
    // A public read has no 401/403; a public write may meet the same-origin rule's 403.
    expect(documented.operation('get', '/productos')!.responses['401']).toBeUndefined();
    expect(documented.operation('get', '/productos')!.responses['403']).toBeUndefined();
    expect(documented.operation('post', '/auth/logout')!.responses['403']).toBeDefined();
  });

  test("security schemes: the session cookie, required by signed-in routes, optional on public ones; Mercado Pago's signature on its webhook; the same-origin rule said", () => {
    const components = doc.components as unknown as {
      securitySchemes: Record<string, { type: string; in: string; name: string }>;
    };
    expect(components.securitySchemes.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE,
    });
    expect(documented.operation('get', '/auth/me')!.security).toEqual([{ session: [] }]);
    expect(documented.operation('get', '/productos')!.security).toEqual([{}, { session: [] }]);
    expect(documented.operation('post', '/mercadopago/webhook')!.security).toEqual([
      { mercadoPagoSignature: [] },
    ]);
    expect(components.securitySchemes.mercadoPagoSignature).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-signature',
    });
    const info = doc.info as { description: string };
    expect(info.description).toContain('CROSS_SITE_WRITE');
    expect(info.description).toContain('Sec-Fetch-Site');
  });

  test('the answers checker refuses what the document does not say (a wrong field, an undocumented status)', async () => {
    const res = await shop.app.get('/api/productos/1');
    const tampered = { ...res, body: { ...res.body, precio: '200' } } as Response;
    expect(() => documented.expectDocumented('get', '/productos/:id', tampered)).toThrow(
      /no cumple su esquema/,
    );
    const extra = { ...res, body: { ...res.body, passwordHash: 'x' } } as Response;
    expect(() => documented.expectDocumented('get', '/productos/:id', extra)).toThrow(
      /no cumple su esquema/,
    );
    const teapot = { ...res, status: 418 } as Response;
    expect(() => documented.expectDocumented('get', '/productos/:id', teapot)).toThrow(
      /no está documentado/,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Every route, called with a valid request, answers what the document says.

/** Signs in on the shop with Google and Mercado Pago, with a fresh cookie jar. */
async function signedIn(email: string, password: string): Promise<HttpClient> {
  const client = outside.client();
  const res = await client.post('/api/auth/login', { email, password });
  expect(res.status).toBe(200);
  return client;
}

let n = 0;
async function newCustomer(password = 'Abrir12345') {
  n += 1;
  const email = `openapi${n}@example.com`;
  const [id] = await createUsers(shop.orm.em.fork(), [{ email, password }]);
  return { id: id!, email, password };
}

const totp = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** The routes whose success the permission matrix does not reach, each called as it succeeds. */
const SUCCESSES: Record<string, () => Promise<Response>> = {
  // The catalogue exported and imported back (an import job, done at once: nothing changes).
  'POST /admin/productos/importar': async () => {
    const cookie = await cookieFor('admin');
    const csv = await outside.client().agent.get('/api/admin/productos.csv').set(cookie);
    expect(csv.status).toBe(200);
    return outside
      .client()
      .agent.post('/api/admin/productos/importar')
      .set(cookie)
      .field('soloValidas', '1')
      .attach('archivo', Buffer.from(csv.text), {
        filename: 'productos.csv',
        contentType: 'text/csv',
      });
  },
  // An order invoiced at the local Facturapi whose owner then corrected the use of the CFDI.
  'POST /pedidos/:id/factura/sustitucion': async () => {
    const orderId = await deliveredCustomerOrder();
    await customerFiscalData();
    const em = shop.orm.em.fork();
    await em.execute(`update shop_order set paid_at = now() where id = ?`, [orderId]);
    const cookie = await cookieFor('customer');
    const invoiced = await outside
      .client()
      .agent.post(`/api/pedidos/${orderId}/factura`)
      .set(cookie);
    expect(invoiced.status).toBe(200);
    await em.execute(
      `update fiscal_data set cfdi_use = case cfdi_use when 'G03' then 'G01' else 'G03' end
        where user_id = (select user_id from shop_order where id = ?)`,
      [orderId],
    );
    return outside.client().agent.post(`/api/pedidos/${orderId}/factura/sustitucion`).set(cookie);
  },
  // A paid order of a closed day, in a global invoice stamped by the local Facturapi.
  'POST /facturas/global': async () => {
    const orderId = await customerOrder();
    await shop.orm.em
      .fork()
      .execute(
        `update shop_order set paid_at = timestamptz '2024-03-15 12:00:00-06' where id = ?`,
        [orderId],
      );
    return outside
      .client()
      .agent.post('/api/facturas/global')
      .set(await cookieFor('admin'))
      .send({ desde: '2024-03-15', hasta: '2024-03-15' });
  },
  'GET /admin/productos/importaciones/:id': async () => {
    const cookie = await cookieFor('admin');
    const [latest] = await shop.orm.em
      .fork()
      .execute<{ id: number }[]>('select id from product_import order by id desc limit 1');
    return outside.client().get(`/api/admin/productos/importaciones/${latest!.id}`, cookie);
  },
  'POST /productos': async () => {
    const photo = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer();
    return outside
      .client()
      .agent.post('/api/productos')
      .set(await cookieFor('admin'))
      .field('nombre', 'Playera Nike 90 Azul')
      .field('descripcion', 'Playera de algodón')
      .field('precio', '250')
      .field('tallas', 'S,M')
      .field('cantidad', '2,3')
      .field('tipo', 'Playera')
      .attach('imagenes', photo, { filename: 'frente.jpg', contentType: 'image/jpeg' });
  },
  'POST /auth/restablecer-contrasena': async () => {
    const user = await newCustomer();
    const token = newSessionToken();
    await shop.orm.em.fork().execute(
      `insert into password_reset (user_id, token_hash, expires_at)
          values (?, ?, now() + interval '1 hour')`,
      [user.id, tokenHash(token)],
    );
    return outside.client().post('/api/auth/restablecer-contrasena', {
      token,
      password: 'Nueva12345',
      confirmacion: 'Nueva12345',
    });
  },
  'POST /avisos/confirmar': async () => {
    const token = newSessionToken();
    await shop.orm.em.fork().execute(
      `insert into stock_alert (product_id, size, email, confirm_token_hash)
         select product_id, size, ?, ? from product_stock order by product_id, size limit 1`,
      [`aviso${Date.now()}@example.com`, tokenHash(token)],
    );
    return outside.client().post('/api/avisos/confirmar', { token });
  },
  'POST /auth/cambiar-contrasena': async () => {
    const user = await newCustomer();
    const client = await signedIn(user.email, user.password);
    return client.post('/api/auth/cambiar-contrasena', {
      actual: user.password,
      nueva: 'Cambiada123',
      confirmacion: 'Cambiada123',
    });
  },
  'POST /auth/google': async () => {
    const now = Math.floor(Date.now() / 1000);
    const credential = await new SignJWT({
      email: 'openapi.google@gmail.com',
      email_verified: true,
      name: 'Lucía Pérez',
      picture: 'https://lh3.googleusercontent.com/a/foto',
    })
      .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
      .setSubject('110248495921238900001')
      .setAudience(CLIENT_ID)
      .setIssuer('https://accounts.google.com')
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(googleKey);
    return outside.client().post('/api/auth/google', { credential });
  },
  'POST /auth/2fa/confirmar': async () => (await adminEnrolled()).confirmed,
  'POST /auth/2fa/desactivar': async () => {
    const { client, recovery } = await adminEnrolled();
    return client.post('/api/auth/2fa/desactivar', { codigo: recovery });
  },
  'POST /mercadopago/crear-preferencia': async () => {
    const client = await signedIn('cliente@example.com', 'Cliente123');
    return client.post('/api/mercadopago/crear-preferencia', { idPedido: await customerOrder() });
  },
  'POST /mercadopago/webhook': async () => {
    const orderId = await customerOrder();
    const dataId = String(9000 + orderId);
    payments.set(dataId, {
      id: Number(dataId),
      status: 'pending',
      external_reference: String(orderId),
      transaction_amount: 1,
    });
    const ts = Math.floor(Date.now() / 1000);
    const requestId = `req-openapi-${dataId}`;
    const v1 = createHmac('sha256', MP_SECRET)
      .update(`id:${dataId};request-id:${requestId};ts:${ts};`)
      .digest('hex');
    return outside
      .client()
      .send(
        'post',
        `/api/mercadopago/webhook?data.id=${dataId}&type=payment`,
        { action: 'payment.updated', type: 'payment', data: { id: dataId } },
        { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId },
      );
  },
};

/**
 * The admin signed in on a fresh jar with two-factor sign-in started and confirmed by its first
 * code: the confirmation's answer and a recovery code (for turning it off again).
 */
async function adminEnrolled() {
  await shop.orm.em.fork().execute('delete from user_second_factor where user_id = ?', [ids.admin]);
  const client = await signedIn('admin@example.com', 'Admin12345');
  const started = await client.post('/api/auth/2fa');
  expect(started.status).toBe(200);
  const confirmed = await client.post('/api/auth/2fa/confirmar', {
    codigo: totp((started.body as { secreto: string }).secreto),
  });
  const codes = (confirmed.body as { codigosRecuperacion?: string[] }).codigosRecuperacion ?? [];
  return { client, confirmed, recovery: codes[0] ?? '' };
}

/** What a matrix request needs first so that its list answers an item (earlier calls used it). */
const PREPARE: Record<string, () => Promise<unknown>> = {
  'GET /carritos/usuario/:id': customerLine,
  // A coupon the matrix's search finds, with its days and a minimum, so every field is checked.
  'GET /cupones': () =>
    shop.orm.em.fork().execute(
      `insert into coupon (code, kind, value, valid_from, valid_until, minimum_cents)
        values (?, 'FIXED', 5050, '2026-11-01', '2026-12-31', 30000)`,
      [uniqueCouponCode('MATRIZ')],
    ),
  'GET /sinonimos': spareSynonym,
  // A search that finds nothing, counted for the list.
  'GET /admin/busquedas-sin-resultados': () =>
    shop.app.gql('{ products(filter: { search: "qqmatriz" }) { total } }'),
};

/** The permission matrix's request, sent as the first role it serves (the customer first). */
async function matrixSuccess(route: string): Promise<Response | undefined> {
  const c = REST_CASES[route]!;
  await PREPARE[route]?.();
  const order: Who[] = ['customer', 'admin', 'anonymous', 'otherCustomer'];
  const who = order.find((w) => c.expected[w] >= 200 && c.expected[w] < 300);
  if (!who) return undefined;
  const method = route.split(' ')[0]!.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  return shop.app
    .client()
    .send(
      method,
      await c.path(),
      (await c.body?.()) ?? (method === 'get' ? undefined : {}),
      await cookieFor(who),
    );
}

describe('every route answers what the document says', () => {
  test('every route has a successful request: the matrix’s, or one of its own here', () => {
    const succeeds = (key: string) =>
      ROLES.some((w) => {
        const status = REST_CASES[key]?.expected[w] ?? 0;
        return status >= 200 && status < 300;
      });
    const withoutSuccess = routeKeys().filter((key) => !succeeds(key));
    expect(withoutSuccess.sort()).toEqual(Object.keys(SUCCESSES).sort());
  });

  test.each(routeKeys())('%s', async (key) => {
    const res = SUCCESSES[key] ? await SUCCESSES[key]() : await matrixSuccess(key);
    expect(res).toBeDefined();
    const [method, path] = key.split(' ') as [string, string];
    const def = REST_ROUTES.find((r) => r.method === method.toLowerCase() && r.path === path)!;
    expect([key, res!.status, res!.status === (def.status ?? 200) ? '' : res!.text]).toEqual([
      key,
      def.status ?? 200,
      '',
    ]);
    documented.expectDocumented(method, path, res!);
    // A list answers at least one item, so the item's schema is checked too.
    if (Array.isArray(res!.body)) expect([key, res!.body.length > 0]).toEqual([key, true]);
  });
});
