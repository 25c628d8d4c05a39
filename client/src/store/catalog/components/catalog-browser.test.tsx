import type { MockLink } from '@apollo/client/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../../../test/render-with-providers';
import type { CatalogPageQuery as CatalogPageData, ProductSort } from '../../../gql/graphql';
import { CatalogPageQuery } from '../api';
import { CatalogBrowser } from './catalog-browser';

type Item = CatalogPageData['products']['items'][number];

function product(id: number, name: string, priceCents: number): Item {
  return {
    __typename: 'Product',
    id,
    name,
    priceCents,
    onPromotion: false,
    promotionPriceCents: null,
    unitPriceCents: priceCents,
    totalStock: 3,
    brand: { __typename: 'Brand', id: 1, name: 'Nike' },
    type: { __typename: 'ProductType', id: 1, name: 'Playera' },
    color: null,
    sizes: [{ __typename: 'SizeStock', size: 'M', stock: 3 }],
    images: [],
  };
}

const cheap = product(1, 'Playera económica', 19900);
const dear = product(2, 'Playera cara', 89900);

/** The catalogue's answer for one order: the server orders, the mock answers in that order. */
function pageMock(
  sort: ProductSort,
  items: Item[],
  { filter = {}, offset = 0, total = items.length } = {},
): MockLink.MockedResponse {
  return {
    request: { query: CatalogPageQuery, variables: { filter, sort, offset, limit: 24 } },
    result: {
      data: {
        products: {
          __typename: 'ProductPage',
          total,
          offset,
          limit: 24,
          items,
          facets: {
            __typename: 'ProductFacets',
            brands: [{ __typename: 'FacetOption', value: 'Nike', count: items.length }],
            types: [],
            priceRanges: [],
            sizes: [],
            sexes: [],
            colors: [],
          },
        },
      },
    },
  };
}

function renderAt(path: string, mocks: MockLink.MockedResponse[]) {
  return renderWithProviders(
    [
      { path: '/inicio', element: <CatalogBrowser showPrices /> },
      { path: '/catalogo', element: <CatalogBrowser showPrices={false} /> },
    ],
    path,
    mocks,
  );
}

const cardNames = () =>
  screen
    .getAllByTestId('product-card')
    .map((card) => within(card).getByTestId('product-name').textContent);

describe('CatalogBrowser: Ordenar por', () => {
  beforeAll(() => stubMatchMedia());
  afterEach(() => cleanup());

  it('offers the three orders, newest first by default, and asks the server for that order', async () => {
    renderAt('/inicio', [pageMock('NEWEST', [dear, cheap])]);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Ordenar por' });
    expect([...select.options].map((option) => option.text)).toEqual([
      'Más recientes',
      'Precio: menor a mayor',
      'Precio: mayor a menor',
    ]);
    expect(select.value).toBe('NEWEST');
    await waitFor(() => expect(cardNames()).toEqual(['Playera cara', 'Playera económica']));
  });

  it('a new order goes to the URL, back to the first page, keeping the filters', async () => {
    const filter = { brands: ['Nike'] };
    const { router } = renderAt('/inicio?marca=Nike&pagina=3', [
      pageMock('NEWEST', [dear], { filter, offset: 48, total: 49 }),
      pageMock('PRICE_ASC', [cheap, dear], { filter }),
    ]);
    await waitFor(() => expect(cardNames()).toEqual(['Playera cara']));
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Ordenar por' });
    fireEvent.change(select, { target: { value: 'PRICE_ASC' } });
    expect(router.state.location.search).toBe('?marca=Nike&orden=menor-precio');
    await waitFor(() => expect(cardNames()).toEqual(['Playera económica', 'Playera cara']));
    expect(select.value).toBe('PRICE_ASC');
  });

  it('reads the order from the URL (a reload or Back)', async () => {
    renderAt('/inicio?orden=mayor-precio', [pageMock('PRICE_DESC', [dear, cheap])]);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Ordenar por' });
    expect(select.value).toBe('PRICE_DESC');
    await waitFor(() => expect(cardNames()).toEqual(['Playera cara', 'Playera económica']));
  });

  it('paging keeps the order', async () => {
    const { router } = renderAt('/inicio?orden=menor-precio', [
      pageMock('PRICE_ASC', [cheap, dear], { total: 30 }),
      pageMock('PRICE_ASC', [dear], { offset: 24, total: 30 }),
    ]);
    fireEvent.click(await screen.findByTestId('pagination-next'));
    expect(router.state.location.search).toBe('?orden=menor-precio&pagina=2');
    await waitFor(() => expect(cardNames()).toEqual(['Playera cara']));
  });

  it('the price-free catalogue has no price order to choose', async () => {
    renderAt('/catalogo?orden=menor-precio', [pageMock('NEWEST', [dear, cheap])]);
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(2));
    expect(screen.queryByRole('combobox', { name: 'Ordenar por' })).toBeNull();
  });
});
