import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render-with-providers';
import type { ProductCardFieldsFragment } from '../../../gql/graphql';
import { ProductGrid } from './product-grid';

function product(id: number): ProductCardFieldsFragment {
  return {
    __typename: 'Product',
    id,
    name: `Tenis ${id}`,
    priceCents: 99900,
    onPromotion: false,
    promotionPriceCents: null,
    unitPriceCents: 99900,
    totalStock: 2,
    brand: null,
    type: null,
    color: null,
    sizes: [{ __typename: 'SizeStock', size: '26', stock: 2 }],
    images: [],
  };
}

/** The items, counting how often the grid walks them (once per render of its cards). */
function countedItems(items: ProductCardFieldsFragment[]) {
  const walks = { count: 0 };
  const proxy = new Proxy(items, {
    get(target, key, receiver) {
      if (key === 'map') walks.count += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { proxy, walks };
}

describe('ProductGrid is memoised', () => {
  afterEach(() => cleanup());

  it("a parent's own state change (a drawer, a menu, loading) does not render the cards again", () => {
    const { proxy, walks } = countedItems([product(1), product(2), product(3)]);
    function Parent() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen((value) => !value)}>
            {open ? 'Cerrar' : 'Abrir'}
          </button>
          <ProductGrid products={proxy} showPrices priorityCount={2} />
        </>
      );
    }
    renderWithProviders([{ path: '/inicio', element: <Parent /> }], '/inicio', []);
    expect(screen.getAllByTestId('product-card')).toHaveLength(3);
    const rendersBefore = walks.count;
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.getByRole('button', { name: 'Abrir' })).toBeTruthy();
    expect(walks.count).toBe(rendersBefore);
  });
});
