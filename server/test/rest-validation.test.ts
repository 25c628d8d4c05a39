import { DEFAULT_REST_PAGE_SIZE } from '../src/api/rest/schemas.js';
import { shopWith } from './support/app.js';

/**
 * Every REST route validates its path, query and body with a schema and answers 400 in Spanish
 * naming the field; lists are paged by default.
 */
const shop = shopWith(
  Array.from({ length: DEFAULT_REST_PAGE_SIZE + 5 }, (_, i) => ({
    name: `Playera Nike ${i + 1} Negro`,
    price: 100 + i,
    images: 0,
    stock: { M: 1 },
  })),
);

async function expect400(path: string, field: string, body?: unknown) {
  const res = await shop.app.send(body === undefined ? 'get' : 'post', path, body);
  expect([path, res.status]).toEqual([path, 400]);
  expect(res.body.error).toMatch(new RegExp(`^El campo ${field} `));
  return res.body.error as string;
}

describe('REST validation', () => {
  test('promocion takes only true or false (promocion=maybe is not false)', async () => {
    expect(await expect400('/api/productos?promocion=maybe', 'promocion')).toBe(
      'El campo promocion no es válido: se esperaba una de "true"|"false"',
    );
    expect((await shop.app.get('/api/productos?promocion=false')).status).toBe(200);
  });

  test('an id is digits without leading zeros: /api/productos/00001 is not product 1', async () => {
    await expect400('/api/productos/00001', 'id');
    await expect400('/api/productos/1e3', 'id');
    await expect400('/api/productos/-1', 'id');
    await expect400('/api/productos/99999999999', 'id');
    expect((await shop.app.get('/api/productos/1')).status).toBe(200);
  });

  test('paging: limite from 1 to 100, desde a non-negative integer, orden a known sort', async () => {
    for (const q of ['limite=0', 'limite=101', 'limite=abc', 'limite=', 'limite=1&limite=2']) {
      await expect400(`/api/productos?${q}`, 'limite');
    }
    await expect400('/api/productos?desde=-1', 'desde');
    await expect400('/api/productos?orden=AL_AZAR', 'orden');
  });

  test(`no limite answers a page of ${DEFAULT_REST_PAGE_SIZE}, never the whole catalogue`, async () => {
    const first = await shop.app.get('/api/productos');
    expect(first.body).toHaveLength(DEFAULT_REST_PAGE_SIZE);
    const rest = await shop.app.get(`/api/productos?desde=${DEFAULT_REST_PAGE_SIZE}`);
    expect(rest.body).toHaveLength(5);
  });

  test('repeated filters are bounded in count and length', async () => {
    await expect400(`/api/productos?${'marca=x&'.repeat(51)}`, 'marca');
    await expect400(`/api/productos?busqueda=${'a'.repeat(201)}`, 'busqueda');
  });

  test('bodies: wrong types and missing fields are named', async () => {
    expect(await expect400('/api/auth/login', 'email', { email: 5, password: 'x' })).toBe(
      'El campo email no es válido: se esperaba texto, recibido número',
    );
    expect(await expect400('/api/auth/login', 'password', { email: 'a@b.com' })).toBe(
      'El campo password es obligatorio',
    );
    await expect400('/api/usuarios', 'telefono', {
      name: 'A',
      email: 'a@b.com',
      password: 'Secreta123',
    });
    const array = await shop.app.send('post', '/api/auth/login', [1, 2]);
    expect(array.status).toBe(400);
    expect(array.body.error).toMatch(/^El campo cuerpo no es válido/);
  });
});
