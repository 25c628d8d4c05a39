// The shop's data for e2e/screenshots.ts, made through GraphQL: a sample product, the signed-in
// sessions, and the customer's cart, addresses and orders (made once, as the screens need them).
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { baseUrl } from '../browser.ts';
import { graphqlInPage } from '../specs/storefront-helpers.ts';
import type { SessionKind } from './screen.ts';

export interface ProductSample {
  id: number;
  sizes: { size: string; stock: number }[];
}

async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!response.ok || !body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body)}`);
  return body.data;
}

/** A product with a sold-out size next to one in stock, else the newest product. */
export async function sampleProduct(): Promise<ProductSample | undefined> {
  const data = await gql<{ newProducts: ProductSample[] }>(
    '{ newProducts { id sizes { size stock } } }',
  );
  return (
    data.newProducts.find(
      (product) =>
        product.sizes.some((size) => size.stock === 0) &&
        product.sizes.some((size) => size.stock > 1),
    ) ?? data.newProducts[0]
  );
}

export const ADMIN = { email: 'admin@tienda.local', password: 'Admin12345' };
const CUSTOMER = {
  name: 'Mariana Gutiérrez Fernández',
  phone: '5512345678',
  email: `mariana.capturas.${Date.now().toString(36)}@example.com`,
  password: 'Secreta123',
};

/** Signs the page's context in through GraphQL (the session cookie lands in the context). */
export async function signInContext(
  page: Page,
  kind: Exclude<SessionKind, 'anonymous'>,
  first: boolean,
) {
  await page.goto(`${baseUrl()}/#/inicio`);
  const register = kind === 'customer' && first;
  const body = register
    ? {
        query: 'mutation ($input: RegisterInput!) { register(input: $input) { id } }',
        variables: { input: { ...CUSTOMER, passwordConfirmation: CUSTOMER.password } },
      }
    : {
        query:
          'mutation ($email: String!, $password: String!) { signIn(email: $email, password: $password) { id } }',
        variables:
          kind === 'admin' ? ADMIN : { email: CUSTOMER.email, password: CUSTOMER.password },
      };
  const answer = await page.evaluate(async (payload) => {
    const response = await fetch('/graphql', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
    });
    return response.text();
  }, body);
  if (!answer.includes('"id"')) throw new Error(`could not sign in as ${kind}: ${answer}`);
}

/** A GraphQL call from the page, with its session cookie. */
async function gqlInPage(page: Page, query: string, variables: Record<string, unknown> = {}) {
  await graphqlInPage(page, query, variables);
}

const SAMPLE_ADDRESS = {
  firstName: 'Mariana',
  lastName: 'Gutiérrez Fernández',
  street: 'Avenida Insurgentes Sur',
  number: '1602',
  interiorNumber: '4B',
  neighborhood: 'Crédito Constructor',
  postalCode: '03940',
  city: 'Benito Juárez',
  state: 'Ciudad de México',
  references: 'Edificio gris con portón negro, frente a la farmacia',
  phone: '5512345678',
};

let customerDataReady = false;
/** Whether fillCustomerData has run. */
export function customerDataFilled(): boolean {
  return customerDataReady;
}

/** Fills the customer's cart (three lines, one of 2 units) and saves two addresses, once. */
export async function fillCustomerData(page: Page): Promise<void> {
  if (customerDataReady) return;
  customerDataReady = true;
  const data = await gql<{ newProducts: ProductSample[] }>(
    '{ newProducts { id sizes { size stock } } }',
  );
  const withStock = data.newProducts
    .map((item) => ({ id: item.id, size: item.sizes.find((size) => size.stock >= 2) }))
    .filter((item) => item.size !== undefined)
    .slice(0, 3);
  for (const [index, item] of withStock.entries()) {
    await gqlInPage(
      page,
      'mutation ($p: Int!, $s: String!, $q: Int!) { addToCart(productId: $p, size: $s, quantity: $q) { itemCount } }',
      { p: item.id, s: item.size?.size, q: index === 0 ? 2 : 1 },
    );
  }
  for (const address of [
    SAMPLE_ADDRESS,
    // Issue 28 item 4: one with an interior number, one 'Sin número' ('Calle 5 de Mayo S/N').
    {
      ...SAMPLE_ADDRESS,
      street: 'Calle 5 de Mayo',
      number: '',
      withoutNumber: true,
      interiorNumber: '',
      neighborhood: 'Centro',
    },
  ]) {
    await gqlInPage(page, 'mutation ($input: AddressInput!) { addAddress(input: $input) { id } }', {
      input: address,
    });
  }
}

