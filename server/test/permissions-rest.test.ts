import { REST_ROUTES } from '../src/api/rest/router.js';
import { ROLES, shop, cookieFor, METRICS_TOKEN } from './support/permission-matrix.js';
import { REST_CASES as REST } from './support/rest-cases.js';
import { DocumentedAnswers, type OpenApiDoc } from './support/openapi-answers.js';

/**
 * The permission matrix through the REST facade: every route called as an anonymous visitor, a
 * customer, another customer and an admin (support/permission-matrix.ts), with the requests and
 * expected statuses of support/rest-cases.ts (a route added without a row there makes this file
 * fail); the role comes from the session; every answer, granted or refused, is the one the
 * OpenAPI document describes; a known path asked with another method answers 405.
 */
let documented: DocumentedAnswers;
beforeAll(async () => {
  documented = new DocumentedAnswers((await shop.app.get('/api/openapi.json')).body as OpenApiDoc);
});

describe('permission matrix', () => {
  test('every REST route has a row, and every row a route', () => {
    const routes = REST_ROUTES.map((r) => `${r.method.toUpperCase()} ${r.path}`).sort();
    expect(Object.keys(REST).sort()).toEqual(routes);
  });

  const restCases = Object.entries(REST).flatMap(([route, c]) =>
    ROLES.map((who) => [route, who, c] as const),
  );
  test.each(restCases)('REST %s as %s', async (route, who, c) => {
    const headers = await cookieFor(who);
    const method = route.split(' ')[0]!.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    const res = await shop.app
      .client()
      .send(
        method,
        await c.path(),
        (await c.body?.()) ?? (method === 'get' ? undefined : {}),
        headers,
      );
    expect(res.status).toBe(c.expected[who]);
    if (res.status === 401 || res.status === 403) {
      expect(typeof res.body.error).toBe('string');
    }
    documented.expectDocumented(method, route.split(' ')[1]!, res);
  });

  // Outside /api: `/metrics` (http/metrics.ts) takes METRICS_TOKEN's bearer token, not a session.
  test.each(ROLES)('GET /metrics as %s: 401 without the token, 200 with it', async (who) => {
    const headers = await cookieFor(who);
    const refused = await shop.app.client().send('get', '/metrics', undefined, headers);
    expect(refused.status).toBe(401);
    expect(refused.text).not.toContain('tienda_');
    const forgedRole = await shop.app
      .client()
      .send('get', '/metrics', undefined, { ...headers, 'X-Rol': 'admin' });
    expect(forgedRole.status).toBe(401);
    const allowed = await shop.app.client().send('get', '/metrics', undefined, {
      ...headers,
      Authorization: `Bearer ${METRICS_TOKEN}`,
    });
    expect(allowed.status).toBe(200);
    expect(allowed.text).toContain('tienda_http_requests_total');
  });

  test('a customer never reaches admin data through a forged role: the role comes from the session', async () => {
    const headers = await cookieFor('customer');
    const res = await shop.app
      .client()
      .send('get', '/api/usuarios?rol=admin', undefined, { ...headers, 'X-Rol': 'admin' });
    expect(res.status).toBe(403);
  });

  test('a known path asked with another method answers 405 with Allow', async () => {
    for (const [method, path, allow] of [
      ['delete', '/api/version', 'GET, HEAD'],
      ['delete', '/api/productos', 'GET, HEAD, POST'],
      ['post', '/api/productos/1', 'GET, HEAD, PUT, DELETE'],
      ['get', '/api/auth/login', 'POST'],
      ['delete', '/api/usuarios', 'GET, HEAD, POST'],
    ] as const) {
      const res = await shop.app.client().send(method, path);
      expect([method, path, res.status, res.headers.allow]).toEqual([method, path, 405, allow]);
      expect(res.body).toEqual({ error: 'Método no permitido', reason: 'METHOD_NOT_ALLOWED' });
    }
  });
});
