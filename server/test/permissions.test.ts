import { buildGraphQLSchema } from '../src/api/graphql/build-schema.js';
import { rootAccessRules } from '../src/api/graphql/access.js';
import { SESSION_COOKIE, SessionCookie } from '../src/http/session-cookie.js';
import { SessionStore } from '../src/modules/accounts/session-store.js';
import { REST_ROUTES } from '../src/api/rest/router.js';
import { ACCOUNT_MESSAGES } from '../src/modules/accounts/account-messages.js';
import { shopWith } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/**
 * The permission matrix: every GraphQL operation and every REST route, called as an anonymous
 * visitor, a customer, another customer and an admin. An operation or route added without a row
 * here makes this file fail.
 */
const ROLES = ['anonymous', 'customer', 'otherCustomer', 'admin'] as const;
type Who = (typeof ROLES)[number];

const shop = shopWith(
  [{ name: 'Playera Nike 1 Negro', price: 200, type: 'Playera', brand: 'Nike' }],
  {
    rateLimits: false,
  },
);

const ids = { customer: 0, otherCustomer: 0, admin: 0 };
let counter = 0;
const uniqueEmail = () => `matriz${(counter += 1)}@example.com`;

/** A fresh open cart line of the customer (the only one), for operations that consume it. */
async function customerLine(): Promise<number> {
  const em = shop.orm.em.fork();
  await em.execute(`update product_stock set quantity = 5 where product_id = 1 and size = 'M'`);
  await em.execute('delete from cart_line where user_id = ? and not purchased', [ids.customer]);
  const [row] = await em.execute<{ id: number }[]>(
    `insert into cart_line (user_id, product_id, size, quantity) values (?, 1, 'M', 1) returning id`,
    [ids.customer],
  );
  return row!.id;
}

/** A fresh address of the customer. */
async function customerAddress(): Promise<number> {
  const [row] = await shop.orm.em.fork().execute<{ id: number }[]>(
    `insert into address (user_id, first_name, last_name, street, number, neighborhood,
        postal_code, city, state, "references", phone)
      values (?, 'Ana', 'López', 'Reforma', '10', 'Centro', '06000', 'CDMX', 'CDMX', 'Portón', '5512345678')
      returning id`,
    [ids.customer],
  );
  return row!.id;
}

/** An order of the customer's. */
async function customerOrder(): Promise<number> {
  const [row] = await shop.orm.em.fork().execute<{ id: number }[]>(
    `insert into shop_order (user_id, subtotal_cents, shipping_cents, discount_cents, total_cents)
      values (?, 100, 22000, 0, 22100) returning id`,
    [ids.customer],
  );
  return row!.id;
}

/** An e-mail of a customer's order, in the outbox. */
async function orderEmail(): Promise<number> {
  const orderId = await customerOrder();
  const [row] = await shop.orm.em.fork().execute<{ id: string }[]>(
    `insert into mail_outbox (event_key, kind, recipient, order_id, props, status)
      values (?, 'order-received', 'cliente@example.com', ?, '{}', 'sent') returning id`,
    [`order:${orderId}:order-received`, orderId],
  );
  return Number(row!.id);
}

/** A fresh unused item of a lookup list (for renames and deletes). */
async function lookupItem(table: 'product_type' | 'brand' | 'color'): Promise<number> {
  const [row] = await shop.orm.em
    .fork()
    .execute<{ id: number }[]>(`insert into ${table} (name) values (?) returning id`, [
      `Matriz ${(counter += 1)}`,
    ]);
  return row!.id;
}

/** A product only the matrix uses, for deletes. */
async function spareProduct(): Promise<number> {
  const [row] = await shop.orm.em
    .fork()
    .execute<{ id: number }[]>(
      `insert into product (name, description, price_cents, gender) values (?, 'x', 100, 'Hombre') returning id`,
      [`Matriz ${(counter += 1)}`],
    );
  return row!.id;
}

/** A special product's input (no type needed), the sizes of the fixture's product 1. */
const productInput = (name: string) => ({
  special: true,
  name,
  description: 'Descripción',
  priceCents: 20_000,
  promotion: false,
  sizes: ['S', 'M', 'L', 'XL'],
  quantities: [1, 1, 1, 1],
});