/**
 * The customer's cart with at least 6 units of products not on promotion (the summary then shows
 * the bulk discount); answers the first address id.
 */
export async function cartForSummary(page: Page): Promise<number> {
  await fillCustomerData(page);
  const data = await gql<{
    newProducts: (ProductSample & { onPromotion: boolean })[];
  }>('{ newProducts { id onPromotion sizes { size stock } } }');
  const regular = data.newProducts
    .filter((item) => !item.onPromotion)
    .map((item) => ({ id: item.id, size: item.sizes.find((size) => size.stock >= 4) }))
    .filter((item) => item.size !== undefined)
    .slice(-2);
  const { cart } = await graphqlInPage<{ cart: { itemCount: number } }>(
    page,
    '{ cart { itemCount } }',
  );
  if (cart.itemCount < 6) {
    for (const [index, item] of regular.entries()) {
      await gqlInPage(
        page,
        'mutation ($p: Int!, $s: String!, $q: Int!) { addToCart(productId: $p, size: $s, quantity: $q) { itemCount } }',
        { p: item.id, s: item.size?.size, q: index === 0 ? 2 : 4 },
      );
    }
  }
  const { addresses } = await graphqlInPage<{ addresses: { id: number }[] }>(
    page,
    '{ addresses { id } }',
  );
  const address = addresses[addresses.length - 1];
  if (!address) throw new Error('the customer has no address');
  return address.id;
}

/** The customer's order for the payment page, made once from the cart. */
let sampleOrderId: number | undefined;
export async function orderForPayment(page: Page): Promise<number> {
  if (sampleOrderId !== undefined) return sampleOrderId;
  const addressId = await cartForSummary(page);
  const { checkout } = await graphqlInPage<{ checkout: { id: number } }>(
    page,
    'mutation ($a: Int!, $k: String!) { checkout(addressId: $a, idempotencyKey: $k) { id } }',
    { a: addressId, k: `capturas-${Date.now().toString(36)}` },
  );
  sampleOrderId = checkout.id;
  return checkout.id;
}

/** The admin's session cookie, signed in from Node. */
let adminSession: string | undefined;
async function adminCookie(): Promise<string> {
  // One sign-in per run: the sign-in limits count every attempt from this address.
  if (adminSession) return adminSession;
  const signIn = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation ($e: String!, $p: String!) { signIn(email: $e, password: $p) { id } }',
      variables: { e: ADMIN.email, p: ADMIN.password },
    }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (cookie) adminSession = cookie;
  return cookie;
}

/** As the admin, from Node (its own session): an order's status and tracking. */
async function adminUpdateOrder(
  id: number,
  status: 'PAID' | 'SHIPPED' | 'DELIVERED' | 'CANCELLED_REFUNDED',
  tracking: string | null,
) {
  const cookie = await adminCookie();
  const response = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify({
      query:
        'mutation ($id: Int!, $input: UpdateOrderInput!) { updateOrder(id: $id, input: $input) { id } }',
      variables: { id, input: { status, tracking } },
    }),
  });
  const answer = await response.text();
  if (!answer.includes('"updateOrder"')) throw new Error(`updateOrder failed: ${answer}`);
}

/**
 * Two orders for 'Mis pedidos': the payment page's (waiting), and a newer one the admin marked
 * paid with a tracking number; answers the paid one's id.
 */
let paidOrderId: number | undefined;
/** Whether ordersForList has made its orders. */
export function ordersListed(): boolean {
  return paidOrderId !== undefined;
}

