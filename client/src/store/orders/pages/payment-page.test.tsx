import type { MockLink } from '@apollo/client/testing';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../../../test/render-with-providers';
import type {
  CartFieldsFragment,
  PaymentOrderQuery as PaymentOrderResult,
  PaymentSettingsQuery as PaymentSettingsResult,
  ProductCardFieldsFragment,
  SessionUserFieldsFragment,
} from '../../../gql/graphql';
import { CartQuery } from '../../../shared/cart/api';
import { MeQuery } from '../../../shared/session/api';
import { CartPage } from '../../cart/pages/cart-page';
import { ProductCard } from '../../catalog/components/product-card';
import { PaymentOrderQuery, PaymentSettingsQuery } from '../api';
import { PaymentPage } from './payment-page';

/**
 * Issue 23 item 4: the amount a shopper is told to pay keeps its centavos. 3 × $199.50 + $220
 * shipping = $818.50: the payment page says '$818.50' (never '$818', 50 centavos short), the
 * cart '$199.50 c/u', the product card '$199.50'.
 */

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

const order: PaymentOrderResult['order'] = {
  __typename: 'Order',
  id: 41,
  status: 'AWAITING_PAYMENT',
  paid: false,
  paymentSettled: false,
  tracking: null,
  trackingUrl: null,
  createdAt: '2026-11-25T19:05:00.000Z',
  holdUntil: '2026-11-28T19:05:00.000Z',
  subtotalCents: 598_50,
  shippingCents: 220_00,
  discountCents: 0,
  adjustments: [],
  totalCents: 818_50,
  // floor(818.50 × 1.0349 + 4) = $851
  cardChargeCents: 851_00,
  lines: [
    {
      __typename: 'OrderLine',
      cartLineId: 7,
      productId: 77,
      productName: 'Playera Nike 77 Negro',
      size: 'M',
      quantity: 3,
      unitPriceCents: 199_50,
      onPromotion: false,
      product: { __typename: 'Product', id: 77, images: [] },
    },
  ],
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
};

const settings: PaymentSettingsResult['shopSettings'] = {
  __typename: 'ShopSettings',
  cardPaymentsEnabled: true,
  bankTransfer: {
    __typename: 'BankTransferSettings',
    bank: 'BBVA',
    holder: 'Tienda SA de CV',
    account: '0123456789',
    clabe: '012180001234567899',
    card: '4152313800000000',
    proofPhone: '5512345678',
  },
};

const cart: CartFieldsFragment = {
  __typename: 'Cart',
  itemCount: 3,
  notices: [],
  lines: [
    {
      __typename: 'CartLine',
      id: 7,
      size: 'M',
      quantity: 3,
      stock: 5,
      lineTotalCents: 598_50,
      product: {
        __typename: 'Product',
        id: 77,
        name: 'Playera Nike 77 Negro',
        unitPriceCents: 199_50,
        images: [],
      },
    },
  ],
};

const mocks: MockLink.MockedResponse[] = [
  { request: { query: MeQuery }, result: { data: { me: shopper } }, maxUsageCount: Infinity },
  { request: { query: CartQuery }, result: { data: { cart } }, maxUsageCount: Infinity },
  {
    request: { query: PaymentOrderQuery, variables: { id: 41 } },
    result: { data: { order } },
    maxUsageCount: Infinity,
  },
  {
    request: { query: PaymentSettingsQuery },
    result: { data: { shopSettings: settings } },
    maxUsageCount: Infinity,
  },
];

describe('exact amounts with centavos', () => {
  beforeAll(() => stubMatchMedia());
  afterEach(() => cleanup());

  it("rule exact amounts: the payment page of an order of $818.50 says 'Transfiere o deposita $818.50'", async () => {
    renderWithProviders([{ path: '/pago', element: <PaymentPage /> }], '/pago?idPedido=41', mocks);
    const page = await screen.findByTestId('payment-page');
    expect(screen.getByTestId('payment-amount').textContent).toContain('$818.50');
    expect(screen.getByTestId('bank-transfer').textContent).toContain(
      'Transfiere o deposita $818.50 con estos datos',
    );
    expect(screen.getByTestId('summary-total').textContent).toBe('$818.50');
    expect(screen.getByTestId('summary-subtotal').textContent).toBe('$598.50');
    expect(page.textContent).toContain('3 × $199.50');
    // The card charge is whole pesos by the spec's floor: $851.
    expect(page.textContent).toContain('Pagar $851 con tarjeta');
    expect(page.textContent).not.toMatch(/\$818(?!\.50)/);
    // Until when it is held (issue 28 item 3), from the server's holdUntil, Mexico City time.
    expect(screen.getByTestId('hold-deadline').textContent).toContain(
      'Tu pedido se aparta hasta el sábado 28 de noviembre a las 13:05',
    );
  });

  it("draws the order's adjustments from the server and the card fee's words from @tienda/rules", async () => {
    const bulk = {
      ...order,
      subtotalCents: 1200_00,
      discountCents: 300_00,
      totalCents: 1120_00,
      cardChargeCents: 1163_00,
      adjustments: [
        {
          __typename: 'Adjustment' as const,
          code: 'BULK_DISCOUNT',
          label: 'Descuento por mayoreo',
          amountCents: 300_00,
        },
      ],
    };
    renderWithProviders([{ path: '/pago', element: <PaymentPage /> }], '/pago?idPedido=41', [
      ...mocks.filter((m) => m.request.query !== PaymentOrderQuery),
      {
        request: { query: PaymentOrderQuery, variables: { id: 41 } },
        result: { data: { order: bulk } },
        maxUsageCount: Infinity,
      },
    ]);
    await screen.findByTestId('payment-page');
    expect(screen.getByTestId('summary-discount').textContent).toBe('−$300');
    expect(screen.getByTestId('summary-discount').previousElementSibling?.textContent).toBe(
      'Descuento por mayoreo',
    );
    expect(screen.getByTestId('summary-discount-note').textContent).toBe(
      '$50 menos por pieza al llevar 6 o más piezas sin promoción.',
    );
    expect(screen.getByTestId('summary-total').textContent).toBe('$1,120');
    expect(screen.getByTestId('card-fee-note').textContent).toBe(
      'Incluye la comisión del procesador de pagos: 3.49% + $4 sobre el total de $1,120.',
    );
    expect(screen.getByTestId('card-charge').textContent).toBe('$1,163');
  });

  it("rule exact amounts: the cart says '$199.50 c/u' and its subtotal $598.50", async () => {
    renderWithProviders([{ path: '/carrito', element: <CartPage /> }], '/carrito', mocks);
    const line = await screen.findByTestId('cart-line');
    expect(line.textContent).toContain('$199.50 c/u');
    expect(screen.getByTestId('cart-line-total').textContent).toBe('$598.50');
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('$598.50');
  });

  it("rule exact amounts: a product card priced $199.50 shows '$199.50'", () => {
    const product: ProductCardFieldsFragment = {
      __typename: 'Product',
      id: 77,
      name: 'Playera Nike 77 Negro',
      priceCents: 199_50,
      onPromotion: false,
      promotionPriceCents: null,
      unitPriceCents: 199_50,
      totalStock: 5,
      brand: null,
      type: null,
      color: null,
      sizes: [{ __typename: 'SizeStock', size: 'M', stock: 5 }],
      images: [],
    };
    renderWithProviders(
      [{ path: '/inicio', element: <ProductCard product={product} showPrices /> }],
      '/inicio',
      [],
    );
    expect(screen.getByTestId('price-current').textContent).toBe('$199.50');
  });
});