/** Both a cart line and an address, for the summary and the checkout. */
async function customerCartAndAddress(): Promise<number> {
  await customerLine();
  return customerAddress();
}

const ADDRESS_INPUT = {
  firstName: 'Ana',
  lastName: 'López',
  street: 'Reforma',
  number: '10',
  neighborhood: 'Centro',
  postalCode: '06000',
  city: 'CDMX',
  state: 'CDMX',
  references: 'Portón negro',
  phone: '5512345678',
};

beforeAll(async () => {
  const em = shop.orm.em.fork();
  [ids.customer, ids.otherCustomer, ids.admin] = (await createUsers(em, [
    { email: 'cliente@example.com', password: 'Cliente123' },
    { email: 'otro@example.com', password: 'Otro12345' },
    { email: 'admin@example.com', password: 'Admin12345', role: 'admin' },
    { email: 'entrar@example.com', password: 'Entrar123' },
  ])) as [number, number, number];
});

/** A fresh session for the role (so a call that signs out cannot affect the next one). */
async function cookieFor(who: Who): Promise<Record<string, string>> {
  if (who === 'anonymous') return {};
  const session = await new SessionStore(shop.orm.em.fork()).start(ids[who]);
  const signer = new SessionCookie(shop.app.config.sessionSecret!, false);
  return { Cookie: `${SESSION_COOKIE}=${signer.value(session.token)}` };
}

type Outcome = 'ok' | 'UNAUTHENTICATED' | 'FORBIDDEN' | { message: string };
const PUBLIC: Record<Who, Outcome> = {
  anonymous: 'ok',
  customer: 'ok',
  otherCustomer: 'ok',
  admin: 'ok',
};
const SIGNED_IN: Record<Who, Outcome> = { ...PUBLIC, anonymous: 'UNAUTHENTICATED' };
const ADMIN: Record<Who, Outcome> = {
  anonymous: 'UNAUTHENTICATED',
  customer: 'FORBIDDEN',
  otherCustomer: 'FORBIDDEN',
  admin: 'ok',
};
/** The customer's own record: the customer and an admin; another customer is refused. */
const OWNER: Record<Who, Outcome> = { ...ADMIN, customer: 'ok' };
const GOOGLE_REFUSED: Record<Who, Outcome> = Object.fromEntries(
  ROLES.map((r) => [r, { message: 'ocurrió un error al iniciar sesión con Google' }]),
) as Record<Who, Outcome>;

interface GraphQLCase {
  query: string;
  variables?: () => Record<string, unknown> | Promise<Record<string, unknown>>;
  expected: Record<Who, Outcome>;
}

