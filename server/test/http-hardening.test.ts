import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { createApp, type App } from '../src/app.js';
import { classify, errorMapper } from '../src/http/error-mapper.js';
import { captureLogs, httpLogger } from '../src/http/logger.js';
import { DomainError } from '../src/modules/shared/errors.js';
import { shopWith } from './support/app.js';
import { testConfig } from './support/db.js';

const shop = shopWith([{ name: 'Playera Nike 1 Negro', price: 249.5, brand: 'Nike' }]);
const api = () => request(shop.app.app);

/** No stack, no absolute path, no SQL in what a client reads. */
function expectNoLeak(text: string) {
  expect(text).not.toMatch(/\bat .+:\d+:\d+|\/work\/|\/home\/|\/root\/|\/tmp\/|node_modules/i);
  expect(text).not.toMatch(/\bselect\b|\binsert\b|syntax error|postgres|<html|<!doctype/i);
}

describe('control characters are refused with a Spanish 400 naming the field', () => {
  test('rule control characters (REST query): /api/productos?busqueda=%00 answers 400 and logs no SQL', async () => {
    const logs = captureLogs('debug');
    try {
      const res = await api().get('/api/productos?busqueda=%00');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'El campo busqueda contiene caracteres no permitidos',
        reason: 'CONTROL_CHARACTERS',
      });
      expectNoLeak(res.text);
    } finally {
      logs.stop();
    }
    expect(logs.lines.filter((l) => Number(l.level) >= 40)).toEqual([]);
    expect(JSON.stringify(logs.lines)).not.toMatch(/select|stack|\\u0000/i);
  });

  test('rule control characters (REST query): a terminal escape in a repeated filter is refused', async () => {
    const res = await api().get('/api/productos?marca=Nike&marca=%1B%5B31m');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'El campo marca contiene caracteres no permitidos',
      reason: 'CONTROL_CHARACTERS',
    });
  });

  test('rule control characters (REST path): a NUL byte in the path is refused', async () => {
    const res = await api().get('/api/productos/1%00');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'La ruta contiene caracteres no permitidos',
      reason: 'CONTROL_CHARACTERS',
    });
  });

  test('rule control characters (REST body): a NUL byte in a nested JSON field is refused', async () => {
    const res = await api()
      .post('/api/usuarios')
      .set('Content-Type', 'application/json')
      .send('{"nombre":"Ana","direccion":{"calle":"Juárez\\u0000"}}');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'El campo direccion.calle contiene caracteres no permitidos',
      reason: 'CONTROL_CHARACTERS',
    });
  });

  test('rule control characters: tab, line feed and carriage return are allowed', async () => {
    const res = await api().get('/api/productos?busqueda=playera%09nike%0D%0A');
    expect(res.status).toBe(200);
  });

  test('rule control characters (GraphQL variables): answers 400 naming the variable’s field', async () => {
    const res = await api()
      .post('/graphql')
      .send({
        query: 'query ($filter: ProductFilter) { products(filter: $filter) { total } }',
        variables: { filter: { search: 'a\u0000b' } },
      });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        message: 'El campo filter.search contiene caracteres no permitidos',
        extensions: { code: 'BAD_USER_INPUT', reason: 'CONTROL_CHARACTERS' },
      },
    ]);
    expect(res.headers['server-timing']).toMatch(/db;desc="0 queries"/);
  });

  test('rule control characters (GraphQL literal): an escaped NUL in a string literal answers 400', async () => {
    const res = await api()
      .post('/graphql')
      .send({ query: '{ products(filter: { search: "a\\u0000" }) { total } }' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(
      'El campo filter.search contiene caracteres no permitidos',
    );
  });
});

