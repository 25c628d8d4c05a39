// The shop's data for e2e/screenshots.ts, made through GraphQL: a sample product, the signed-in
// sessions, and the customer's cart, addresses and orders (made once, as the screens need them).
import type { Page } from 'playwright-core';
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
    { ...SAMPLE_ADDRESS, street: 'Calle 5 de Mayo', number: '32', neighborhood: 'Centro' },
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

/** As the admin, from Node (its own session): an order's status and tracking. */
async function adminUpdateOrder(id: number, status: 'PAID' | 'SHIPPED', tracking: string | null) {
  const signIn = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation ($e: String!, $p: String!) { signIn(email: $e, password: $p) { id } }',
      variables: { e: ADMIN.email, p: ADMIN.password },
    }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
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
