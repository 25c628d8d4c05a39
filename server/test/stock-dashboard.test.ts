import { shopWith, type HttpClient } from './support/app.js';
import { createProducts, createUsers } from './support/fixtures.js';

/**
 * Issue 9 item 4: the admin's stock dashboard (spec §2 'Dashboard Stock'): per product type the
 * total units and units per size, per brand within the type the same; the brand is the first of
 * the brand list (as the admin sees it: by name) whose name the product's name contains,
 * case-insensitively, else 'Otras'; types and brands by total, descending. Admin only; two SQL
 * statements whatever the number of products.
 *
 * The product's brand column is deliberately not what decides: 'Playera PUMA 2 Negro' is stored
 * with brand Nike and still counts as Puma.
 */
const shop = shopWith(
  [
    { name: 'Playera Nike Dama 1 Rosa', price: 250, type: 'Playera', stock: { S: 2, M: 3 } },
    { name: 'Playera Adidas Nike 3 Blanco', price: 250, type: 'Playera', stock: { M: 4, L: 2 } },
    {
      name: 'Playera PUMA 2 Negro',
      price: 250,
      type: 'Playera',
      brand: 'Nike',
      stock: { XL: 1, S: 1 },
    },
    { name: 'Playera Genérica 5 Gris', price: 250, type: 'Playera', stock: { M: 10 } },
    { name: 'Playera nike 7 Azul', price: 250, type: 'Playera', stock: { L: 2 } },
    { name: 'Pantalón Levis 501 Azul', price: 700, type: 'Pantalón', stock: { '30': 3, '28': 2 } },
    { name: 'Gorra Nike 9 Negro', price: 150, stock: { Única: 40 } },
  ],
  { rateLimits: false },
);

const PASSWORD = 'Clave12345';
let admin: HttpClient;
let customer: HttpClient;
const db = () => shop.orm.em.fork();

async function signIn(email: string): Promise<HttpClient> {
  const client = shop.app.client();
  const res = await client.post('/api/auth/login', { email, password: PASSWORD });
  expect(res.status).toBe(200);
  return client;
}

beforeAll(async () => {
  // 'Nike' exists already (the fixture's brand column): it has the lowest id. By id the list
  // would be Nike, Puma, Adidas…; by name (what the admin sees) it is Adidas, Levis, Nike…
  await db().execute(
    `insert into brand (name) values ('Puma'), ('Adidas'), ('Nike Dama'), ('Levis')`,
  );
  await db().execute(`insert into product_type (name) values ('Jogger')`);
  await createUsers(db(), [
    { email: 'admin@example.com', password: PASSWORD, role: 'admin' },
    { email: 'cliente@example.com', password: PASSWORD },
  ]);
  admin = await signIn('admin@example.com');
  customer = await signIn('cliente@example.com');
});

const DASHBOARD = `{ stockDashboard { typeName totalUnits sizes { size units }
  brands { brandName totalUnits sizes { size units } } } }`;

interface Sizes {
  size: string;
  units: number;
}
interface TypeRow {
  typeName: string;
  totalUnits: number;
  sizes: Sizes[];
  brands: { brandName: string; totalUnits: number; sizes: Sizes[] }[];
}

const s = (entries: Record<string, number>, order: string[]): Sizes[] =>
  order.map((size) => ({ size, units: entries[size]! }));

const EXPECTED: TypeRow[] = [
  {
    typeName: 'Sin tipo',
    totalUnits: 40,
    sizes: [{ size: 'Única', units: 40 }],
    brands: [{ brandName: 'Nike', totalUnits: 40, sizes: [{ size: 'Única', units: 40 }] }],
  },
  {
    typeName: 'Playera',
    totalUnits: 25,
    sizes: s({ S: 3, M: 17, L: 4, XL: 1 }, ['S', 'M', 'L', 'XL']),
    brands: [
      { brandName: 'Otras', totalUnits: 10, sizes: [{ size: 'M', units: 10 }] },
      { brandName: 'Nike', totalUnits: 7, sizes: s({ S: 2, M: 3, L: 2 }, ['S', 'M', 'L']) },
      { brandName: 'Adidas', totalUnits: 6, sizes: s({ M: 4, L: 2 }, ['M', 'L']) },
      { brandName: 'Puma', totalUnits: 2, sizes: s({ S: 1, XL: 1 }, ['S', 'XL']) },
    ],
  },
  {
    typeName: 'Pantalón',
    totalUnits: 5,
    sizes: s({ '28': 2, '30': 3 }, ['28', '30']),
    brands: [{ brandName: 'Levis', totalUnits: 5, sizes: s({ '28': 2, '30': 3 }, ['28', '30']) }],
  },
];