const GRAPHQL: Record<string, GraphQLCase> = {
  'Query.appVersion': { query: '{ appVersion }', expected: PUBLIC },
  'Query.shopSettings': { query: '{ shopSettings { whatsappUrl } }', expected: PUBLIC },
  'Query.products': { query: '{ products { total } }', expected: PUBLIC },
  'Query.newProducts': { query: '{ newProducts { id } }', expected: PUBLIC },
  'Query.product': { query: '{ product(id: 1) { id } }', expected: PUBLIC },
  'Query.types': { query: '{ types { id } }', expected: PUBLIC },
  'Query.brands': { query: '{ brands { id } }', expected: PUBLIC },
  'Query.colors': { query: '{ colors { id } }', expected: PUBLIC },
  'Mutation.createProductType': {
    query: 'mutation C($n: String!) { createProductType(name: $n) { id } }',
    variables: () => ({ n: `Nuevo ${(counter += 1)}` }),
    expected: ADMIN,
  },
  'Mutation.updateProductType': {
    query: 'mutation U($id: Int!, $n: String!) { updateProductType(id: $id, name: $n) { id } }',
    variables: async () => ({
      id: await lookupItem('product_type'),
      n: `Renombrado ${(counter += 1)}`,
    }),
    expected: ADMIN,
  },
  'Mutation.deleteProductType': {
    query: 'mutation D($id: Int!) { deleteProductType(id: $id) { id } }',
    variables: async () => ({ id: await lookupItem('product_type') }),
    expected: ADMIN,
  },
  'Mutation.createBrand': {
    query: 'mutation C($n: String!) { createBrand(name: $n) { brand { id } } }',
    variables: () => ({ n: `Nuevo ${(counter += 1)}` }),
    expected: ADMIN,
  },
  'Mutation.updateBrand': {
    query: 'mutation U($id: Int!, $n: String!) { updateBrand(id: $id, name: $n) { id } }',
    variables: async () => ({ id: await lookupItem('brand'), n: `Renombrado ${(counter += 1)}` }),
    expected: ADMIN,
  },
  'Mutation.deleteBrand': {
    query: 'mutation D($id: Int!) { deleteBrand(id: $id) { id } }',
    variables: async () => ({ id: await lookupItem('brand') }),
    expected: ADMIN,
  },
  'Query.adminProducts': {
    query: '{ adminProducts(search: "nike") { total items { id } } }',
    expected: ADMIN,
  },
  'Mutation.createProduct': {
    // Photos travel as multipart (admin-products.test.ts); without any the admin hears the rule.
    query: `mutation C($input: ProductInput!) { createProduct(input: $input, photos: []) { id } }`,
    variables: () => ({ input: productInput(`Playera Matriz ${(counter += 1)}`) }),
    expected: { ...ADMIN, admin: { message: 'Por favor, llena todos los campos' } },
  },
  'Mutation.updateProduct': {
    query: `mutation U($id: Int!, $input: ProductInput!) { updateProduct(id: $id, input: $input) { id } }`,
    variables: () => ({ id: 1, input: productInput('Playera Nike 1 Negro') }),
    expected: ADMIN,
  },
  'Mutation.deleteProduct': {
    query: 'mutation D($id: Int!) { deleteProduct(id: $id) }',
    variables: async () => ({ id: await spareProduct() }),
    expected: ADMIN,
  },
  'Mutation.createColor': {
    query: 'mutation C($n: String!) { createColor(name: $n) { id } }',
    variables: () => ({ n: `Nuevo ${(counter += 1)}` }),
    expected: ADMIN,
  },
  'Mutation.updateColor': {
    query: 'mutation U($id: Int!, $n: String!) { updateColor(id: $id, name: $n) { id } }',
    variables: async () => ({ id: await lookupItem('color'), n: `Renombrado ${(counter += 1)}` }),
    expected: ADMIN,
  },
  'Mutation.deleteColor': {
    query: 'mutation D($id: Int!) { deleteColor(id: $id) { id } }',
    variables: async () => ({ id: await lookupItem('color') }),
    expected: ADMIN,
  },
  'Query.me': { query: '{ me { id } }', expected: PUBLIC },
  'Query.emailAvailable': {
    query: '{ emailAvailable(email: "alguien@example.com") }',
    expected: PUBLIC,
  },
  'Query.users': { query: '{ users { total } }', expected: ADMIN },
  'Query.user': {
    query: 'query U($id: Int!) { user(id: $id) { id } }',
    variables: () => ({ id: ids.customer }),
    expected: OWNER,
  },
  'Mutation.register': {
    query: 'mutation R($input: RegisterInput!) { register(input: $input) { id } }',
    variables: () => ({
      input: { name: 'Nueva', phone: '5512345678', email: uniqueEmail(), password: 'Nueva1234' },
    }),
    expected: PUBLIC,
  },
  'Mutation.signIn': {
    query: 'mutation { signIn(email: "entrar@example.com", password: "Entrar123") { id } }',
    expected: PUBLIC,
  },
  'Mutation.signInWithGoogle': {
    query: 'mutation { signInWithGoogle(credential: "no-es-un-token") { id } }',
    expected: GOOGLE_REFUSED,
  },
  'Mutation.signOut': { query: 'mutation { signOut }', expected: PUBLIC },
  'Mutation.requestPasswordReset': {
    query: 'mutation { requestPasswordReset(email: "entrar@example.com") }',
    expected: PUBLIC,
  },
  'Mutation.resetPassword': {
    query:
      'mutation { resetPassword(token: "no-es-un-token-valido-de-nada", password: "Nueva1234") { id } }',
    expected: Object.fromEntries(
      ROLES.map((r) => [r, { message: ACCOUNT_MESSAGES.resetInvalid }]),
    ) as Record<Who, Outcome>,
  },
  'Mutation.changePassword': {
    query:
      'mutation { changePassword(currentPassword: "Incorrecta1", newPassword: "Nueva1234") { id } }',
    expected: {
      anonymous: 'UNAUTHENTICATED',
      customer: { message: ACCOUNT_MESSAGES.wrongCurrentPassword },
      otherCustomer: { message: ACCOUNT_MESSAGES.wrongCurrentPassword },
      admin: { message: ACCOUNT_MESSAGES.wrongCurrentPassword },
    },
  },
  'Query.orderEmails': {
    query: 'query E($id: Int!) { orderEmails(orderId: $id) { id status } }',
    variables: async () => ({ id: await customerOrder() }),
    expected: ADMIN,
  },
  'Mutation.resendOrderEmail': {
    query: 'mutation R($id: Int!) { resendOrderEmail(id: $id) { id status } }',
    variables: async () => ({ id: await orderEmail() }),
    expected: ADMIN,
  },

  'Query.cart': { query: '{ cart { itemCount } }', expected: SIGNED_IN },
  'Query.addresses': { query: '{ addresses { id } }', expected: SIGNED_IN },
  'Mutation.addToCart': {
    query: 'mutation { addToCart(productId: 1, size: "S", quantity: 1) { itemCount } }',
    expected: {
      ...SIGNED_IN,
      anonymous: { message: 'Debes iniciar sesión para agregar productos al carrito' },
    },
  },
  'Mutation.setCartLineQuantity': {
    query: 'mutation Q($id: Int!) { setCartLineQuantity(lineId: $id, quantity: 1) { itemCount } }',
    variables: async () => ({ id: await customerLine() }),
    expected: OWNER,
  },
  'Mutation.removeCartLine': {
    query: 'mutation R($id: Int!) { removeCartLine(lineId: $id) { itemCount } }',
    variables: async () => ({ id: await customerLine() }),
    expected: OWNER,
  },
  'Mutation.addAddress': {
    query: 'mutation A($input: AddressInput!) { addAddress(input: $input) { id } }',
    variables: () => ({ input: ADDRESS_INPUT }),
    expected: SIGNED_IN,
  },
  'Mutation.deleteAddress': {
    query: 'mutation D($id: Int!) { deleteAddress(id: $id) }',
    variables: async () => ({ id: await customerAddress() }),
    expected: OWNER,
  },

  'Query.orderSummary': {
    query: 'query S($a: Int!) { orderSummary(addressId: $a) { totalCents } }',
    variables: async () => ({ a: await customerCartAndAddress() }),
    expected: OWNER,
  },
  'Mutation.checkout': {
    query:
      'mutation C($a: Int!, $k: String!) { checkout(addressId: $a, idempotencyKey: $k) { id } }',
    variables: async () => ({ a: await customerCartAndAddress(), k: `matriz-${uniqueEmail()}` }),
    // An admin may read the customer's address but buys with their own (empty) cart.
    expected: { ...OWNER, admin: { message: 'Debes seleccionar una dirección' } },
  },
  'Query.myOrders': { query: '{ myOrders { total items { id } } }', expected: SIGNED_IN },
  'Query.orders': {
    query: '{ orders(search: "pago", limit: 5) { total items { id userName } } }',
    expected: ADMIN,
  },
  'Query.stockDashboard': { query: '{ stockDashboard { typeName totalUnits } }', expected: ADMIN },
  'Mutation.updateOrder': {
    query:
      'mutation U($id: Int!) { updateOrder(id: $id, input: { status: SHIPPED, tracking: "GUIA1" }) { id } }',
    variables: async () => ({ id: await customerOrder() }),
    expected: ADMIN,
  },
  'Query.order': {
    query: 'query O($id: Int!) { order(id: $id) { id } }',
    variables: async () => ({ id: await customerOrder() }),
    expected: OWNER,
  },

  'Mutation.createCardPayment': {
    query: 'mutation P($o: Int!) { createCardPayment(orderId: $o) { id } }',
    variables: async () => ({ o: await customerOrder() }),
    // Cards are off here (no MP_ACCESS_TOKEN): whoever may pay the order hears so.
    expected: {
      ...OWNER,
      customer: { message: 'Los pagos con tarjeta no están disponibles por ahora' },
      admin: { message: 'Los pagos con tarjeta no están disponibles por ahora' },
    },
  },
};

