import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHIPPING_CENTS, formatMoney } from '@tienda/rules';
import { AddToCartMutation } from '../../../shared/cart/api';
import { toaster } from '../../../shared/notifications/toaster';
import { type ProductDetail, ProductDetails } from './product-details';

// The shopper's messages, as the spec words them (§5 and §8), not read from the component.
const LOGIN_REQUIRED_MESSAGE = 'Debes iniciar sesión para agregar productos al carrito';
const ADDED_TO_CART_MESSAGE = 'Producto agregado al carrito';

const product: ProductDetail = {
  __typename: 'Product',
  id: 7,
  name: 'Playera Nike 101 Negro',
  description: 'Playera de algodón.',
  priceCents: 49900,
  onPromotion: true,
  promotionPriceCents: 39900,
  unitPriceCents: 39900,
  gender: 'HOMBRE',
  sharePath: '/p/7-playera-nike-101-negro',
  brand: { __typename: 'Brand', id: 1, name: 'Nike' },
  type: { __typename: 'ProductType', id: 2, name: 'Playera' },
  color: { __typename: 'Color', id: 3, name: 'Negro' },
  sizes: [
    { __typename: 'SizeStock', size: 'S', stock: 0 },
    { __typename: 'SizeStock', size: 'M', stock: 3 },
    { __typename: 'SizeStock', size: 'L', stock: 1 },
  ],
  images: [],
};

const addToCartMock: MockLink.MockedResponse = {
  request: { query: AddToCartMutation, variables: { productId: 7, size: 'M', quantity: 1 } },
  result: {
    data: {
      addToCart: {
        __typename: 'Cart',
        itemCount: 1,
        notices: [],
        addition: { __typename: 'CartAddition', added: 1, message: null },
        lines: [
          {
            __typename: 'CartLine',
            id: 1,
            size: 'M',
            quantity: 1,
            stock: 3,
            lineTotalCents: 39900,
            product: {
              __typename: 'Product',
              id: 7,
              name: product.name,
              unitPriceCents: 39900,
              images: [],
            },
          },
        ],
      },
    },
  },
};

/** The same product and size with the cart already at the stock: the server says so. */
const cappedMock: MockLink.MockedResponse = {
  request: { query: AddToCartMutation, variables: { productId: 7, size: 'L', quantity: 1 } },
  result: {
    data: {
      addToCart: {
        __typename: 'Cart',
        itemCount: 1,
        notices: [],
        addition: {
          __typename: 'CartAddition',
          added: 0,
          message: 'Solo hay 1 en talla L; tu carrito ya tiene 1',
        },
        lines: [],
      },
    },
  },
};

function renderDetails(signedIn = false, shown: ProductDetail = product) {
  const router = createMemoryRouter(
    [
      { path: '/producto/:id', element: <ProductDetails product={shown} signedIn={signedIn} /> },
      { path: '/iniciar-sesion', element: <SignInStandIn /> },
    ],
    { initialEntries: ['/producto/7?talla=M'] },
  );
  render(
    <MockedProvider mocks={[addToCartMock, cappedMock]}>
      <ChakraProvider value={defaultSystem}>
        <RouterProvider router={router} />
      </ChakraProvider>
    </MockedProvider>,
  );
}

/** Where the sign-in link goes: says where sign-in will return to. */
function SignInStandIn() {
  const state = useLocation().state as { returnTo?: string } | null;
  return <p data-testid="sign-in-page">vuelve a {state?.returnTo}</p>;
}

const quantity = () => screen.getByTestId('quantity-value').textContent;
const increase = () => screen.getByTestId('quantity-increase') as HTMLButtonElement;
const decrease = () => screen.getByTestId('quantity-decrease') as HTMLButtonElement;
function size(label: string): HTMLElement {
  const button = screen.getAllByTestId('size-option').find((item) => item.dataset.size === label);
  if (!button) throw new Error(`no size ${label}`);
  return button;
}