describe('stock dashboard', () => {
  test('per type and brand: totals, units per size, brands matched by name, sorted by total', async () => {
    const res = await admin.gql<{ stockDashboard: TypeRow[] }>(DASHBOARD);
    expect(res.errors).toBeUndefined();
    expect(res.data!.stockDashboard).toEqual(EXPECTED);
  });

  test("the first brand of the admin's list (by name) wins; 'Nike Dama' loses to 'Nike'; case ignored", async () => {
    const res = await admin.gql<{ stockDashboard: TypeRow[] }>(DASHBOARD);
    const playera = res.data!.stockDashboard.find((t) => t.typeName === 'Playera')!;
    const names = playera.brands.map((b) => b.brandName);
    // 'Playera Adidas Nike 3 Blanco' is Adidas (before Nike by name, after it by id).
    expect(names).toContain('Adidas');
    // 'Playera PUMA 2 Negro' (brand column Nike) is Puma.
    expect(names).toContain('Puma');
    expect(names).not.toContain('Nike Dama');
    // A type without products is not listed.
    expect(res.data!.stockDashboard.map((t) => t.typeName)).not.toContain('Jogger');
  });

  test('REST GET /api/dashboard-stock: the same numbers with Spanish field names', async () => {
    const res = await admin.get('/api/dashboard-stock');
    expect(res.status).toBe(200);
    const body = res.body as {
      idTipo: number | null;
      tipo: string;
      total: number;
      tallas: { talla: string; cantidad: number }[];
      marcas: { idMarca: number | null; marca: string; total: number }[];
    }[];
    expect(body.map((t) => [t.tipo, t.total])).toEqual([
      ['Sin tipo', 40],
      ['Playera', 25],
      ['Pantalón', 5],
    ]);
    expect(body[0]!.idTipo).toBeNull();
    expect(Object.keys(body[2]!).sort()).toEqual(['idTipo', 'marcas', 'tallas', 'tipo', 'total']);
    expect(body[2]!.tallas).toEqual([
      { talla: '28', cantidad: 2 },
      { talla: '30', cantidad: 3 },
    ]);
    expect(body[1]!.marcas.map((m) => [m.marca, m.total])).toEqual([
      ['Otras', 10],
      ['Nike', 7],
      ['Adidas', 6],
      ['Puma', 2],
    ]);
    expect(body[1]!.marcas[0]!.idMarca).toBeNull();
  });

  test('customers get 403 and anonymous visitors 401, through GraphQL and REST', async () => {
    const asCustomer = await customer.gql(DASHBOARD);
    expect(asCustomer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(asCustomer.data ?? null).toBeNull();
    const anonymous = await shop.app.client().gql(DASHBOARD);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await customer.get('/api/dashboard-stock')).status).toBe(403);
    expect((await shop.app.client().get('/api/dashboard-stock')).status).toBe(401);
  });

  test('a hidden product (deleted, kept for its orders) is not counted', async () => {
    await db().execute(
      `update product set hidden_at = now() where name = 'Playera Genérica 5 Gris'`,
    );
    try {
      const res = await admin.gql<{ stockDashboard: TypeRow[] }>(DASHBOARD);
      const playera = res.data!.stockDashboard.find((t) => t.typeName === 'Playera')!;
      // 25 units less the hidden product's 10, all of them 'Otras'.
      expect(playera.totalUnits).toBe(15);
      expect(playera.brands.map((b) => b.brandName)).not.toContain('Otras');
    } finally {
      await db().execute(
        `update product set hidden_at = null where name = 'Playera Genérica 5 Gris'`,
      );
    }
  });

  // Last: it adds products.
  test('the same SQL statements for 7 products as for 57, and the new units counted', async () => {
    const before = await admin.gql<{ stockDashboard: TypeRow[] }>(DASHBOARD);
    await createProducts(
      db(),
      Array.from({ length: 50 }, (_, i) => ({
        name: `Playera Puma ${100 + i} Negro`,
        price: 250,
        type: 'Playera',
        stock: { S: 1, M: 2 },
      })),
    );
    const after = await admin.gql<{ stockDashboard: TypeRow[] }>(DASHBOARD);
    expect(after.errors).toBeUndefined();
    expect(after.queries).toBe(before.queries);
    // The session, then the dashboard's two: the brand list, the sums.
    expect(before.queries).toBe(3);
    const playera = after.data!.stockDashboard.find((t) => t.typeName === 'Playera')!;
    expect(playera.totalUnits).toBe(25 + 150);
    expect(playera.brands[0]).toEqual({
      brandName: 'Puma',
      totalUnits: 152,
      sizes: s({ S: 51, M: 100, XL: 1 }, ['S', 'M', 'XL']),
    });
    expect(after.data!.stockDashboard.map((t) => t.typeName)).toEqual([
      'Playera',
      'Sin tipo',
      'Pantalón',
    ]);
  });
});
