import type { HttpClient } from './support/app.js';
import { shop, customer, jpeg, snapshot, CREATE, UPDATE } from './support/admin-products.js';
import { DELETE, ADMIN_LIST, gqlUpload, input } from './support/admin-products.js';

/** The admin's products (support/admin-products.ts): admins only, through GraphQL and REST. */

describe('access', () => {
  test.each([
    ['adminProducts', ADMIN_LIST, {}],
    ['deleteProduct', DELETE, { id: 1 }],
    ['updateProduct (JSON)', UPDATE, { id: 1, input: input() }],
  ])('%s: a customer is refused (FORBIDDEN), an anonymous visitor too', async (_op, q, vars) => {
    const before = await snapshot();
    const asCustomer = await customer.gql(q, vars);
    expect(asCustomer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const asAnonymous = await shop.app.gql(q, vars);
    expect(asAnonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await snapshot()).toEqual(before);
  });

  test('multipart uploads: customer 403, anonymous 401, no file kept', async () => {
    const before = await snapshot();
    const asCustomer = await gqlUpload(customer, CREATE, { input: input({ name: 'Blusa X 1' }) }, [
      jpeg,
    ]);
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const asAnonymous = await gqlUpload(shop.app, CREATE, { input: input({ name: 'Blusa X 1' }) }, [
      jpeg,
    ]);
    expect(asAnonymous.status).toBe(401);
    expect(asAnonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await snapshot()).toEqual(before);
  });

  test.each([
    ['post', '/api/productos'],
    ['put', '/api/productos/1'],
    ['delete', '/api/productos/1'],
    ['get', '/api/admin/productos'],
  ] as const)('REST %s %s: customer 403, anonymous 401, nothing changes', async (method, url) => {
    const before = await snapshot();
    const send = (client: HttpClient) => {
      const req = client.agent[method](url);
      return method === 'post' || method === 'put'
        ? req.field('nombre', 'Blusa Y 1').attach('imagenes', jpeg.data, 'a.jpg')
        : req;
    };
    expect((await send(customer)).status).toBe(403);
    expect((await send(shop.app)).status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});