export async function ordersForList(page: Page): Promise<number> {
  if (paidOrderId !== undefined) return paidOrderId;
  await orderForPayment(page);
  const addressId = await cartForSummary(page);
  const { checkout } = await graphqlInPage<{ checkout: { id: number } }>(
    page,
    'mutation ($a: Int!, $k: String!) { checkout(addressId: $a, idempotencyKey: $k) { id } }',
    { a: addressId, k: `capturas-2-${Date.now().toString(36)}` },
  );
  await adminUpdateOrder(checkout.id, 'PAID', 'EST123456789MX');
  paidOrderId = checkout.id;
  return checkout.id;
}

/**
 * 'Devolver o cambiar' needs a delivered order: the paid order of 'Mis pedidos', shipped and
 * delivered by the admin (once); answers its id.
 */
let deliveredOrderId: number | undefined;
export async function deliveredOrderForReturns(page: Page): Promise<number> {
  if (deliveredOrderId !== undefined) return deliveredOrderId;
  const id = await ordersForList(page);
  await adminUpdateOrder(id, 'SHIPPED', 'EST123456789MX');
  await adminUpdateOrder(id, 'DELIVERED', 'EST123456789MX');
  deliveredOrderId = id;
  return id;
}

/**
 * An invoiced order with a refunded return and its credit note (issue 25): checked out, paid,
 * shipped and delivered by the admin, invoiced with the customer's fiscal data, one unit returned,
 * received and refunded by transfer; waits for the event worker to stamp the credit note at the
 * local Facturapi. Made once; answers its id.
 */
let creditNoteOrderId: number | undefined;
/** The credit note order's id, once made. */
export function creditNoteOrderKnown(): number | undefined {
  return creditNoteOrderId;
}

