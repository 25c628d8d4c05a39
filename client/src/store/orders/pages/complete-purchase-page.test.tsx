import type { MockLink } from '@apollo/client/testing';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../../../test/render-with-providers';
import type {
  OrderSummaryQuery as OrderSummaryResult,
  SessionUserFieldsFragment,
} from '../../../gql/graphql';
import { CartQuery } from '../../../shared/cart/api';
import { MeQuery } from '../../../shared/session/api';
import { CheckoutMutation, OrderSummaryQuery } from '../api';
import { COUPON_REFUSAL_MESSAGES, EMPTY_CART_MESSAGE } from '@tienda/rules';
import { readAppliedCoupon, storeAppliedCoupon } from '../applied-coupon';
import { CompletePurchasePage, NO_ADDRESS_MESSAGE } from './complete-purchase-page';

const shopper: SessionUserFieldsFragment = {
  __typename: 'User',
  id: 5,
  name: 'Ana',
  email: 'ana@example.com',
  role: 'user',
  phone: '5512345678',
  googleId: null,
  pictureUrl: null,
};

function product(id: number, unitPriceCents: number, onPromotion = false) {
  return {
    __typename: 'Product' as const,
    id,
    name: `Playera ${id}`,
    unitPriceCents,
    onPromotion,
    images: [],
  };
}

/** 2 × $450 + 4 × $300 (regular): 6 bulk units, $300 off, $220 shipping. */
const summary: OrderSummaryResult['orderSummary'] = {
  __typename: 'OrderSummary',
  couponCode: null,
  couponRefusal: null,
  couponRefusalReason: null,
  subtotalCents: 210_000,
  shippingCents: 22_000,
  discountCents: 30_000,
  adjustments: [
    {
      __typename: 'Adjustment',
      code: 'BULK_DISCOUNT',
      label: 'Descuento por mayoreo',
      amountCents: 30_000,
    },
  ],
  bulkUnits: 6,
  totalCents: 202_000,
  cardChargeCents: 209_449,
  address: {
    __typename: 'Address',
    id: 3,
    firstName: 'Ana',
    lastName: 'López',
    street: 'Av. Juárez',
    number: '10',
    withoutNumber: false,
    interiorNumber: '',
    neighborhood: 'Centro',
    postalCode: '06000',
    city: 'Cuauhtémoc',
    state: 'Ciudad de México',
    references: 'Portón negro',
    phone: '5512345678',
  },
  lines: [
    {
      __typename: 'CartLine',
      id: 11,
      size: 'M',
      quantity: 2,
      lineTotalCents: 90_000,
      product: product(101, 45_000),
    },
    {
      __typename: 'CartLine',
      id: 12,
      size: 'L',
      quantity: 4,
      lineTotalCents: 120_000,
      product: product(102, 30_000),
    },
  ],
};

const base: MockLink.MockedResponse[] = [
  { request: { query: MeQuery }, result: { data: { me: shopper } }, maxUsageCount: Infinity },
  {
    request: { query: CartQuery },
    result: { data: { cart: { __typename: 'Cart', itemCount: 0, notices: [], lines: [] } } },
    maxUsageCount: Infinity,
  },
];

function summaryMock(
  answer: { data: OrderSummaryResult } | { errors: GraphQLError[] },
  addressId = 3,
  couponCode?: string,
): MockLink.MockedResponse {
  return {
    request: {
      query: OrderSummaryQuery,
      variables: couponCode === undefined ? { addressId } : { addressId, couponCode },
    },
    result: answer,
    maxUsageCount: Infinity,
  };
}

function renderPage(path: string, mocks: MockLink.MockedResponse[]) {
  return renderWithProviders(
    [
      { path: '/completar-compra', element: <CompletePurchasePage /> },
      { path: '/pago', element: <p>Pantalla de pago</p> },
      { path: '/iniciar-sesion', element: <p>Pantalla de inicio de sesión</p> },
    ],
    path,
    [...base, ...mocks],
  );
}