describe('one error mapper at the app level', () => {
  test('rule malformed JSON (/api): 400 with the Spanish message', async () => {
    const res = await api()
      .post('/api/usuarios')
      .set('Content-Type', 'application/json')
      .send('{"nombre": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'El cuerpo de la petición no es JSON válido',
      reason: 'BAD_REQUEST',
    });
    expectNoLeak(res.text);
  });

  test('rule malformed JSON (/graphql): 400 with a GraphQL error coded BAD_REQUEST', async () => {
    const res = await api()
      .post('/graphql')
      .set('Content-Type', 'application/json')
      .send('{"query": "{ appVersion }"');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [
        {
          message: 'El cuerpo de la petición no es JSON válido',
          extensions: { code: 'BAD_REQUEST' },
        },
      ],
    });
    expectNoLeak(res.text);
  });

  test('rule body size (/api and /graphql): a body over 1 MB answers 413 in Spanish', async () => {
    const big = JSON.stringify({ query: `{ appVersion } #${'x'.repeat(1_100_000)}` });
    const onApi = await api()
      .post('/api/usuarios')
      .set('Content-Type', 'application/json')
      .send(big);
    expect(onApi.status).toBe(413);
    expect(onApi.body).toEqual({
      error: 'El cuerpo de la petición es demasiado grande',
      reason: 'PAYLOAD_TOO_LARGE',
    });
    const onGraphQL = await api()
      .post('/graphql')
      .set('Content-Type', 'application/json')
      .send(big);
    expect(onGraphQL.status).toBe(413);
    expect(onGraphQL.body.errors[0]).toEqual({
      message: 'El cuerpo de la petición es demasiado grande',
      extensions: { code: 'PAYLOAD_TOO_LARGE' },
    });
  });

  test('rule missing upload: a plain-text 404 without HTML or path', async () => {
    const uploads = await mkdtemp(path.join(os.tmpdir(), 'tienda-uploads-'));
    await mkdir(path.join(uploads, 'products'));
    const withUploads = await createApp(shop.orm, testConfig({ uploadsDir: uploads }));
    const res = await request(withUploads.app).get('/uploads/products/nope.webp');
    await withUploads.stop();
    await rm(uploads, { recursive: true, force: true });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe('No encontrado');
  });

  test('rule unknown /api path: 404 {"error":"Ruta no encontrada"}', async () => {
    const res = await api().get('/api/no-existe');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Ruta no encontrada', reason: 'NOT_FOUND' });
  });

  test('rule unknown page: a plain-text 404, never Express’s HTML', async () => {
    const res = await api().get('/no-existe.php');
    expect([404, 503]).toContain(res.status);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expectNoLeak(res.text);
  });

  test('rule domain errors: mapped by HTTP_STATUS[code]', () => {
    expect(classify(new DomainError('FORBIDDEN', 'No autorizado'))).toEqual({
      status: 403,
      message: 'No autorizado',
      code: 'FORBIDDEN',
      reason: 'FORBIDDEN',
    });
    expect(classify(new DomainError('CONFLICT', 'Ya existe'))?.status).toBe(409);
    expect(classify(new Error('boom'))).toBeNull();
    // serve-static's missing file: an ENOENT wrapped as a 404 that is not `expose`d.
    const enoent = Object.assign(new Error("ENOENT: stat '/srv/x.webp'"), {
      status: 404,
      statusCode: 404,
      expose: false,
    });
    expect(classify(enoent)).toEqual({ status: 404, message: 'No encontrado', code: 'NOT_FOUND' });
  });

  test('rule unexpected errors: 500 without detail, logged once with the stack', async () => {
    const app = express();
    app.use(httpLogger);
    app.get('/api/boom', () => {
      throw new Error('select * from secreto in /work/x.ts');
    });
    app.post('/api/domain', () => {
      throw new DomainError('NOT_FOUND', 'Producto no encontrado');
    });
    app.get('/boom', () => {
      throw new Error('select 1');
    });
    app.use(errorMapper());
    const logs = captureLogs('info');
    let onApi: request.Response;
    let elsewhere: request.Response;
    try {
      onApi = await request(app).get('/api/boom');
      elsewhere = await request(app).get('/boom');
    } finally {
      logs.stop();
    }
    expect(onApi.status).toBe(500);
    expect(onApi.body).toEqual({
      error: 'Error interno del servidor',
      reason: 'INTERNAL_SERVER_ERROR',
    });
    expect(elsewhere.status).toBe(500);
    expect(elsewhere.text).toBe('Error interno del servidor');
    expect(elsewhere.headers['content-type']).toMatch(/^text\/plain/);
    const errors = logs.lines.filter((l) => l.level === 50);
    expect(errors).toHaveLength(2);
    expect((errors[0]!.err as { stack: string }).stack).toMatch(/select \* from secreto/);
    const domain = await request(app).post('/api/domain');
    expect(domain.status).toBe(404);
    expect(domain.body).toEqual({ error: 'Producto no encontrado', reason: 'NOT_FOUND' });
  });
});

