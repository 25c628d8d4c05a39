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
  {
    filter = {},
    offset = 0,
    total = items.length,
    sexes = [] as CatalogPageData['products']['facets']['sexes'],
  } = {},
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
            sexes,
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

describe('CatalogBrowser: Sexo offers what the catalogue has', () => {
  beforeAll(() => stubMatchMedia());
  afterEach(() => cleanup());

  it("lists the server's options in the spec's order, disabled at 0, and no 'Niño' when no product is for children", async () => {
    renderAt('/inicio', [
      pageMock('NEWEST', [dear, cheap], {
        sexes: [
          { __typename: 'SexOption', value: 'DAMA', count: 0 },
          { __typename: 'SexOption', value: 'CABALLERO', count: 2 },
        ],
      }),
    ]);
    await waitFor(() => expect(cardNames()).toHaveLength(2));
    // The phone layout (matchMedia stubbed): the filters are in the drawer.
    fireEvent.click(screen.getByTestId('open-filters'));
    const section = await screen.findByTestId('facet-sexo');
    const options = within(section).getAllByTestId('facet-option');
    expect(options.map((option) => option.getAttribute('data-value'))).toEqual([
      'Caballero',
      'Dama',
    ]);
    expect(within(section).queryByText('Niño')).toBeNull();
    const checkbox = (name: RegExp) =>
      within(section).getByRole<HTMLInputElement>('checkbox', { name, hidden: true });
    expect(checkbox(/Dama/).disabled).toBe(true);
    expect(checkbox(/Caballero/).disabled).toBe(false);
  });
});

describe('CatalogBrowser: the phone filter drawer answers the tap at once', () => {
  beforeAll(() => stubMatchMedia());
  afterEach(() => cleanup());

  it("'Filtros' says it opens a dialog, and shows itself expanded from the tap on", async () => {
    renderAt('/inicio', [pageMock('NEWEST', [dear, cheap])]);
    await waitFor(() => expect(cardNames()).toHaveLength(2));
    const button = screen.getByTestId('open-filters');
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByTestId('filters-drawer')).toBeTruthy();
  });

  it('paints the drawer before its options: a first render with an empty body, the options in the next one', async () => {
    renderAt('/inicio', [pageMock('NEWEST', [dear, cheap])]);
    await waitFor(() => expect(cardNames()).toHaveLength(2));
    const records: MutationRecord[] = [];
    const observer = new MutationObserver((list) => records.push(...list));
    observer.observe(document.body, { childList: true, subtree: true });
    fireEvent.click(screen.getByTestId('open-filters'));
    const drawer = await screen.findByTestId('filters-drawer');
    await within(drawer).findByTestId('filter-panel');
    records.push(...observer.takeRecords());
    observer.disconnect();
    // The placeholder was committed with the drawer, then replaced by the options.
    const removedPlaceholder = records.some((record) =>
      [...record.removedNodes].some(
        (node) => node instanceof HTMLElement && node.dataset.testid === 'filter-panel-pending',
      ),
    );
    expect(removedPlaceholder).toBe(true);
    expect(within(drawer).queryByTestId('filter-panel-pending')).toBeNull();
    expect(within(drawer).getByTestId('facet-marca')).toBeTruthy();
  });
});

describe('CatalogBrowser: a failed catalogue', () => {
  beforeAll(() => stubMatchMedia());
  afterEach(() => cleanup());

  it("shows its error alone: no 'Cargando productos…', no order or filters beside it", async () => {
    renderAt('/inicio', [
      {
        request: {
          query: CatalogPageQuery,
          variables: { filter: {}, sort: 'NEWEST', offset: 0, limit: 24 },
        },
        error: new Error('Failed to fetch'),
      },
    ]);
    expect(await screen.findByText('No se pudo cargar el catálogo.')).toBeTruthy();
    expect(screen.queryByTestId('results-count')).toBeNull();
    expect(screen.queryByText('Cargando productos…')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Ordenar por' })).toBeNull();
  });
});