describe('CompletePurchasePage (/completar-compra)', () => {
  beforeAll(() => stubMatchMedia());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows the server's lines, shipping, explained discount and total", async () => {
    renderPage('/completar-compra?direccion=3', [summaryMock({ data: { orderSummary: summary } })]);
    expect(await screen.findAllByTestId('summary-line')).toHaveLength(2);
    expect(screen.getAllByTestId('summary-line-total').map((cell) => cell.textContent)).toEqual([
      '$900',
      '$1,200',
    ]);
    expect(screen.getByTestId('summary-subtotal').textContent).toBe('$2,100');
    expect(screen.getByTestId('summary-shipping').textContent).toBe('$220');
    expect(screen.getByTestId('summary-discount').textContent).toBe('−$300');
    expect(screen.getByTestId('summary-discount-note').textContent).toContain(
      '$50 menos por pieza al llevar 6 o más piezas sin promoción',
    );
    expect(screen.getByTestId('summary-total').textContent).toBe('$2,020');
    expect(screen.getByTestId('delivery-address').textContent).toContain('Av. Juárez 10');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it("draws the server's adjustments by their names, in its order, and the server's total", async () => {
    const withCoupon: OrderSummaryResult['orderSummary'] = {
      ...summary,
      discountCents: 30_000 + 18_000,
      totalCents: 202_000 - 18_000,
      adjustments: [
        ...summary.adjustments,
        { __typename: 'Adjustment', code: 'COUPON', label: 'Cupón HOTSALE', amountCents: 18_000 },
      ],
    };
    renderPage('/completar-compra?direccion=3', [
      summaryMock({ data: { orderSummary: withCoupon } }),
    ]);
    await screen.findAllByTestId('summary-line');
    const rows = screen
      .getAllByRole('definition')
      .map((dd) => `${dd.previousElementSibling?.textContent} ${dd.textContent}`);
    expect(rows).toEqual([
      'Subtotal $2,100',
      'Envío $220',
      'Descuento por mayoreo −$300',
      'Cupón HOTSALE −$180',
      'Total $1,840',
    ]);
    expect(screen.getByTestId('summary-adjustment-coupon').textContent).toBe('−$180');
  });

  it('hints at the units missing for the bulk discount (words from @tienda/rules)', async () => {
    const small: OrderSummaryResult['orderSummary'] = {
      ...summary,
      bulkUnits: 4,
      discountCents: 0,
      adjustments: [],
      totalCents: 232_000,
    };
    renderPage('/completar-compra?direccion=3', [summaryMock({ data: { orderSummary: small } })]);
    expect((await screen.findByTestId('summary-discount-hint')).textContent).toBe(
      'Con 2 piezas más sin promoción ahorras $50 por pieza.',
    );
    expect(screen.queryByTestId('summary-discount')).toBeNull();
  });

  it('retries a checkout whose answer was lost with the same idempotency key', async () => {
    const keys = ['clave-intento-1', 'clave-intento-2'];
    vi.spyOn(crypto, 'randomUUID').mockImplementation(
      () => keys.shift() as ReturnType<typeof crypto.randomUUID>,
    );
    const checkout = (result: MockLink.MockedResponse['result'] | undefined, error?: Error) => ({
      request: {
        query: CheckoutMutation,
        variables: { addressId: 3, idempotencyKey: 'clave-intento-1' },
      },
      ...(error ? { error } : { result }),
    });
    renderPage('/completar-compra?direccion=3', [
      summaryMock({ data: { orderSummary: summary } }),
      checkout(undefined, new Error('Failed to fetch')),
      checkout({
        data: {
          checkout: {
            __typename: 'Order',
            id: 77,
            status: 'AWAITING_PAYMENT',
            couponCode: null,
            totalCents: 202_000,
          },
        },
      }),
    ]);
    const button = (await screen.findByTestId('place-order')) as HTMLButtonElement;
    fireEvent.click(button);
    // While the first attempt is on its way the button waits; a second click does nothing.
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    await waitFor(() => expect(button.disabled).toBe(false));
    // The retry: same key (a new one would match no mock and fail).
    fireEvent.click(button);
    expect(await screen.findByText('Pantalla de pago')).toBeTruthy();
    expect(keys).toEqual(['clave-intento-2']);
  });

  it("shows the server's stock message and a way back to the cart", async () => {
    const message = 'Ya no hay existencias suficientes de Playera 101 (talla M): queda 1';
    vi.spyOn(crypto, 'randomUUID').mockReturnValue('clave-1-1111-1111-1111-111111111111');
    renderPage('/completar-compra?direccion=3', [
      summaryMock({ data: { orderSummary: summary } }),
      {
        request: {
          query: CheckoutMutation,
          variables: { addressId: 3, idempotencyKey: 'clave-1-1111-1111-1111-111111111111' },
        },
        result: { errors: [new GraphQLError(message, { extensions: { code: 'CONFLICT' } })] },
      },
    ]);
    fireEvent.click(await screen.findByTestId('place-order'));
    expect((await screen.findByTestId('checkout-refused-message')).textContent).toBe(message);
    expect(screen.getByTestId('checkout-refused-cart').getAttribute('href')).toBe('/carrito');
  });

  it.each([
    ['a missing address', '/completar-compra', undefined],
    ['a malformed address', '/completar-compra?direccion=abc', undefined],
    [
      "someone else's address",
      '/completar-compra?direccion=3',
      new GraphQLError('Debes seleccionar una dirección', {
        extensions: { code: 'BAD_USER_INPUT', field: 'addressId' },
      }),
    ],
  ])('explains %s and links back to the address choice', async (_case, path, error) => {
    renderPage(path, error ? [summaryMock({ errors: [error] })] : []);
    const back = await screen.findByTestId('back-to-addresses');
    expect(back.getAttribute('href')).toBe('/elegir-direccion');
    if (error) expect(screen.getByText(NO_ADDRESS_MESSAGE)).toBeTruthy();
    expect(screen.queryByTestId('place-order')).toBeNull();
  });

  it('says the cart is empty', async () => {
    renderPage('/completar-compra?direccion=3', [
      summaryMock({
        errors: [
          new GraphQLError(EMPTY_CART_MESSAGE, {
            extensions: { code: 'BAD_USER_INPUT', reason: 'EMPTY_CART' },
          }),
        ],
      }),
    ]);
    expect(await screen.findByText(EMPTY_CART_MESSAGE)).toBeTruthy();
    expect(screen.getByTestId('back-to-catalog').getAttribute('href')).toBe('/inicio');
  });

  it('sends anonymous visitors to sign in', async () => {
    renderWithProviders(
      [
        { path: '/completar-compra', element: <CompletePurchasePage /> },
        { path: '/iniciar-sesion', element: <p>Pantalla de inicio de sesión</p> },
      ],
      '/completar-compra?direccion=3',
      [{ request: { query: MeQuery }, result: { data: { me: null } } }],
    );
    expect(await screen.findByText('Pantalla de inicio de sesión')).toBeTruthy();
  });

  describe('the coupon field', () => {
    afterEach(() => storeAppliedCoupon(null));

    /** The summary with HOTSALE applied: 10 % of the goods after the bulk discount ($180). */
    const withHotsale: OrderSummaryResult['orderSummary'] = {
      ...summary,
      couponCode: 'HOTSALE',
      discountCents: 30_000 + 18_000,
      totalCents: 202_000 - 18_000,
      adjustments: [
        ...summary.adjustments,
        { __typename: 'Adjustment', code: 'COUPON', label: 'Cupón HOTSALE', amountCents: 18_000 },
      ],
    };
    const refusedSummary = (code: string): OrderSummaryResult['orderSummary'] => ({
      ...summary,
      couponRefusal: COUPON_REFUSAL_MESSAGES.COUPON_UNKNOWN(code),
      couponRefusalReason: 'COUPON_UNKNOWN',
    });
    const order = (id: number, couponCode: string | null, totalCents: number) => ({
      data: {
        checkout: { __typename: 'Order', id, status: 'AWAITING_PAYMENT', couponCode, totalCents },
      },
    });

    it("applies a code: the server's coupon line by name, 'Quitar cupón', and checkout sends the code", async () => {
      vi.spyOn(crypto, 'randomUUID').mockReturnValue('clave-2-2222-2222-2222-222222222222');
      renderPage('/completar-compra?direccion=3', [
        summaryMock({ data: { orderSummary: summary } }),
        summaryMock({ data: { orderSummary: withHotsale } }, 3, 'HOTSALE'),
        {
          request: {
            query: CheckoutMutation,
            variables: {
              addressId: 3,
              idempotencyKey: 'clave-2-2222-2222-2222-222222222222',
              couponCode: 'HOTSALE',
            },
          },
          result: order(78, 'HOTSALE', 184_000),
        },
      ]);
      const input = await screen.findByRole('textbox', { name: 'Cupón de descuento' });
      expect(screen.getByTestId('summary-total').textContent).toBe('$2,020');
      // Typed in lower case with spaces: the code is asked normalised.
      fireEvent.change(input, { target: { value: ' hotsale ' } });
      fireEvent.click(screen.getByTestId('coupon-apply'));
      expect((await screen.findByTestId('summary-adjustment-coupon')).textContent).toBe('−$180');
      expect(screen.getByText('Cupón HOTSALE')).toBeTruthy();
      expect(screen.getByTestId('summary-total').textContent).toBe('$1,840');
      expect(screen.getByTestId('coupon-applied-code').textContent).toContain('HOTSALE');
      // Kept for the tab, so a reload of the page asks with it again.
      expect(readAppliedCoupon()).toBe('HOTSALE');
      await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('coupon-remove')));
      fireEvent.click(screen.getByTestId('place-order'));
      expect(await screen.findByText('Pantalla de pago')).toBeTruthy();
      expect(readAppliedCoupon()).toBeNull();
    });

    it('a refused code: the server’s message under the field (an alert it describes), the text kept, the price without it', async () => {
      renderPage('/completar-compra?direccion=3', [
        summaryMock({ data: { orderSummary: summary } }),
        summaryMock({ data: { orderSummary: refusedSummary('NOEXISTE') } }, 3, 'NOEXISTE'),
      ]);
      const input = await screen.findByRole('textbox', { name: 'Cupón de descuento' });
      fireEvent.change(input, { target: { value: 'noexiste' } });
      fireEvent.click(screen.getByTestId('coupon-apply'));
      const refusal = await screen.findByRole('alert');
      expect(refusal.textContent).toBe('No existe el cupón NOEXISTE; revisa que esté bien escrito');
      expect(input.getAttribute('aria-describedby')).toContain(refusal.id);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect((input as HTMLInputElement).value).toBe('noexiste');
      expect(screen.queryByTestId('summary-adjustment-coupon')).toBeNull();
      expect(screen.getByTestId('summary-total').textContent).toBe('$2,020');
      expect(readAppliedCoupon()).toBeNull();
    });

    it("'Quitar cupón' prices the cart without it and empties the field", async () => {
      storeAppliedCoupon('HOTSALE');
      renderPage('/completar-compra?direccion=3', [
        summaryMock({ data: { orderSummary: withHotsale } }, 3, 'HOTSALE'),
        summaryMock({ data: { orderSummary: summary } }),
      ]);
      // The code kept from before the reload is asked for at once.
      fireEvent.click(await screen.findByTestId('coupon-remove'));
      const input = await screen.findByRole('textbox', { name: 'Cupón de descuento' });
      await waitFor(() => expect(screen.queryByTestId('summary-adjustment-coupon')).toBeNull());
      expect((input as HTMLInputElement).value).toBe('');
      expect(screen.getByTestId('summary-total').textContent).toBe('$2,020');
      expect(readAppliedCoupon()).toBeNull();
      await waitFor(() => expect(document.activeElement).toBe(input));
    });

    it('checkout refuses the code (used up meanwhile): the message under the field, the cart re-priced without it', async () => {
      storeAppliedCoupon('HOTSALE');
      vi.spyOn(crypto, 'randomUUID').mockReturnValue('clave-3-3333-3333-3333-333333333333');
      const message = COUPON_REFUSAL_MESSAGES.COUPON_USED_UP('HOTSALE');
      renderPage('/completar-compra?direccion=3', [
        summaryMock({ data: { orderSummary: withHotsale } }, 3, 'HOTSALE'),
        {
          request: {
            query: CheckoutMutation,
            variables: {
              addressId: 3,
              idempotencyKey: 'clave-3-3333-3333-3333-333333333333',
              couponCode: 'HOTSALE',
            },
          },
          result: {
            errors: [
              new GraphQLError(message, {
                extensions: { code: 'CONFLICT', reason: 'COUPON_USED_UP', field: 'couponCode' },
              }),
            ],
          },
        },
        summaryMock({ data: { orderSummary: summary } }),
      ]);
      expect((await screen.findByTestId('summary-adjustment-coupon')).textContent).toBe('−$180');
      fireEvent.click(screen.getByTestId('place-order'));
      expect((await screen.findByTestId('coupon-refusal')).textContent).toBe(message);
      await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('$2,020'));
      expect(screen.queryByTestId('summary-adjustment-coupon')).toBeNull();
      // The field keeps the code, the general refusal (with its way back to the cart) is not shown.
      expect(
        (screen.getByRole('textbox', { name: 'Cupón de descuento' }) as HTMLInputElement).value,
      ).toBe('HOTSALE');
      expect(screen.queryByTestId('checkout-refused')).toBeNull();
      expect(readAppliedCoupon()).toBeNull();
    });
  });
});