describe('security headers on every response (helmet)', () => {
  let uploads: string;
  let app: App;
  beforeAll(async () => {
    uploads = await mkdtemp(path.join(os.tmpdir(), 'tienda-headers-'));
    await mkdir(path.join(uploads, 'products'));
    await writeFile(path.join(uploads, 'products', 'a.webp'), 'x');
    app = await createApp(shop.orm, testConfig({ uploadsDir: uploads }));
  });
  afterAll(async () => {
    await app.stop();
    await rm(uploads, { recursive: true, force: true });
  });

  const paths: [string, () => request.Test][] = [
    ['/', () => request(app.app).get('/')],
    ['/api/version', () => request(app.app).get('/api/version')],
    ['/graphql', () => request(app.app).post('/graphql').send({ query: '{ appVersion }' })],
    ['/uploads/products/a.webp', () => request(app.app).get('/uploads/products/a.webp')],
    [
      '/uploads/products/missing.webp',
      () => request(app.app).get('/uploads/products/missing.webp'),
    ],
  ];

  test.each(paths)(
    'rule security headers: %s carries CSP, nosniff, Referrer-Policy',
    async (_p, send) => {
      const res = await send();
      expect(res.status).toBeLessThan(600);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' https://accounts.google.com/gsi/client");
      expect(csp).toContain(
        "style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style",
      );
      expect(csp).toContain("img-src 'self' data: https://lh3.googleusercontent.com");
      expect(csp).toContain('frame-src https://accounts.google.com/gsi/');
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  test('rule HSTS: sent when the request came over TLS (trusted proxy) and only then', async () => {
    const res = await request(app.app).get('/api/version').set('X-Forwarded-Proto', 'https');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  test('rule Sandbox CSP: the development landing page on /graphql may load Apollo’s CDN', async () => {
    const res = await request(app.app).get('/graphql').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('https://embeddable-sandbox.cdn.apollographql.com');
    expect(csp).toContain('frame-src https://sandbox.embed.apollographql.com');
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('production hides development detail', () => {
  let app: App;
  beforeAll(async () => {
    app = await createApp(
      shop.orm,
      testConfig({ nodeEnv: 'production', publicUrl: 'https://tienda.example' }),
    );
  });
  afterAll(() => app.stop());

  test('rule no Server-Timing outside development and test', async () => {
    const onGraphQL = await request(app.app).post('/graphql').send({ query: '{ appVersion }' });
    expect(onGraphQL.status).toBe(200);
    expect(onGraphQL.headers['server-timing']).toBeUndefined();
    const onApi = await request(app.app).get('/api/productos');
    expect(onApi.status).toBe(200);
    expect(onApi.headers['server-timing']).toBeUndefined();
  });

  test('rule no field suggestions in production (fields, arguments, enum values)', async () => {
    const field = await request(app.app).post('/graphql').send({ query: '{ productz { id } }' });
    const enumValue = await request(app.app)
      .post('/graphql')
      .send({ query: '{ products(sort: NEWES) { total } }' });
    const text = JSON.stringify([field.body, enumValue.body]);
    expect(field.status).toBe(400);
    expect(text).toMatch(/productz/);
    expect(text).not.toMatch(/did you mean|newest|"products?"|suggestion/i);
  });

  test('rule no introspection and no Sandbox in production; HSTS with an https PUBLIC_URL', async () => {
    const res = await request(app.app)
      .post('/graphql')
      .send({ query: '{ __schema { types { name } } }' });
    expect(res.status).toBe(400);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const landing = await request(app.app).get('/graphql').set('Accept', 'text/html');
    expect(landing.headers['content-security-policy']).not.toContain('apollographql');
  });

  test('rule no stack traces in GraphQL errors, even in development', async () => {
    const development = await createApp(shop.orm, testConfig({ nodeEnv: 'development' }));
    try {
      const res = await request(development.app)
        .post('/graphql')
        .send({ query: '{ productz { id } }' });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED' });
      expectNoLeak(res.text);
    } finally {
      await development.stop();
    }
  });

  test('rule suggestions stay in development', async () => {
    const res = await request(shop.app.app).post('/graphql').send({ query: '{ productz { id } }' });
    expect(JSON.stringify(res.body)).toMatch(/Did you mean/);
  });
});