describe('ProductDetails', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the promotion price beside the crossed-out normal price', () => {
    renderDetails();
    expect(screen.getByTestId('price-current').textContent).toBe('$399');
    expect(screen.getByTestId('price-normal').textContent).toBe('$499');
  });

  it('opens on the first size in stock and keeps the quantity within its stock', () => {
    renderDetails();
    expect(size('M').getAttribute('aria-checked')).toBe('true');
    expect(quantity()).toBe('1');
    expect(decrease().disabled).toBe(true);

    fireEvent.click(increase());
    fireEvent.click(increase());
    expect(quantity()).toBe('3');
    expect(increase().disabled).toBe(true);
    fireEvent.click(increase());
    expect(quantity()).toBe('3');

    fireEvent.click(decrease());
    expect(quantity()).toBe('2');
  });

  it('shows 0 and disables everything on a sold-out size, and resets to 1 on a size change', () => {
    renderDetails();
    fireEvent.click(increase());
    expect(quantity()).toBe('2');

    fireEvent.click(size('S'));
    expect(size('S').textContent).toContain('Agotado');
    expect(quantity()).toBe('0');
    expect(increase().disabled).toBe(true);
    expect(decrease().disabled).toBe(true);
    expect((screen.getByTestId('add-to-cart') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(size('L'));
    expect(quantity()).toBe('1');
    expect(increase().disabled).toBe(true);
  });

  it('asks the shopper to sign in when adding to the cart', () => {
    const create = vi.spyOn(toaster, 'create');
    renderDetails();
    act(() => {
      fireEvent.click(screen.getByTestId('add-to-cart'));
    });
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ description: LOGIN_REQUIRED_MESSAGE, duration: 3000 }),
    );
  });

  it('offers a visitor who tapped it a way forward: sign in, then back to this product', () => {
    renderDetails();
    expect(screen.queryByTestId('sign-in-to-add')).toBeNull();
    act(() => {
      fireEvent.click(screen.getByTestId('add-to-cart'));
    });
    expect(screen.getByTestId('sign-in-to-add').textContent).toBe(
      'Inicia sesión para agregarlo a tu carrito',
    );
    act(() => {
      fireEvent.click(screen.getByRole('link', { name: 'Inicia sesión' }));
    });
    expect(screen.getByTestId('sign-in-page').textContent).toBe('vuelve a /producto/7?talla=M');
  });

  it('adds the chosen size and quantity to the cart of a signed-in shopper', async () => {
    const create = vi.spyOn(toaster, 'create');
    renderDetails(true);
    act(() => {
      fireEvent.click(screen.getByTestId('add-to-cart'));
    });
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({ description: ADDED_TO_CART_MESSAGE }),
      ),
    );
    expect(create).not.toHaveBeenCalledWith(
      expect.objectContaining({ description: LOGIN_REQUIRED_MESSAGE }),
    );
  });

  it("a merge the stock capped says so in the server's words ('Solo hay 1 en talla L; tu carrito ya tiene 1'), not 'Producto agregado'", async () => {
    const create = vi.spyOn(toaster, 'create');
    renderDetails(true);
    act(() => {
      fireEvent.click(size('L'));
    });
    act(() => {
      fireEvent.click(screen.getByTestId('add-to-cart'));
    });
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({
          description: 'Solo hay 1 en talla L; tu carrito ya tiene 1',
          type: 'warning',
        }),
      ),
    );
    expect(create).not.toHaveBeenCalledWith(
      expect.objectContaining({ description: ADDED_TO_CART_MESSAGE }),
    );
  });

  it("shows the order calculator's shipping ($220, @tienda/rules) on the product page", () => {
    renderDetails();
    expect(screen.getByTestId('product-shipping-charge').textContent).toBe(
      `+ ${formatMoney(SHIPPING_CENTS)} de envío a todo México`,
    );
    expect(screen.getByTestId('product-shipping').textContent).toContain(
      `Envío a todo México: ${formatMoney(SHIPPING_CENTS)} por pedido.`,
    );
    expect(formatMoney(SHIPPING_CENTS)).toBe('$220');
  });

  it("'Agregar al carrito' turns busy at once, re-rendering the button alone (not the page around it)", async () => {
    const create = vi.spyOn(toaster, 'create');
    // Counts the page's renders: only ProductDetails reads the description.
    const renders = { count: 0 };
    const counted = new Proxy(product, {
      get(target, key, receiver) {
        if (key === 'description') renders.count += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    renderDetails(true, counted);
    const button = screen.getByTestId('add-to-cart');
    const pageRenders = renders.count;
    act(() => {
      fireEvent.click(button);
    });
    expect(button.hasAttribute('data-loading')).toBe(true);
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({ description: ADDED_TO_CART_MESSAGE }),
      ),
    );
    await waitFor(() => expect(button.hasAttribute('data-loading')).toBe(false));
    expect(renders.count).toBe(pageRenders);
  });
});
