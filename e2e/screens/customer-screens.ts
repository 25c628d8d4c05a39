// The signed-in customer's screens for e2e/screenshots.ts: account, cart, addresses, checkout,
// payment and orders (the empty states first, then with data).
import { baseUrl } from '../browser.ts';
import {
  cartForSummary,
  centavosCart,
  centavosOrder,
  creditNoteOrder,
  customerDataFilled,
  deliveredOrderForReturns,
  fillCustomerData,
  orderForPayment,
  ordersForList,
  ordersListed,
  type ProductSample,
  refundedOrdersForCustomer,
} from './shop-data.ts';
import { type Screen, settle } from './screen.ts';

export const customerScreens: Screen[] = [
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
      if (customerDataFilled()) return;
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
    // Issue 28 item 4: 'Sin número' checked (the número disabled) and a 'Número interior'.
    name: 'mis-direcciones-formulario-sin-numero',
    route: '/mis-direcciones',
    session: 'customer',
    act: async (page) => {
      await page.getByTestId('address-add').first().click();
      const dialog = page.getByTestId('address-form-dialog');
      await dialog.waitFor();
      await dialog.getByTestId('field-street').fill('Calle Pino');
      await dialog.getByTestId('field-withoutNumber').click();
      await dialog.getByTestId('field-interiorNumber').fill('Depto. 4');
      await dialog.getByTestId('field-number').scrollIntoViewIfNeeded();
      await page.waitForTimeout(400);
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
      if (ordersListed()) return;
      await ordersForList(page);
      await page.reload();
      await page.getByTestId('my-orders-page').waitFor();
      await settle(page);
    },
  },
  {
    // Issue 25 item 6: transfer refunds of orders 'Cancelado con reembolso', pending and sent.
    name: 'mis-pedidos-reembolso',
    route: '/mis-pedidos',
    session: 'customer',
    fullPage: true,
    act: async (page) => {
      await refundedOrdersForCustomer(page);
      await page.reload();
      await page.getByTestId('order-refund-state').first().waitFor();
      await settle(page);
    },
  },
  {
    name: 'mis-pedidos-devolucion',
    route: '/mis-pedidos',
    session: 'customer',
    act: async (page) => {
      await deliveredOrderForReturns(page);
      await page.reload();
      const open = page.getByTestId('return-open').first();
      if (!(await open.isVisible().catch(() => false))) await open.waitFor({ timeout: 60_000 });
      await open.click();
      await page.getByTestId('return-dialog').waitFor();
      await page.getByTestId('return-quantity').first().selectOption('1');
      await page.getByTestId('return-reason').first().fill('Me quedó chica');
      await settle(page);
    },
  },
  {
    name: 'mis-pedidos-devolucion-solicitada',
    route: '/mis-pedidos',
    session: 'customer',
    only: 'phone',
    act: async (page) => {
      await deliveredOrderForReturns(page);
      await page.reload();
      await page.getByTestId('order-returns').first().waitFor();
      if ((await page.getByTestId('order-return').count()) === 0) {
        await page.getByTestId('return-open').first().click();
        await page.getByTestId('return-quantity').first().selectOption('1');
        await page.getByTestId('return-reason').first().fill('Me quedó chica');
        await page.getByTestId('return-submit').click();
        await page.getByTestId('order-return').first().waitFor();
      }
      await page.getByTestId('order-returns').first().scrollIntoViewIfNeeded();
      await settle(page);
    },
  },
  {
    // Issue 25: an invoiced order's refunded return has its credit note (PDF and XML).
    name: 'mis-pedidos-nota-credito',
    route: '/mis-pedidos',
    session: 'customer',
    act: async (page) => {
      await creditNoteOrder(page);
      await page.reload();
      const note = page.getByTestId('order-credit-note').first();
      await note.waitFor({ timeout: 60_000 });
      await note.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await settle(page);
    },
  },
  {
    // 'Corregir factura' with the fiscal data unchanged: the server says to correct them first.
    name: 'mis-pedidos-corregir-factura',
    route: '/mis-pedidos',
    session: 'customer',
    act: async (page) => {
      await creditNoteOrder(page);
      await page.reload();
      const button = page.getByTestId('order-invoice-correct-button').first();
      await button.waitFor({ timeout: 60_000 });
      await button.click();
      const problem = page.getByTestId('order-invoice-correct-problem').first();
      await problem.waitFor();
      await problem.scrollIntoViewIfNeeded();
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
];

/**
 * A price with centavos (issue 23): the cart with 3 × $199.50 ('$199.50 c/u') and the payment
 * page of that order, $818.50. Last, as they empty the customer's cart of everything else.
 */
export function centavosScreens(product: ProductSample): Screen[] {
  return [
    { name: 'producto-centavos', route: `/producto/${product.id}`, fullPage: true },
    {
      name: 'pago-centavos',
      route: '/inicio',
      session: 'customer',
      fullPage: true,
      act: async (page) => {
        const orderId = await centavosOrder(page, product);
        await page.goto(`${baseUrl()}/#/pago?idPedido=${orderId}`);
        await page.getByTestId('payment-page').waitFor();
        await settle(page);
      },
    },
    {
      name: 'carrito-centavos',
      route: '/inicio',
      session: 'customer',
      fullPage: true,
      act: async (page) => {
        await centavosCart(page, product);
        await page.goto(`${baseUrl()}/#/carrito`);
        await page.reload();
        await page.getByTestId('cart-line').first().waitFor();
        await settle(page);
      },
    },
  ];
}