interface RestCase {
  path: () => string | Promise<string>;
  body?: () => unknown;
  /** Expected HTTP status per role. */
  expected: Record<Who, number>;
}

const status = (ok: number, table: Record<Who, Outcome>): Record<Who, number> =>
  Object.fromEntries(
    ROLES.map((who) => {
      const o = table[who];
      return [who, o === 'ok' ? ok : o === 'UNAUTHENTICATED' ? 401 : o === 'FORBIDDEN' ? 403 : 401];
    }),
  ) as Record<Who, number>;

const REST: Record<string, RestCase> = {
  'GET /version': { path: () => '/api/version', expected: status(200, PUBLIC) },
  'GET /productos': { path: () => '/api/productos', expected: status(200, PUBLIC) },
  'GET /productos/:id': { path: () => '/api/productos/1', expected: status(200, PUBLIC) },
  'POST /productos': {
    path: () => '/api/productos',
    // A JSON body carries no photos: the admin hears the rule (multipart in admin-products.test).
    body: () => ({ nombre: `Playera Matriz ${(counter += 1)}`, precio: 100 }),
    expected: status(400, ADMIN),
  },
  'PUT /productos/:id': {
    path: () => '/api/productos/1',
    body: () => ({
      nombre: 'Playera Nike 1 Negro',
      descripcion: 'Descripción',
      precio: 200,
      tallas: 'S,M,L,XL',
      cantidad: '1,1,1,1',
      especial: true,
    }),
    expected: status(200, ADMIN),
  },
  'DELETE /productos/:id': {
    path: async () => `/api/productos/${await spareProduct()}`,
    expected: status(204, ADMIN),
  },
  'GET /admin/productos': {
    path: () => '/api/admin/productos?busqueda=nike',
    expected: status(200, ADMIN),
  },
  'GET /tipos': { path: () => '/api/tipos', expected: status(200, PUBLIC) },
  'GET /marcas': { path: () => '/api/marcas', expected: status(200, PUBLIC) },
  'GET /colores': { path: () => '/api/colores', expected: status(200, PUBLIC) },
  'POST /tipos': {
    path: () => '/api/tipos',
    body: () => ({ nombre: `Nuevo ${(counter += 1)}` }),
    expected: status(201, ADMIN),
  },
  'PUT /tipos/:id': {
    path: async () => `/api/tipos/${await lookupItem('product_type')}`,
    body: () => ({ nombre: `Renombrado ${(counter += 1)}` }),
    expected: status(200, ADMIN),
  },
  'DELETE /tipos/:id': {
    path: async () => `/api/tipos/${await lookupItem('product_type')}`,
    expected: status(204, ADMIN),
  },
  'POST /marcas': {
    path: () => '/api/marcas',
    body: () => ({ nombre: `Nuevo ${(counter += 1)}` }),
    expected: status(201, ADMIN),
  },
  'PUT /marcas/:id': {
    path: async () => `/api/marcas/${await lookupItem('brand')}`,
    body: () => ({ nombre: `Renombrado ${(counter += 1)}` }),
    expected: status(200, ADMIN),
  },
  'DELETE /marcas/:id': {
    path: async () => `/api/marcas/${await lookupItem('brand')}`,
    expected: status(204, ADMIN),
  },
  'POST /colores': {
    path: () => '/api/colores',
    body: () => ({ nombre: `Nuevo ${(counter += 1)}` }),
    expected: status(201, ADMIN),
  },
  'PUT /colores/:id': {
    path: async () => `/api/colores/${await lookupItem('color')}`,
    body: () => ({ nombre: `Renombrado ${(counter += 1)}` }),
    expected: status(200, ADMIN),
  },
  'DELETE /colores/:id': {
    path: async () => `/api/colores/${await lookupItem('color')}`,
    expected: status(204, ADMIN),
  },
  'POST /auth/login': {
    path: () => '/api/auth/login',
    body: () => ({ email: 'entrar@example.com', password: 'Entrar123' }),
    expected: status(200, PUBLIC),
  },
  'POST /auth/logout': { path: () => '/api/auth/logout', expected: status(204, PUBLIC) },
  'GET /auth/me': { path: () => '/api/auth/me', expected: status(200, SIGNED_IN) },
  'POST /auth/olvide-contrasena': {
    path: () => '/api/auth/olvide-contrasena',
    body: () => ({ email: 'entrar@example.com' }),
    expected: status(200, PUBLIC),
  },
  'POST /auth/restablecer-contrasena': {
    path: () => '/api/auth/restablecer-contrasena',
    body: () => ({ token: 'no-es-un-token-valido-de-nada', password: 'Nueva1234' }),
    expected: { anonymous: 400, customer: 400, otherCustomer: 400, admin: 400 },
  },
  'POST /auth/cambiar-contrasena': {
    path: () => '/api/auth/cambiar-contrasena',
    body: () => ({ actual: 'Incorrecta1', nueva: 'Nueva1234' }),
    expected: { anonymous: 401, customer: 400, otherCustomer: 400, admin: 400 },
  },
  'POST /auth/google': {
    path: () => '/api/auth/google',
    body: () => ({ credential: 'no-es-un-token' }),
    expected: status(200, GOOGLE_REFUSED),
  },
  'GET /usuarios': { path: () => '/api/usuarios', expected: status(200, ADMIN) },
  'POST /usuarios': {
    path: () => '/api/usuarios',
    body: () => ({
      name: 'Nuevo',
      email: uniqueEmail(),
      password: 'Nuevo1234',
      telefono: '5512345678',
      rol: 'admin',
    }),
    expected: status(201, PUBLIC),
  },
  'GET /usuarios/:id': {
    path: () => `/api/usuarios/${ids.customer}`,
    expected: status(200, OWNER),
  },

  'POST /carritos': {
    path: () => '/api/carritos',
    body: () => ({ idUsuario: ids.customer, idProducto: 1, cantidad: 1, talla: 'S' }),
    expected: status(201, OWNER),
  },
  'GET /carritos/:id': {
    path: async () => `/api/carritos/${await customerLine()}`,
    expected: status(200, OWNER),
  },
  'PUT /carritos/:id': {
    path: async () => `/api/carritos/${await customerLine()}`,
    body: () => ({ cantidad: 1 }),
    expected: status(200, OWNER),
  },
  'DELETE /carritos/:id': {
    path: async () => `/api/carritos/${await customerLine()}`,
    expected: status(204, OWNER),
  },
  'GET /carritos/usuario/:id': {
    path: () => `/api/carritos/usuario/${ids.customer}`,
    expected: status(200, OWNER),
  },
  'POST /direcciones': {
    path: () => '/api/direcciones',
    body: () => ({
      idUsuario: ids.customer,
      calle: 'Reforma',
      numero: '10',
      colonia: 'Centro',
      codigo_postal: '06000',
      referencias: 'Portón',
      ciudad_municipio: 'CDMX',
      estado: 'CDMX',
      nombre: 'Ana',
      apellido: 'López',
      telefono: '5512345678',
    }),
    expected: status(201, OWNER),
  },
  'GET /direcciones/usuario/:id': {
    path: () => `/api/direcciones/usuario/${ids.customer}`,
    expected: status(200, OWNER),
  },
  'GET /direcciones/:id': {
    path: async () => `/api/direcciones/${await customerAddress()}`,
    expected: status(200, OWNER),
  },
  'DELETE /direcciones/:id': {
    path: async () => `/api/direcciones/${await customerAddress()}`,
    expected: status(204, OWNER),
  },

  'POST /pedidos': {
    path: () => '/api/pedidos',
    body: async () => ({
      idUsuario: ids.customer,
      idDireccion: await customerCartAndAddress(),
      total: 1,
    }),
    expected: status(201, OWNER),
  },
  'GET /pedidos': { path: () => '/api/pedidos?busqueda=espera', expected: status(200, ADMIN) },
  'GET /dashboard-stock': { path: () => '/api/dashboard-stock', expected: status(200, ADMIN) },
  'PUT /pedidos/:id': {
    path: async () => `/api/pedidos/${await customerOrder()}`,
    body: () => ({ idUsuario: ids.customer, total: 1, status: 'Pagado', estafeta: 'GUIA2' }),
    expected: status(200, ADMIN),
  },
  'GET /pedidos/:id/correos': {
    path: async () => `/api/pedidos/${await customerOrder()}/correos`,
    expected: status(200, ADMIN),
  },
  'POST /correos/:id/reenviar': {
    path: async () => `/api/correos/${await orderEmail()}/reenviar`,
    expected: status(200, ADMIN),
  },
  'GET /pedidos/usuario/:id': {
    path: () => `/api/pedidos/usuario/${ids.customer}`,
    expected: status(200, OWNER),
  },
  'GET /pedidos/:id': {
    path: async () => `/api/pedidos/${await customerOrder()}`,
    expected: status(200, OWNER),
  },

  'POST /mercadopago/crear-preferencia': {
    path: () => '/api/mercadopago/crear-preferencia',
    body: async () => ({ idPedido: await customerOrder() }),
    expected: { anonymous: 401, customer: 400, otherCustomer: 403, admin: 400 },
  },
  'POST /mercadopago/webhook': {
    path: () => '/api/mercadopago/webhook?data.id=123&type=payment',
    // Its credential is Mercado Pago's signature, for everyone alike (none is valid here).
    expected: { anonymous: 401, customer: 401, otherCustomer: 401, admin: 401 },
  },
};

