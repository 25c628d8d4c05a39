// Captures every storefront and admin screen at phone (390x844) and desktop (1366x900) widths into
// screenshots/*.png (gitignored), for a visual review.
//
// Usage: E2E_BASE_URL=http://127.0.0.1:4000 node --import tsx e2e/screenshots.ts
// SCREENS=regex captures only the screens whose name matches (e.g. SCREENS='pago|pedidos').
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { baseUrl, launchBrowser } from './browser.ts';
import { graphqlInPage } from './specs/storefront-helpers.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'screenshots');
const onlyScreens = process.env.SCREENS ? new RegExp(process.env.SCREENS) : undefined;

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
type Viewport = (typeof VIEWPORTS)[number];

type SessionKind = 'anonymous' | 'customer' | 'admin';

interface Screen {
  name: string;
  route: string;
  /** Who is signed in (default: nobody). */
  session?: SessionKind;
  /** Only at this width. */
  only?: Viewport['name'];
  fullPage?: boolean;
  /** Something to do once the page is ready (open a drawer, click a button…). */
  act?: (page: Page) => Promise<void>;
}

interface ProductSample {
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
async function sampleProduct(): Promise<ProductSample | undefined> {
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

const ADMIN = { email: 'admin@tienda.local', password: 'Admin12345' };
const CUSTOMER = {
  name: 'Mariana Gutiérrez Fernández',
  phone: '5512345678',
  email: `mariana.capturas.${Date.now().toString(36)}@example.com`,
  password: 'Secreta123',
};

/** Signs the page's context in through GraphQL (the session cookie lands in the context). */
async function signInContext(page: Page, kind: Exclude<SessionKind, 'anonymous'>, first: boolean) {
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

/** Waits for queries to settle and images to load. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      !document.querySelector('[data-loading="true"]'),
    undefined,
    { timeout: 15_000 },
  );
  await page
    .waitForFunction(
      () => Array.from(document.images).every((image) => image.complete),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  await page.waitForTimeout(400);
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

/** Fills the customer's cart (three lines, one of 2 units) and saves two addresses, once. */
let customerDataReady = false;
async function fillCustomerData(page: Page): Promise<void> {
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
async function cartForSummary(page: Page): Promise<number> {
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
async function orderForPayment(page: Page): Promise<number> {
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
async function ordersForList(page: Page): Promise<number> {
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

async function main(): Promise<void> {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const product = await sampleProduct();
  const soldOut = product?.sizes.find((size) => size.stock === 0);

  const screens: Screen[] = [
    { name: 'inicio', route: '/inicio' },
    { name: 'inicio-filtrado', route: '/inicio?precio=300-500&sexo=Caballero' },
    { name: 'inicio-ordenado', route: '/inicio?sexo=Caballero&orden=menor-precio' },
    {
      name: 'inicio-filtros-abiertos',
      route: '/inicio?precio=300-500',
      only: 'phone',
      act: async (page) => {
        await page.getByTestId('open-filters').click();
        await page.getByTestId('filters-drawer').waitFor();
        await page.waitForTimeout(500);
      },
    },
    {
      name: 'menu-abierto',
      route: '/inicio',
      only: 'phone',
      act: async (page) => {
        await page.getByTestId('menu-button').click();
        await page.getByTestId('sidebar').waitFor();
        await page.waitForTimeout(500);
      },
    },
    { name: 'inicio-sin-resultados', route: '/inicio?marca=Ninguna-marca-de-prueba' },
    // Scrolled lists: the contact links (sidebar foot; end of the page on phones) cover no card.
    {
      name: 'inicio-desplazado',
      route: '/inicio?precio=300-500',
      act: async (page) => {
        await page.evaluate(() => window.scrollTo(0, 1400));
        await page.waitForTimeout(300);
      },
    },
    {
      name: 'inicio-final',
      route: '/inicio',
      only: 'phone',
      act: async (page) => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForTimeout(300);
      },
    },
    {
      name: 'saltar-al-contenido',
      route: '/inicio',
      only: 'desktop',
      act: async (page) => {
        await page.keyboard.press('Tab');
        await page.waitForTimeout(200);
      },
    },
    { name: 'promociones', route: '/promociones' },
    { name: 'nuevo', route: '/nuevo' },
    { name: 'buscar', route: '/buscar/pantalon' },
    { name: 'buscar-sin-resultados', route: '/buscar/zzzxxyy' },
    { name: 'catalogo', route: '/catalogo' },
    { name: 'catalogo-buscar', route: '/catalogo/buscar/playera' },
    { name: 'producto-no-encontrado', route: '/producto/999999999' },
    { name: 'pagina-no-encontrada', route: '/esta-pagina-no-existe' },
    { name: 'iniciar-sesion', route: '/iniciar-sesion' },
    {
      name: 'iniciar-sesion-error',
      route: '/iniciar-sesion',
      act: async (page) => {
        await page.getByTestId('field-email').fill('nadie@example.com');
        await page.getByTestId('field-password').fill('Incorrecta1');
        await page.getByTestId('show-password').click();
        await page.getByTestId('sign-in-submit').click();
        await page.getByTestId('sign-in-error').waitFor();
        await page.waitForTimeout(300);
      },
    },
    { name: 'registro', route: '/registro', fullPage: true },
    {
      name: 'registro-errores',
      route: '/registro',
      fullPage: true,
      act: async (page) => {
        await page.getByTestId('field-name').fill('Ana');
        await page.getByTestId('field-phone').fill('55123');
        await page.getByTestId('field-email').fill(ADMIN.email);
        await page.getByTestId('field-password').fill('corta');
        await page.getByTestId('field-passwordConfirmation').fill('distinta');
        await page.getByTestId('register-submit').click();
        await page
          .locator('[data-testid="error-email"]', { hasText: 'El email ya está registrado' })
          .waitFor();
        await page.waitForTimeout(300);
      },
    },
    { name: 'olvide-contrasena', route: '/olvide-contrasena' },
    {
      name: 'olvide-contrasena-enviado',
      route: '/olvide-contrasena',
      act: async (page) => {
        await page.getByTestId('field-email').fill('nadie.capturas@example.com');
        await page.getByTestId('forgot-password-submit').click();
        await page.getByTestId('forgot-password-sent').waitFor();
        await page.waitForTimeout(300);
      },
    },
    { name: 'restablecer-contrasena', route: '/restablecer-contrasena?token=ejemplo' },
    {
      name: 'restablecer-contrasena-errores',
      route: '/restablecer-contrasena?token=ejemplo',
      only: 'phone',
      act: async (page) => {
        await page.getByTestId('field-password').fill('corta');
        await page.getByTestId('field-passwordConfirmation').fill('otra');
        await page.getByTestId('reset-password-submit').click();
        await page.getByTestId('error-password').waitFor();
        await page.waitForTimeout(300);
      },
    },
    {
      name: 'restablecer-contrasena-enlace-invalido',
      route: '/restablecer-contrasena?token=ejemplo',
      act: async (page) => {
        await page.getByTestId('field-password').fill('Nueva12345');
        await page.getByTestId('field-passwordConfirmation').fill('Nueva12345');
        await page.getByTestId('reset-password-submit').click();
        await page.getByTestId('reset-token-error').waitFor();
        await page.waitForTimeout(300);
      },
    },
    { name: 'restablecer-contrasena-sin-enlace', route: '/restablecer-contrasena', only: 'phone' },
    { name: 'admin-anonimo', route: '/admin/pedidos' },
    { name: 'usuario', route: '/usuario', session: 'customer' },
    {
      name: 'usuario-cambiar-contrasena',
      route: '/usuario',
      session: 'customer',
      fullPage: true,
      act: async (page) => {
        await page.getByTestId('change-password-form').waitFor();
        await page.getByTestId('field-newPassword').fill('corta');
        await page.getByTestId('change-password-submit').click();
        await page.getByTestId('error-currentPassword').waitFor();
        await page.waitForTimeout(300);
      },
    },
    { name: 'inicio-con-sesion', route: '/inicio', session: 'customer', only: 'desktop' },
    {
      name: 'menu-con-sesion',
      route: '/inicio',
      session: 'customer',
      only: 'phone',
      act: async (page) => {
        await page.getByTestId('menu-button').click();
        await page.getByTestId('sidebar').waitFor();
        await page.waitForTimeout(500);
      },
    },
    { name: 'admin-cliente', route: '/admin/pedidos', session: 'customer' },
    // Cart and addresses: the empty states first (phone, the first customer pass), then with data.
    { name: 'carrito-vacio', route: '/carrito', session: 'customer', only: 'phone' },
    { name: 'mis-pedidos-vacio', route: '/mis-pedidos', session: 'customer', only: 'phone' },
    {
      name: 'mis-direcciones-vacio',
      route: '/mis-direcciones',
      session: 'customer',
      only: 'phone',
    },
    {
      name: 'carrito',
      route: '/carrito',
      session: 'customer',
      fullPage: true,
      act: async (page) => {
        if (customerDataReady) return;
        await fillCustomerData(page);
        await page.reload();
        await settle(page);
      },
    },
    { name: 'mis-direcciones', route: '/mis-direcciones', session: 'customer', fullPage: true },
    {
      name: 'mis-direcciones-formulario',
      route: '/mis-direcciones',
      session: 'customer',
      act: async (page) => {
        await page.getByTestId('address-add').first().click();
        await page.getByTestId('address-form-dialog').waitFor();
        await page.getByTestId('field-postalCode').fill('123');
        await page.getByTestId('address-form-submit').click();
        await page.waitForTimeout(500);
      },
    },
    {
      name: 'mis-direcciones-eliminar',
      route: '/mis-direcciones',
      session: 'customer',
      act: async (page) => {
        await page.getByTestId('address-delete').first().click();
        await page.getByTestId('address-delete-dialog').waitFor();
        await page.waitForTimeout(500);
      },
    },
    {
      name: 'elegir-direccion',
      route: '/elegir-direccion',
      session: 'customer',
      fullPage: true,
      act: async (page) => {
        await page.getByTestId('address-option').first().click();
        await page.waitForTimeout(300);
      },
    },
    {
      name: 'elegir-direccion-sin-eleccion',
      route: '/elegir-direccion',
      session: 'customer',
      only: 'phone',
      act: async (page) => {
        await page.getByTestId('address-continue').click();
        await page.getByTestId('notification').first().waitFor();
        await page.waitForTimeout(400);
      },
    },
    {
      name: 'completar-compra',
      route: '/inicio',
      session: 'customer',
      fullPage: true,
      act: async (page) => {
        const addressId = await cartForSummary(page);
        await page.goto(`${baseUrl()}/#/completar-compra?direccion=${addressId}`);
        await page.getByTestId('order-summary-page').waitFor();
        await settle(page);
      },
    },
    {
      name: 'completar-compra-direccion-ajena',
      route: '/completar-compra?direccion=999999',
      session: 'customer',
      only: 'phone',
    },
    {
      name: 'pago',
      route: '/inicio',
      session: 'customer',
      fullPage: true,
      act: async (page) => {
        const orderId = await orderForPayment(page);
        await page.goto(`${baseUrl()}/#/pago?idPedido=${orderId}`);
        await page.getByTestId('payment-page').waitFor();
        await settle(page);
      },
    },
    {
      name: 'pago-no-encontrado',
      route: '/pago?idPedido=999999999',
      session: 'customer',
      only: 'phone',
    },
    {
      name: 'mis-pedidos',
      route: '/mis-pedidos',
      session: 'customer',
      fullPage: true,
      act: async (page) => {
        if (paidOrderId !== undefined) return;
        await ordersForList(page);
        await page.reload();
        await page.getByTestId('my-orders-page').waitFor();
        await settle(page);
      },
    },
    {
      name: 'pago-pagado',
      route: '/inicio',
      session: 'customer',
      only: 'desktop',
      act: async (page) => {
        const orderId = await ordersForList(page);
        await page.goto(`${baseUrl()}/#/pago?idPedido=${orderId}`);
        await page.getByTestId('payment-page').waitFor();
        await settle(page);
      },
    },
    {
      name: 'admin-productos',
      route: '/admin/productos',
      session: 'admin',
      fullPage: true,
      act: async (page) => {
        await page.locator('[data-testid="products-table"][data-loading="false"]').waitFor();
        await settle(page);
      },
    },
    {
      name: 'admin-productos-nuevo',
      route: '/admin/productos',
      session: 'admin',
      act: async (page) => {
        await page.getByTestId('product-add').click();
        await page.getByTestId('product-type').selectOption({ label: 'Playera' });
        await page.getByTestId('product-number').fill('23');
        await page.getByTestId('product-color').selectOption({ label: 'Negro' });
        await page.getByTestId('product-price').fill('450');
        await page.waitForTimeout(400);
      },
    },
    {
      name: 'admin-productos-actualizar',
      route: '/admin/productos',
      session: 'admin',
      act: async (page) => {
        await page.locator('[data-testid="products-table"][data-loading="false"]').waitFor();
        await page.getByTestId('product-update').filter({ visible: true }).first().click();
        await page.getByTestId('product-existing-photo').first().waitFor();
        await settle(page);
      },
    },
    {
      name: 'admin-productos-eliminar',
      route: '/admin/productos',
      session: 'admin',
      act: async (page) => {
        await page.locator('[data-testid="products-table"][data-loading="false"]').waitFor();
        await page.getByTestId('product-delete').filter({ visible: true }).first().click();
        await page.getByTestId('product-delete-dialog').waitFor();
        await page.waitForTimeout(400);
      },
    },
    {
      name: 'admin-pedidos',
      route: '/admin/pedidos',
      session: 'admin',
      act: async (page) => {
        await page.locator('[data-testid="orders-table"][data-loading="false"]').waitFor();
      },
    },
    {
      name: 'admin-pedidos-buscar',
      route: '/admin/pedidos?buscar=espera',
      session: 'admin',
      only: 'phone',
      act: async (page) => {
        await page.locator('[data-testid="orders-table"][data-loading="false"]').waitFor();
      },
    },
    ...(['address', 'products', 'edit'] as const).map((kind): Screen => ({
      name: `admin-pedidos-${{ address: 'direccion', products: 'productos', edit: 'editar' }[kind]}`,
      route: '/admin/pedidos',
      session: 'admin',
      act: async (page) => {
        await page.locator('[data-testid="orders-table"][data-loading="false"]').waitFor();
        await page.locator(`[data-testid="order-${kind}-button"]:visible`).first().click();
        await page
          .getByTestId(
            { address: 'order-address', products: 'order-products', edit: 'order-edit-form' }[kind],
          )
          .waitFor();
        await page.waitForTimeout(400);
      },
    })),
    {
      name: 'admin-pedidos-correos',
      route: '/admin/pedidos',
      session: 'admin',
      act: async (page) => {
        await page.locator('[data-testid="orders-table"][data-loading="false"]').waitFor();
        await page.locator('[data-testid="order-edit-button"]:visible').first().click();
        await page
          .locator('[data-testid="order-email-list"], [data-testid="order-emails-empty"]')
          .first()
          .waitFor();
        await page.waitForTimeout(400);
      },
    },
    { name: 'admin-usuarios', route: '/admin/usuarios', session: 'admin', fullPage: true },
    {
      name: 'admin-dashboard-stock',
      route: '/admin/dashboard-stock',
      session: 'admin',
      fullPage: true,
      act: async (page) => {
        await page.getByTestId('stock-type').first().waitFor();
      },
    },
    {
      name: 'admin-dashboard-stock-detalles',
      route: '/admin/dashboard-stock',
      session: 'admin',

      act: async (page) => {
        await page.getByTestId('stock-toggle').first().click();
        await page.getByTestId('stock-brand').first().waitFor();
      },
    },
    {
      name: 'admin-tipos-marcas-colores',
      route: '/admin/tiposMarcasColores',
      session: 'admin',
      fullPage: true,
      act: async (page) => {
        await page.getByTestId('lookup-list-colors').waitFor();
      },
    },
    {
      name: 'admin-tipos-marcas-colores-editar-eliminar',
      route: '/admin/tiposMarcasColores',
      session: 'admin',
      act: async (page) => {
        const brands = page.getByTestId('lookup-list-brands');
        await brands
          .getByRole('button', { name: /^Editar / })
          .first()
          .click();
        await page
          .getByTestId('lookup-list-colors')
          .getByRole('button', { name: /^Eliminar / })
          .first()
          .click();
        await page.getByTestId('lookup-delete-dialog').waitFor();
        await page.waitForTimeout(400);
      },
    },
    {
      name: 'admin-menu-abierto',
      route: '/admin/usuarios',
      session: 'admin',
      only: 'phone',
      act: async (page) => {
        await page.getByTestId('admin-menu-button').click();
        await page.getByTestId('admin-drawer').waitFor();
        await page.waitForTimeout(500);
      },
    },
  ];
  if (product) {
    screens.push(
      { name: 'producto', route: `/producto/${product.id}`, fullPage: true },
      // The first screen of a product on a phone: photo, name, price, sizes and the sticky bar.
      { name: 'producto-primera-pantalla', route: `/producto/${product.id}`, only: 'phone' },
      {
        name: 'producto-desplazado',
        route: `/producto/${product.id}`,
        only: 'phone',
        act: async (page) => {
          await page.evaluate(() => window.scrollTo(0, 600));
          await page.waitForTimeout(300);
        },
      },
      {
        // Headless Chromium has no share sheet: 'Compartir' opens WhatsApp and 'Copiar enlace'.
        name: 'producto-compartir',
        route: `/producto/${product.id}`,
        act: async (page) => {
          await page.getByTestId('share-button').click();
          await page.getByTestId('share-menu').waitFor();
        },
      },
      {
        name: 'producto-agregar-sin-sesion',
        route: `/producto/${product.id}`,
        act: async (page) => {
          await page.getByTestId('add-to-cart').click();
          await page.getByTestId('notification').first().waitFor();
          await page.waitForTimeout(400);
        },
      },
    );
    if (soldOut) {
      screens.push({
        name: 'producto-talla-agotada',
        route: `/producto/${product.id}`,
        act: async (page) => {
          await page.locator(`[data-testid="size-option"][data-size="${soldOut.size}"]`).click();
          await page.waitForTimeout(200);
        },
      });
    }
  }

  const browser = await launchBrowser();
  try {
    const kinds: SessionKind[] = ['anonymous', 'customer', 'admin'];
    let firstCustomer = true;
    for (const viewport of VIEWPORTS) {
      for (const kind of kinds) {
        const wanted = screens.filter(
          (screen) =>
            (screen.session ?? 'anonymous') === kind &&
            (!screen.only || screen.only === viewport.name) &&
            (!onlyScreens || onlyScreens.test(screen.name)),
        );
        if (wanted.length === 0) continue;
        const context = await browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
          deviceScaleFactor: 1,
          locale: 'es-MX',
        });
        const page = await context.newPage();
        page.on('pageerror', (error) => console.error(`[${viewport.name}] page error:`, error));
        if (kind !== 'anonymous') {
          await signInContext(page, kind, kind === 'customer' && firstCustomer);
          if (kind === 'customer') firstCustomer = false;
        }
        for (const screen of wanted) {
          await page.goto(`${baseUrl()}/#${screen.route}`);
          await page.reload();
          await settle(page);
          if (screen.act) await screen.act(page);
          const file = path.join(
            OUT_DIR,
            `${screen.name}-${viewport.width}x${viewport.height}.png`,
          );
          await page.screenshot({ path: file, fullPage: screen.fullPage ?? false });
          console.log(`saved ${path.relative(ROOT, file)}`);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
