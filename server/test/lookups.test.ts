import { shopWith, type HttpClient } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/**
 * Issue 9 item 5: the type, brand and colour lists (spec §2, §5 'Type, brand and colour', §8
 * 'Lookup items'), through GraphQL and the REST facade: required, bounded, control-free names,
 * unique case-insensitively within their list; a brand comes with '{brand} Dama' and
 * '{brand} Niño' in one transaction; an item products use is not deleted; the storefront's facets
 * follow a rename at once.
 */
const shop = shopWith(
  [
    { name: 'Playera Nike 1 Negro', price: 250, type: 'Playera', brand: 'Nike', color: 'Negro' },
    { name: 'Pantalón Levis 2 Azul', price: 700, type: 'Pantalón', brand: 'Levis', color: 'Azul' },
  ],
  { rateLimits: false },
);

const PASSWORD = 'Clave12345';
let admin: HttpClient;
let customer: HttpClient;

const db = () => shop.orm.em.fork();

/** Names of a table, straight from SQL (the oracle). */
async function namesIn(table: 'product_type' | 'brand' | 'color'): Promise<string[]> {
  const rows = await db().execute<{ name: string }[]>(`select name from ${table} order by name`);
  return rows.map((r) => r.name);
}

async function idOf(table: 'product_type' | 'brand' | 'color', name: string): Promise<number> {
  const [row] = await db().execute<{ id: number }[]>(`select id from ${table} where name = ?`, [
    name,
  ]);
  return row!.id;
}

async function signIn(email: string): Promise<HttpClient> {
  const client = shop.app.client();
  const res = await client.post('/api/auth/login', { email, password: PASSWORD });
  expect(res.status).toBe(200);
  return client;
}

beforeAll(async () => {
  await createUsers(db(), [
    { email: 'admin@example.com', password: PASSWORD, role: 'admin' },
    { email: 'cliente@example.com', password: PASSWORD },
  ]);
  admin = await signIn('admin@example.com');
  customer = await signIn('cliente@example.com');
});

const CREATE_TYPE =
  'mutation C($n: String!) { createProductType(name: $n) { __typename id name } }';
const CREATE_COLOR = 'mutation C($n: String!) { createColor(name: $n) { __typename id name } }';
const CREATE_BRAND =
  'mutation C($n: String!) { createBrand(name: $n) { brand { __typename id name } variants { __typename id name } } }';
const UPDATE_BRAND =
  'mutation U($id: Int!, $n: String!) { updateBrand(id: $id, name: $n) { __typename id name } }';
const UPDATE_COLOR =
  'mutation U($id: Int!, $n: String!) { updateColor(id: $id, name: $n) { __typename id name } }';
const DELETE_BRAND = 'mutation D($id: Int!) { deleteBrand(id: $id) { __typename id name } }';
const DELETE_TYPE = 'mutation D($id: Int!) { deleteProductType(id: $id) { __typename id name } }';

type Item = { __typename: string; id: number; name: string };