describe('permission matrix', () => {
  test('every GraphQL operation has a row, and every row an operation', async () => {
    const operations = [...rootAccessRules(await buildGraphQLSchema()).keys()].sort();
    expect(Object.keys(GRAPHQL).sort()).toEqual(operations);
  });

  test('every REST route has a row, and every row a route', () => {
    const routes = REST_ROUTES.map((r) => `${r.method.toUpperCase()} ${r.path}`).sort();
    expect(Object.keys(REST).sort()).toEqual(routes);
  });

  const graphqlCases = Object.entries(GRAPHQL).flatMap(([op, c]) =>
    ROLES.map((who) => [op, who, c] as const),
  );
  test.each(graphqlCases)('GraphQL %s as %s', async (_op, who, c) => {
    const headers = await cookieFor(who);
    const res = await shop.app
      .client()
      .send(
        'post',
        '/graphql',
        { query: c.query, variables: (await c.variables?.()) ?? {} },
        headers,
      );
    const body = res.body as {
      data?: unknown;
      errors?: { message: string; extensions: { code: string } }[];
    };
    const expected = c.expected[who];
    if (expected === 'ok') {
      expect(body.errors).toBeUndefined();
    } else if (typeof expected === 'string') {
      expect(body.errors?.[0]?.extensions.code).toBe(expected);
      expect(body.errors?.[0]?.message).toBe(
        expected === 'FORBIDDEN' ? 'No tienes permiso para hacer esto' : 'Debes iniciar sesión',
      );
    } else {
      expect(body.errors?.[0]?.message).toBe(expected.message);
    }
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

describe('fail closed', () => {
  test('a schema with an operation that declares no access rule refuses to build', async () => {
    const { buildSchema, Query, Resolver } = await import('type-graphql');
    const { assertEveryOperationHasAccess, authChecker } =
      await import('../src/api/graphql/access.js');
    @Resolver()
    class Forgotten {
      @Query(() => String)
      secret() {
        return 'x';
      }
    }
    const schema = await buildSchema({ resolvers: [Forgotten], authChecker });
    expect(() => assertEveryOperationHasAccess(schema)).toThrow(
      'Operaciones GraphQL sin regla de acceso (@Access): Query.secret',
    );
  });
});