export async function creditNoteOrder(page: Page): Promise<number> {
  if (creditNoteOrderId !== undefined) return creditNoteOrderId;
  const addressId = await cartForSummary(page);
  const { checkout } = await graphqlInPage<{ checkout: { id: number } }>(
    page,
    'mutation ($a: Int!, $k: String!) { checkout(addressId: $a, idempotencyKey: $k) { id } }',
    { a: addressId, k: `capturas-nota-${Date.now().toString(36)}` },
  );
  const id = checkout.id;
  await adminUpdateOrder(id, 'PAID', 'EST987654321MX');
  await adminUpdateOrder(id, 'SHIPPED', 'EST987654321MX');
  await adminUpdateOrder(id, 'DELIVERED', 'EST987654321MX');
  await graphqlInPage(
    page,
    'mutation ($input: FiscalDataInput!) { saveFiscalData(input: $input) { rfc } }',
    {
      input: {
        rfc: 'EKU9003173C9',
        legalName: 'ESCUELA KEMPER URGATE',
        taxRegime: '601',
        cfdiUse: 'G03',
        postalCode: '42501',
      },
    },
  );
  await graphqlInPage(page, 'mutation ($id: Int!) { invoiceOrder(orderId: $id) { id } }', { id });
  const { order } = await graphqlInPage<{
    order: { lines: { productId: number; size: string }[] };
  }>(page, 'query ($id: Int!) { order(id: $id) { lines { productId size } } }', { id });
  const line = order.lines[0]!;
  const { requestReturn } = await graphqlInPage<{ requestReturn: { id: number } }>(
    page,
    'mutation ($id: Int!, $l: [ReturnLineInput!]!) { requestReturn(orderId: $id, lines: $l) { id } }',
    {
      id,
      l: [{ productId: line.productId, size: line.size, quantity: 1, reason: 'Me quedó grande' }],
    },
  );
  const cookie = await adminCookie();
  for (const body of [
    { estado: 'recibida' },
    { estado: 'reembolsada', clabe: '002010077777777771' },
  ]) {
    const response = await fetch(`${baseUrl()}/api/devoluciones/${requestReturn.id}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`PUT /api/devoluciones failed: ${await response.text()}`);
  }
  // The event worker stamps the credit note after the refund commits.
  for (let tries = 0; tries < 60; tries += 1) {
    const { order: seen } = await graphqlInPage<{
      order: { cfdis: { kind: string; status: string }[] };
    }>(page, 'query ($id: Int!) { order(id: $id) { cfdis { kind status } } }', { id });
    if (seen.cfdis.some((c) => c.kind === 'EGRESO' && c.status === 'VALID')) break;
    await page.waitForTimeout(500);
  }
  creditNoteOrderId = id;
  return id;
}

/**
 * A product priced with centavos ($199.50), created by the admin through the REST form, as the
 * admin's product form allows: its price tags, the cart and an order of 3 ($818.50) show them.
 */
export async function centavosProduct(): Promise<ProductSample> {
  const photo = await sharp({
    create: { width: 640, height: 640, channels: 3, background: { r: 30, g: 60, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  const fields = {
    nombre: `Playera ${String(100000 + (Date.now() % 800000))} Negro`,
    descripcion: 'Playera en color Negro, tallas M y L.',
    precio: '199.50',
    promocion: 'false',
    precioPromocion: '0',
    tallas: 'M,L',
    cantidad: '20,20',
    tipo: 'Playera',
    genero: 'Hombre',
    especial: 'false',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('imagenes', new Blob([photo], { type: 'image/jpeg' }), 'frente.jpg');
  const response = await fetch(`${baseUrl()}/api/productos`, {
    method: 'POST',
    headers: { Cookie: await adminCookie() },
    body: form,
  });
  const answer = await response.text();
  if (response.status !== 201) throw new Error(`POST /api/productos failed: ${answer}`);
  const { id } = JSON.parse(answer) as { id: number };
  return { id, sizes: [{ size: 'M', stock: 20 }] };
}

let centavosOrderId: number | undefined;

/** 3 of the centavos product in the customer's cart (again on each pass: an order empties it). */
export async function centavosCart(page: Page, product: ProductSample): Promise<void> {
  const { cart } = await graphqlInPage<{
    cart: { lines: { product: { id: number } }[] };
  }>(page, '{ cart { lines { product { id } } } }');
  if (cart.lines.some((line) => line.product.id === product.id)) return;
  await gqlInPage(
    page,
    'mutation ($p: Int!) { addToCart(productId: $p, size: "M", quantity: 3) { itemCount } }',
    { p: product.id },
  );
}

/**
 * The customer's order of 3 × $199.50 + $220 = $818.50, made once: the cart is emptied of
 * everything else first, so the order is exactly that.
 */
export async function centavosOrder(page: Page, product: ProductSample): Promise<number> {
  if (centavosOrderId !== undefined) return centavosOrderId;
  await fillCustomerData(page);
  const { cart } = await graphqlInPage<{ cart: { lines: { id: number }[] } }>(
    page,
    '{ cart { lines { id } } }',
  );
  for (const line of cart.lines) {
    await gqlInPage(page, 'mutation ($id: Int!) { removeCartLine(lineId: $id) { itemCount } }', {
      id: line.id,
    });
  }
  await centavosCart(page, product);
  const { addresses } = await graphqlInPage<{ addresses: { id: number }[] }>(
    page,
    '{ addresses { id } }',
  );
  const { checkout } = await graphqlInPage<{ checkout: { id: number; totalCents: number } }>(
    page,
    'mutation ($a: Int!, $k: String!) { checkout(addressId: $a, idempotencyKey: $k) { id totalCents } }',
    { a: addresses[0]?.id, k: `capturas-centavos-${Date.now().toString(36)}` },
  );
  if (checkout.totalCents !== 818_50) throw new Error(`expected $818.50: ${checkout.totalCents}`);
  centavosOrderId = checkout.id;
  return checkout.id;
}

/** A GraphQL call from Node with the given headers (a session cookie, an address). */
async function gqlAs<T>(
  headers: Record<string, string>,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ data: T; cookie: string }> {
  const response = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data || body.errors) throw new Error(`GraphQL failed: ${JSON.stringify(body)}`);
  return {
    data: body.data,
    cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
  };
}

/**
 * The back office's order screens need an order waiting for payment: when the admin sees none
 * (a fresh shop), a customer of its own (from `ip`) places one.
 */
export async function waitingOrderForAdmin(ip: string): Promise<void> {
  const admin = await adminCookie();
  const { data: listed } = await gqlAs<{ orders: { total: number } }>(
    { Cookie: admin },
    'query ($s: String) { orders(search: $s, offset: 0, limit: 1) { total } }',
    { s: 'espera' },
  );
  if (listed.orders.total > 0) return;
  await orderOfNewCustomer(ip);
}

/** A new customer's order of one unit (from `ip`), waiting for payment; answers its id. */
async function orderOfNewCustomer(ip: string): Promise<number> {
  const email = `pedido.capturas.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const { cookie } = await gqlAs(
    { 'X-Forwarded-For': ip },
    'mutation ($input: RegisterInput!) { register(input: $input) { id } }',
    { input: { ...CUSTOMER, email, passwordConfirmation: CUSTOMER.password } },
  );
  const session = { Cookie: cookie, 'X-Forwarded-For': ip };
  const { data: added } = await gqlAs<{ addAddress: { id: number } }>(
    session,
    'mutation ($input: AddressInput!) { addAddress(input: $input) { id } }',
    { input: SAMPLE_ADDRESS },
  );
  const { newProducts } = await gql<{ newProducts: ProductSample[] }>(
    '{ newProducts { id sizes { size stock } } }',
  );
  const item = newProducts
    .map((product) => ({ id: product.id, size: product.sizes.find((size) => size.stock >= 2) }))
    .find((candidate) => candidate.size !== undefined);
  if (!item?.size) throw new Error('no product in stock for the admin order');
  await gqlAs(
    session,
    'mutation ($p: Int!, $s: String!) { addToCart(productId: $p, size: $s, quantity: 1) { itemCount } }',
    { p: item.id, s: item.size.size },
  );
  const { data: placed } = await gqlAs<{ checkout: { id: number } }>(
    session,
    'mutation ($a: Int!, $k: String!) { checkout(addressId: $a, idempotencyKey: $k) { id } }',
    { a: added.addAddress.id, k: `capturas-admin-${Date.now().toString(36)}` },
  );
  return placed.checkout.id;
}

/**
 * The transfer refund's admin screens (issue 25 item 6): a new customer's order paid by transfer
 * ('paid': to cancel with refund), or already 'Cancelado con reembolso' ('pending': its refund
 * waiting for 'Marcar reembolsado'); made once each, answers its id.
 */
const refundOrders = new Map<'paid' | 'pending', number>();
export async function transferOrderForAdmin(ip: string, step: 'paid' | 'pending'): Promise<number> {
  const made = refundOrders.get(step);
  if (made !== undefined) return made;
  const id = await orderOfNewCustomer(ip);
  await adminUpdateOrder(id, 'PAID', null);
  if (step === 'pending') await adminUpdateOrder(id, 'CANCELLED_REFUNDED', null);
  refundOrders.set(step, id);
  return id;
}

/**
 * 'Mis pedidos' with the transfer refunds of two of the customer's orders 'Cancelado con
 * reembolso': one pending, one the admin marked sent to a CLABE (once).
 */
let refundsForCustomer = false;
export async function refundedOrdersForCustomer(page: Page): Promise<void> {
  if (refundsForCustomer) return;
  refundsForCustomer = true;
  await ordersForList(page);
  for (const sent of [true, false]) {
    const addressId = await cartForSummary(page);
    const { checkout } = await graphqlInPage<{ checkout: { id: number } }>(
      page,
      'mutation ($a: Int!, $k: String!) { checkout(addressId: $a, idempotencyKey: $k) { id } }',
      { a: addressId, k: `capturas-reembolso-${String(sent)}-${Date.now().toString(36)}` },
    );
    await adminUpdateOrder(checkout.id, 'PAID', null);
    await adminUpdateOrder(checkout.id, 'CANCELLED_REFUNDED', null);
    if (sent) {
      await gqlAs(
        { Cookie: await adminCookie() },
        'mutation ($id: Int!, $c: String!) { markOrderRefunded(orderId: $id, clabe: $c) { status } }',
        { id: checkout.id, c: '012180001234567899' },
      );
    }
  }
}