describe('GraphQL', () => {
  test('an admin creates a type: the name trimmed, answered with its own typename', async () => {
    const res = await admin.gql<{ createProductType: Item }>(CREATE_TYPE, { n: '  Sudadera  ' });
    expect(res.errors).toBeUndefined();
    const id = await idOf('product_type', 'Sudadera');
    expect(res.data!.createProductType).toEqual({
      __typename: 'ProductType',
      id,
      name: 'Sudadera',
    });
    const list = await admin.gql<{ types: Item[] }>('{ types { __typename id name } }');
    expect(list.data!.types).toContainEqual({ __typename: 'ProductType', id, name: 'Sudadera' });
  });

  test("the lists answer the Lookup interface's fields through fragments", async () => {
    const res = await admin.gql<{ brands: Item[]; colors: Item[] }>(
      '{ brands { ...L } colors { ...L } } fragment L on Lookup { __typename id name }',
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.brands.map((b) => b.__typename)).toEqual(res.data!.brands.map(() => 'Brand'));
    expect(res.data!.colors.map((c) => c.name)).toEqual(['Azul', 'Negro']);
  });

  test.each([
    ['empty', ''],
    ['blank', '   \t  '],
  ])('a %s name is refused: El nombre es obligatorio', async (_label, name) => {
    const before = await namesIn('color');
    const res = await admin.gql(CREATE_COLOR, { n: name });
    expect(res.errors?.[0]?.message).toBe('El nombre es obligatorio');
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'name' });
    expect(await namesIn('color')).toEqual(before);
  });

  test('a name longer than 100 characters is refused; 100 is accepted', async () => {
    const long = await admin.gql(CREATE_COLOR, { n: 'a'.repeat(101) });
    expect(long.errors?.[0]?.message).toBe('El nombre no puede tener más de 100 caracteres');
    const fits = await admin.gql<{ createColor: Item }>(CREATE_COLOR, { n: 'b'.repeat(100) });
    expect(fits.errors).toBeUndefined();
    expect(await namesIn('color')).toContain('b'.repeat(100));
    expect(await namesIn('color')).not.toContain('a'.repeat(101));
  });

  test.each([
    // Tab and line breaks pass the request guard; the service refuses them.
    ['Ro\njo', 'El nombre no puede contener caracteres de control'],
    ['Ro\tjo', 'El nombre no puede contener caracteres de control'],
    // NUL and DEL never reach it: the request guard names the variable.
    ['Ro\u0000jo', 'El campo n contiene caracteres no permitidos'],
    ['Ro\u007fjo', 'El campo n contiene caracteres no permitidos'],
  ])('control characters are refused (%j): %s', async (name, message) => {
    const res = await admin.gql(CREATE_COLOR, { n: name });
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.message).toBe(message);
    expect(await namesIn('color')).not.toContain(name);
  });

  test("a name already in the list, whatever its case, is refused: 'Este nombre ya existe'", async () => {
    for (const name of ['NEGRO', 'negro', ' Negro ']) {
      const res = await admin.gql(CREATE_COLOR, { n: name });
      expect(res.errors?.[0]?.message).toBe('Este nombre ya existe');
      expect(res.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    }
    expect((await namesIn('color')).filter((n) => n.toLowerCase() === 'negro')).toEqual(['Negro']);
  });

  test('the same name in another list is allowed (uniqueness is per list)', async () => {
    const res = await admin.gql<{ createProductType: Item }>(CREATE_TYPE, { n: 'negro' });
    expect(res.errors).toBeUndefined();
    expect(await namesIn('product_type')).toContain('negro');
  });

  test('a rename follows the same rules; its own name in another case is fine', async () => {
    const azul = await idOf('color', 'Azul');
    const clash = await admin.gql(UPDATE_COLOR, { id: azul, n: 'nEgRo' });
    expect(clash.errors?.[0]?.message).toBe('Este nombre ya existe');
    const blank = await admin.gql(UPDATE_COLOR, { id: azul, n: ' ' });
    expect(blank.errors?.[0]?.message).toBe('El nombre es obligatorio');
    const recase = await admin.gql<{ updateColor: Item }>(UPDATE_COLOR, { id: azul, n: 'AZUL' });
    expect(recase.data!.updateColor).toEqual({ __typename: 'Color', id: azul, name: 'AZUL' });
    const back = await admin.gql(UPDATE_COLOR, { id: azul, n: 'Azul' });
    expect(back.errors).toBeUndefined();
    expect(await namesIn('color')).toContain('Azul');
  });

  test('renaming or deleting an item that does not exist answers NOT_FOUND', async () => {
    const upd = await admin.gql(UPDATE_COLOR, { id: 999999, n: 'Gris' });
    expect(upd.errors?.[0]).toMatchObject({
      message: 'El elemento no existe',
      extensions: { code: 'NOT_FOUND' },
    });
    const del = await admin.gql(DELETE_BRAND, { id: 999999 });
    expect(del.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  test("creating a brand creates '{brand} Dama' and '{brand} Niño' and answers all three", async () => {
    const res = await admin.gql<{ createBrand: { brand: Item; variants: Item[] } }>(CREATE_BRAND, {
      n: ' Puma ',
    });
    expect(res.errors).toBeUndefined();
    const { brand, variants } = res.data!.createBrand;
    expect(brand).toEqual({ __typename: 'Brand', id: await idOf('brand', 'Puma'), name: 'Puma' });
    expect(variants).toEqual([
      { __typename: 'Brand', id: await idOf('brand', 'Puma Dama'), name: 'Puma Dama' },
      { __typename: 'Brand', id: await idOf('brand', 'Puma Niño'), name: 'Puma Niño' },
    ]);
    expect((await namesIn('brand')).filter((n) => n.startsWith('Puma'))).toEqual([
      'Puma',
      'Puma Dama',
      'Puma Niño',
    ]);
  });

  test("when a variant cannot be made the brand is not created either: 'Error al crear las variantes de la marca'", async () => {
    await db().execute(`insert into brand (name) values ('reebok niño')`);
    const res = await admin.gql(CREATE_BRAND, { n: 'Reebok' });
    expect(res.errors?.[0]?.message).toBe('Error al crear las variantes de la marca');
    expect(res.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    // Neither the brand nor its first variant survived: one transaction.
    expect((await namesIn('brand')).filter((n) => n.toLowerCase().startsWith('reebok'))).toEqual([
      'reebok niño',
    ]);
  });

  test('an existing brand name is refused before any variant: Este nombre ya existe', async () => {
    const before = await namesIn('brand');
    const res = await admin.gql(CREATE_BRAND, { n: 'nike' });
    expect(res.errors?.[0]?.message).toBe('Este nombre ya existe');
    expect(await namesIn('brand')).toEqual(before);
  });

  test('an item a product uses is not deleted (409, products keep it); an unused one is', async () => {
    const nike = await idOf('brand', 'Nike');
    const refused = await admin.gql(DELETE_BRAND, { id: nike });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'No se puede eliminar este elemento porque hay productos que lo usan',
      extensions: { code: 'CONFLICT' },
    });
    const [product] = await db().execute<{ brand_id: number }[]>(
      `select brand_id from product where name = 'Playera Nike 1 Negro'`,
    );
    expect(product!.brand_id).toBe(nike);

    const sudadera = await idOf('product_type', 'Sudadera');
    const deleted = await admin.gql<{ deleteProductType: Item }>(DELETE_TYPE, { id: sudadera });
    expect(deleted.data!.deleteProductType).toEqual({
      __typename: 'ProductType',
      id: sudadera,
      name: 'Sudadera',
    });
    expect(await namesIn('product_type')).not.toContain('Sudadera');
  });

  test("a renamed brand shows under its new name in the storefront's facets at once", async () => {
    const FACETS = '{ products { facets { brands { value count } } } }';
    type Facets = { products: { facets: { brands: { value: string; count: number }[] } } };
    const before = await shop.app.gql<Facets>(FACETS);
    expect(before.data!.products.facets.brands).toContainEqual({ value: 'Levis', count: 1 });

    const levis = await idOf('brand', 'Levis');
    const res = await admin.gql(UPDATE_BRAND, { id: levis, n: "Levi's" });
    expect(res.errors).toBeUndefined();

    const after = await shop.app.gql<Facets>(FACETS);
    const values = after.data!.products.facets.brands.map((b) => b.value);
    expect(after.data!.products.facets.brands).toContainEqual({ value: "Levi's", count: 1 });
    expect(values).not.toContain('Levis');
    // And the product's own brand field, and the filter by the new name.
    const filtered = await shop.app.gql<{ products: { items: { brand: Item }[] } }>(
      `{ products(filter: { brands: ["levi's"] }) { items { brand { __typename id name } } } }`,
    );
    expect(filtered.data!.products.items).toEqual([
      { brand: { __typename: 'Brand', id: levis, name: "Levi's" } },
    ]);
  });

  test.each([
    ['createProductType', CREATE_TYPE, () => ({ n: 'Gorra' })],
    ['createBrand', CREATE_BRAND, () => ({ n: 'Vans' })],
    ['createColor', CREATE_COLOR, () => ({ n: 'Gris' })],
    ['deleteBrand', DELETE_BRAND, async () => ({ id: await idOf('brand', 'Puma Dama') })],
  ])('%s: a customer is refused (FORBIDDEN), an anonymous visitor too', async (_op, q, vars) => {
    const asCustomer = await customer.gql(q, await vars());
    expect(asCustomer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const asAnonymous = await shop.app.gql(q, await vars());
    expect(asAnonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await namesIn('brand')).toContain('Puma Dama');
    expect(await namesIn('brand')).not.toContain('Vans');
    expect(await namesIn('color')).not.toContain('Gris');
  });
});

describe('REST /api/tipos, /api/marcas, /api/colores', () => {
  test('POST answers 201 with {id, nombre}; GET lists it; PUT answers the renamed record', async () => {
    const created = await admin.post('/api/colores', { nombre: ' Verde ' });
    expect(created.status).toBe(201);
    const id = await idOf('color', 'Verde');
    expect(created.body).toEqual({ id, nombre: 'Verde' });
    expect((await shop.app.get('/api/colores')).body).toContainEqual({ id, nombre: 'Verde' });

    const renamed = await admin.put(`/api/colores/${id}`, { nombre: 'Verde olivo' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id, nombre: 'Verde olivo' });
    expect(await namesIn('color')).toContain('Verde olivo');
  });

  test('POST /api/marcas creates the brand with its two variants, answered under variantes', async () => {
    const res = await admin.post('/api/marcas', { nombre: 'Converse' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: await idOf('brand', 'Converse'),
      nombre: 'Converse',
      variantes: [
        { id: await idOf('brand', 'Converse Dama'), nombre: 'Converse Dama' },
        { id: await idOf('brand', 'Converse Niño'), nombre: 'Converse Niño' },
      ],
    });
  });

  test('POST /api/marcas whose variant exists: 409, nothing created', async () => {
    await db().execute(`insert into brand (name) values ('Fila Dama')`);
    const res = await admin.post('/api/marcas', { nombre: 'Fila' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'Error al crear las variantes de la marca',
      reason: 'CONFLICT',
    });
    expect(await namesIn('brand')).not.toContain('Fila');
    expect(await namesIn('brand')).not.toContain('Fila Niño');
  });

  test('DELETE answers 204 and the item is gone; one in use answers 409', async () => {
    const id = await idOf('color', 'Verde olivo');
    const res = await admin.delete(`/api/colores/${id}`);
    expect(res.status).toBe(204);
    expect(await namesIn('color')).not.toContain('Verde olivo');

    const inUse = await admin.delete(`/api/tipos/${await idOf('product_type', 'Playera')}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body).toEqual({
      error: 'No se puede eliminar este elemento porque hay productos que lo usan',
      reason: 'CONFLICT',
    });
    expect(await namesIn('product_type')).toContain('Playera');

    expect((await admin.delete('/api/tipos/999999')).status).toBe(404);
  });

  test.each([
    ['missing nombre', {}, 400, 'El nombre es obligatorio', 'BAD_USER_INPUT'],
    ['blank nombre', { nombre: '   ' }, 400, 'El nombre es obligatorio', 'BAD_USER_INPUT'],
    [
      'too long',
      { nombre: 'x'.repeat(101) },
      400,
      'El nombre no puede tener más de 100 caracteres',
      'BAD_USER_INPUT',
    ],
    ['duplicate, other case', { nombre: 'PLAYERA' }, 409, 'Este nombre ya existe', 'CONFLICT'],
  ])('POST /api/tipos with %s: %s %s', async (_label, body, status, message, reason) => {
    const before = await namesIn('product_type');
    const res = await admin.post('/api/tipos', body);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error: message, reason });
    expect(await namesIn('product_type')).toEqual(before);
  });

  test('PUT to a name another item has, in another case: 409 Este nombre ya existe', async () => {
    const res = await admin.put(`/api/tipos/${await idOf('product_type', 'Playera')}`, {
      nombre: 'pantalón',
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'Este nombre ya existe', reason: 'CONFLICT' });
  });

  test('hostile input answers 4xx, never 500', async () => {
    for (const [method, path, body] of [
      ['post', '/api/tipos', { nombre: 'x'.repeat(5000) }],
      ['post', '/api/tipos', { nombre: 12 }],
      ['post', '/api/tipos', { nombre: ['a'] }],
      ['put', '/api/tipos/abc', { nombre: 'a' }],
      ['put', '/api/tipos/99999999999', { nombre: 'a' }],
      ['put', '/api/tipos/999999', { nombre: 'Nuevo' }],
    ] as const) {
      const res = await admin.send(method, path, body);
      expect([path, res.status >= 400 && res.status < 500]).toEqual([path, true]);
    }
  });

  test.each([
    ['post', '/api/tipos'],
    ['post', '/api/marcas'],
    ['post', '/api/colores'],
    ['put', '/api/marcas/1'],
    ['delete', '/api/colores/1'],
  ] as const)('%s %s: customer 403, anonymous 401, nothing changes', async (method, path) => {
    const before = [await namesIn('product_type'), await namesIn('brand'), await namesIn('color')];
    const asCustomer = await customer.send(method, path, { nombre: 'Intruso' });
    expect(asCustomer.status).toBe(403);
    const asAnonymous = await shop.app.send(method, path, { nombre: 'Intruso' });
    expect(asAnonymous.status).toBe(401);
    expect([await namesIn('product_type'), await namesIn('brand'), await namesIn('color')]).toEqual(
      before,
    );
  });
});
