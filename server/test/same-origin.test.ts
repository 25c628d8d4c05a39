import { shopWith } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/** Cross-site request forgery: REST writes only from the shop's own pages. */
const shop = shopWith([], { publicUrl: 'https://tienda.example.mx' });

beforeAll(async () => {
  await createUsers(shop.orm.em.fork(), [{ email: 'ana@example.com', password: 'Secreta123' }]);
});

const login = (headers: Record<string, string>) =>
  shop.app
    .client()
    .send('post', '/api/auth/login', { email: 'ana@example.com', password: 'Secreta123' }, headers);

describe('REST writes from another site are refused (403)', () => {
  test.each([
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'Sec-Fetch-Site': 'same-site' }],
    ['an Origin that is not the shop', { Origin: 'https://atacante.example.com' }],
    ['a malformed Origin', { Origin: 'null' }],
  ])('%s', async (_case, headers) => {
    const res = await login(headers);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: 'Petición rechazada: no viene de las páginas de la tienda',
      reason: 'CROSS_SITE_WRITE',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  test.each([
    ['the same origin (Sec-Fetch-Site)', { 'Sec-Fetch-Site': 'same-origin' }],
    ['the same host (Origin)', { Origin: 'http://tienda.local:4000', Host: 'tienda.local:4000' }],
    ['PUBLIC_URL behind a proxy (Origin)', { Origin: 'https://tienda.example.mx' }],
    ['a client that is not a browser (no headers)', {}],
  ])('allowed: %s', async (_case, headers) => {
    const res = await login(headers as Record<string, string>);
    expect(res.status).toBe(200);
  });

  test('reads are never refused: GET with a cross-site label still answers', async () => {
    const res = await shop.app.get('/api/version', { 'Sec-Fetch-Site': 'cross-site' });
    expect(res.status).toBe(200);
  });
});
