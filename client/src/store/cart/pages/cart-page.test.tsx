import type { MockLink } from '@apollo/client/testing';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../../../test/render-with-providers';
import type { CartFieldsFragment, SessionUserFieldsFragment } from '../../../gql/graphql';
import { CartQuery } from '../../../shared/cart/api';
import { forgetAnnouncedCartNotices } from '../../../shared/cart/cart-notices';
import { toaster } from '../../../shared/notifications/toaster';
import { MeQuery } from '../../../shared/session/api';
import { EMPTY_CART_MESSAGE, SHIPPING_CENTS, formatMoney } from '@tienda/rules';
import { CartPage } from './cart-page';

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

function line(id: number, quantity: number, stock: number, unitPriceCents: number) {
  return {
    __typename: 'CartLine' as const,
    id,
    size: 'M',
    quantity,
    stock,
    lineTotalCents: unitPriceCents * quantity,
    product: {
      __typename: 'Product' as const,
      id: 100 + id,
      name: `Playera ${id}`,
      unitPriceCents,
      images: [],
    },
  };
}

function mocks(cart: CartFieldsFragment, me: SessionUserFieldsFragment | null = shopper) {
  const list: MockLink.MockedResponse[] = [
    { request: { query: MeQuery }, result: { data: { me } }, maxUsageCount: Infinity },
    { request: { query: CartQuery }, result: { data: { cart } }, maxUsageCount: Infinity },
  ];
  return list;
}

function renderCart(cart: CartFieldsFragment, me: SessionUserFieldsFragment | null = shopper) {
  return renderWithProviders(
    [
      { path: '/carrito', element: <CartPage /> },
      { path: '/iniciar-sesion', element: <p>Pantalla de inicio de sesión</p> },
    ],
    '/carrito',
    mocks(cart, me),
  );
}

const emptyCart: CartFieldsFragment = {
  __typename: 'Cart',
  itemCount: 0,
  notices: [],
  lines: [],
};

describe('CartPage (/carrito)', () => {
  beforeAll(() => stubMatchMedia());
  beforeEach(() => forgetAnnouncedCartNotices());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('says the cart is empty', async () => {
    renderCart(emptyCart);
    expect(await screen.findByText(EMPTY_CART_MESSAGE)).toBeTruthy();
    expect(screen.queryByTestId('cart-continue')).toBeNull();
  });

  it('shows each notice of the server once, as a notification', async () => {
    const create = vi.spyOn(toaster, 'create');
    const notices = [
      'El producto Playera 9 ya no existe y se quitó de tu carrito',
      'Solo quedan 2 unidades de Playera 1 talla M; ajustamos tu carrito',
    ];
    renderCart({
      ...emptyCart,
      itemCount: 2,
      lines: [line(1, 2, 2, 39900)],
      notices: notices.map((message) => ({ __typename: 'CartNotice' as const, message })),
    });
    await screen.findByTestId('cart-line');
    await waitFor(() => expect(create).toHaveBeenCalledTimes(2));
    for (const message of notices) {
      expect(create).toHaveBeenCalledWith(expect.objectContaining({ description: message }));
    }
  });

  it('lists the lines with the stepper limits and the subtotal of the server totals', async () => {
    renderCart({
      ...emptyCart,
      itemCount: 4,
      lines: [line(1, 3, 3, 39900), line(2, 1, 5, 120000)],
    });
    const lines = await screen.findAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    const buttons = (testId: string) =>
      screen.getAllByTestId(testId).map((button) => (button as HTMLButtonElement).disabled);
    // Line 1 is at its stock: + is off; line 2 is at 1: − is off.
    expect(buttons('cart-line-increase')).toEqual([true, false]);
    expect(buttons('cart-line-decrease')).toEqual([false, true]);
    expect(screen.getAllByTestId('cart-line-total').map((cell) => cell.textContent)).toEqual([
      '$1,197',
      '$1,200',
    ]);
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('$2,397');
    expect(screen.getAllByTestId('cart-line-name')[0]?.getAttribute('href')).toContain(
      '/producto/101',
    );
  });

  it("shows the order calculator's $220 shipping (@tienda/rules) before the summary", async () => {
    renderCart({ ...emptyCart, itemCount: 1, lines: [line(1, 1, 3, 39900)] });
    expect((await screen.findByTestId('cart-shipping')).textContent).toBe(
      formatMoney(SHIPPING_CENTS),
    );
    expect(formatMoney(SHIPPING_CENTS)).toBe('$220');
  });

  it('sends anonymous visitors to sign in', async () => {
    renderCart(emptyCart, null);
    expect(await screen.findByText('Pantalla de inicio de sesión')).toBeTruthy();
  });
});
