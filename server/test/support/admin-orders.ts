import { shopWith, type HttpClient } from './app.js';
import { createUsers } from './fixtures.js';

/**
 * Issue 7 item 9: the orders domain of the admin (list with the customer's name, search, paging,
 * status and tracking through the one status method, stock returned once on cancelling), and
 * the customer's paged orders.
 *
 * The shared ground of admin-orders-list.test.ts and admin-orders-status.test.ts. Importing this
 * module registers, in the importing test file, the hooks that give it its own database with two
 * products, three customers with eleven orders between them and an admin signed in (`admin` is
 * set once they have run).
 */
const shop = shopWith(
  [
    { name: 'Playera Nike 1 Negro', price: 250, stock: { M: 10, L: 10 } },
    { name: 'Pantalón Levis 2 Azul', price: 700, stock: { '30': 5 } },
  ],
  { rateLimits: false },
);

export const PASSWORD = 'Clave12345';
export const ids = { maria: 0, jose: 0, ana: 0, admin: 0 };
export type OrderName =
  | 'maria1'
  | 'jose1'
  | 'ana1'
  | 'maria2'
  | 'ana2'
  | 'jose2'
  | 'maria3'
  | 'ana3'
  | 'ana4'
  | 'jose3'
  | 'ana5';
/** The fixture orders by name, in creation order (ids ascending). */
export const orders = {} as Record<OrderName, number>;

export const db = () => shop.orm.em.fork();

export async function signIn(email: string): Promise<HttpClient> {
  const client = shop.app.client();
  const res = await client.post('/api/auth/login', { email, password: PASSWORD });
  expect(res.status).toBe(200);
  return client;
}

export async function addressOf(userId: number): Promise<number> {
  const [row] = await db().execute<{ id: number }[]>(
    `insert into address (user_id, first_name, last_name, street, number, neighborhood,
        postal_code, city, state, "references", phone)
      values (?, 'Ana', 'López', 'Reforma', '10', 'Centro', '06000', 'CDMX', 'CDMX', 'Portón', '5512345678')
      returning id`,
    [userId],
  );
  return row!.id;
}

/** An order written straight into the tables (two lines), for the list and search tests. */
export async function insertOrder(
  userId: number,
  status: string,
  addressId: number,
): Promise<number> {
  const [row] = await db().execute<{ id: number }[]>(
    `insert into shop_order (user_id, address_id, subtotal_cents, shipping_cents, discount_cents,
        total_cents, status) values (?, ?, 95000, 22000, 0, 117000, ?) returning id`,
    [userId, addressId, status],
  );
  await db().execute(
    `insert into order_line (order_id, product_id, product_name, size, quantity, unit_price_cents,
        on_promotion)
      values (?, 1, 'Playera Nike 1 Negro', 'M', 1, 25000, false),
             (?, 2, 'Pantalón Levis 2 Azul', '30', 1, 70000, false)`,
    [row!.id, row!.id],
  );
  return row!.id;
}

export const stockOf = async (productId: number, size: string) =>
  (
    await db().execute<{ quantity: number }[]>(
      'select quantity from product_stock where product_id = ? and size = ?',
      [productId, size],
    )
  )[0]!.quantity;
export const setStock = (productId: number, size: string, quantity: number) =>
  db().execute('update product_stock set quantity = ? where product_id = ? and size = ?', [
    quantity,
    productId,
    size,
  ]);
export const orderRow = async (id: number) =>
  (
    await db().execute<
      { status: string; tracking: string | null; user_id: number; total_cents: number }[]
    >('select status, tracking, user_id, total_cents from shop_order where id = ?', [id])
  )[0]!;

export const ORDERS = `query O($search: String, $offset: Int!, $limit: Int!) {
  orders(search: $search, offset: $offset, limit: $limit) {
    total items { id userName status totalCents } } }`;
export const UPDATE = `mutation U($id: Int!, $input: UpdateOrderInput!) {
  updateOrder(id: $id, input: $input) { id status tracking paid } }`;

export interface Page {
  total: number;
  items: { id: number; userName: string; status: string; totalCents: number }[];
}

export let admin: HttpClient;

beforeAll(async () => {
  [ids.maria, ids.jose, ids.ana, ids.admin] = (await createUsers(db(), [
    { name: 'María José Núñez', email: 'maria@example.com', password: PASSWORD },
    { name: 'José Pérez', email: 'jose@example.com', password: PASSWORD },
    { name: 'Ana López', email: 'ana@example.com', password: PASSWORD },
    { name: 'Admin Tienda', email: 'admin@example.com', password: PASSWORD, role: 'admin' },
  ])) as [number, number, number, number];
  const address = {
    maria: await addressOf(ids.maria),
    jose: await addressOf(ids.jose),
    ana: await addressOf(ids.ana),
  };
  const plan: [OrderName, keyof typeof address, string][] = [
    ['maria1', 'maria', 'En espera de pago'],
    ['jose1', 'jose', 'Pagado'],
    ['ana1', 'ana', 'Enviado'],
    ['maria2', 'maria', 'Pagado por mercadopago'],
    ['ana2', 'ana', 'Cancelado por falta de pago'],
    ['jose2', 'jose', 'En espera de pago'],
    ['maria3', 'maria', 'Enviado'],
    ['ana3', 'ana', 'En espera de pago'],
    ['ana4', 'ana', 'Pagado'],
    ['jose3', 'jose', 'Entregado'],
    ['ana5', 'ana', 'En espera de pago'],
  ];
  for (const [name, who, status] of plan) {
    orders[name] = await insertOrder(ids[who], status, address[who]);
  }
  admin = await signIn('admin@example.com');
});

export const search = async (text: string | null, offset = 0, limit = 100) => {
  const res = await admin.gql<{ orders: Page }>(ORDERS, { search: text, offset, limit });
  expect(res.errors).toBeUndefined();
  return res.data!.orders;
};
export const idsOf = (...names: OrderName[]) => names.map((n) => orders[n]);
