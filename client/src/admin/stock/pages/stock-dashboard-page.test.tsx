import type { MockLink } from '@apollo/client/testing';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../../../test/render-with-providers';
import { StockAlertDemandQuery, StockDashboardQuery } from '../api';
import { AdminStockDashboardPage } from './stock-dashboard-page';

const sizes = (entries: [string, number][]) =>
  entries.map(([size, units]) => ({ __typename: 'SizeUnits' as const, size, units }));

const dashboardMock: MockLink.MockedResponse = {
  request: { query: StockDashboardQuery },
  result: {
    data: {
      stockDashboard: [
        {
          __typename: 'TypeStock',
          typeId: 1,
          typeName: 'Playera',
          totalUnits: 1250,
          sizes: sizes([
            ['S', 250],
            ['M', 1000],
          ]),
          brands: [
            {
              __typename: 'BrandStock',
              brandId: null,
              brandName: 'Otras',
              totalUnits: 1000,
              sizes: sizes([['M', 1000]]),
            },
            {
              __typename: 'BrandStock',
              brandId: 3,
              brandName: 'Nike',
              totalUnits: 250,
              sizes: sizes([
                ['S', 250],
                ['M', 0],
              ]),
            },
          ],
        },
        {
          __typename: 'TypeStock',
          typeId: 2,
          typeName: 'Pantalón',
          totalUnits: 5,
          sizes: sizes([['30', 5]]),
          brands: [
            {
              __typename: 'BrandStock',
              brandId: 4,
              brandName: 'Levis',
              totalUnits: 5,
              sizes: sizes([['30', 5]]),
            },
          ],
        },
      ],
    },
  },
};

const noDemandMock: MockLink.MockedResponse = {
  request: { query: StockAlertDemandQuery },
  result: { data: { stockAlertDemand: [] } },
};

const demandMock: MockLink.MockedResponse = {
  request: { query: StockAlertDemandQuery },
  result: {
    data: {
      stockAlertDemand: [
        { productId: 7, productName: 'Tenis Nike 7 Negro', size: '27', waiting: 3, units: 0 },
        { productId: 9, productName: 'Playera Puma 9 Azul', size: 'M', waiting: 1, units: 0 },
      ].map((d) => ({ __typename: 'StockAlertDemand' as const, ...d })),
    },
  },
};

describe('AdminStockDashboardPage (/admin/dashboard-stock)', () => {
  beforeAll(() => stubMatchMedia());
  afterEach(() => cleanup());

  it("per type: total and units per size, in the server's order; 'Ver más' / 'Ocultar detalles' for the brands", async () => {
    renderWithProviders(
      [{ path: '/admin/dashboard-stock', element: <AdminStockDashboardPage /> }],
      '/admin/dashboard-stock',
      [dashboardMock, noDemandMock],
    );
    const cards = await screen.findAllByTestId('stock-type');
    expect(cards.map((c) => c.getAttribute('data-type'))).toEqual(['Playera', 'Pantalón']);
    const playera = cards[0]!;
    expect(within(playera).getByTestId('stock-type-total').textContent).toBe('1,250');
    expect(
      within(playera)
        .getAllByTestId('stock-size')
        .map((s) => s.textContent),
    ).toEqual(['S250', 'M1,000']);
    expect(screen.getByTestId('stock-total').textContent).toBe('1,255 unidades en existencia');
    expect(within(playera).queryByTestId('stock-brands')).toBeNull();

    const toggle = within(playera).getByTestId('stock-toggle');
    expect(toggle.textContent).toBe('Ver más');
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe('Ocultar detalles');
    const brands = within(playera).getAllByTestId('stock-brand');
    expect(brands.map((b) => [b.getAttribute('data-brand'), b.getAttribute('data-total')])).toEqual(
      [
        ['Otras', '1000'],
        ['Nike', '250'],
      ],
    );
    // The other type stays closed.
    expect(within(cards[1]!).queryByTestId('stock-brands')).toBeNull();
    fireEvent.click(toggle);
    expect(within(playera).queryByTestId('stock-brands')).toBeNull();
    expect(toggle.textContent).toBe('Ver más');
  });

  it("'Avisos pendientes': the sizes shoppers wait for, most awaited first; nothing while nobody waits", async () => {
    renderWithProviders(
      [{ path: '/admin/dashboard-stock', element: <AdminStockDashboardPage /> }],
      '/admin/dashboard-stock',
      [dashboardMock, demandMock],
    );
    const rows = await screen.findAllByTestId('waiting-request');
    expect(rows.map((r) => [r.getAttribute('data-size'), r.getAttribute('data-waiting')])).toEqual([
      ['27', '3'],
      ['M', '1'],
    ]);
    expect(rows[0]!.textContent).toContain('Tenis Nike 7 Negro');
    expect(within(rows[0]!).getByTestId('waiting-count').textContent).toBe('3');
    expect(within(rows[1]!).getByTestId('waiting-count').textContent).toBe('1');
    expect(screen.getByTestId('waiting-requests-total').textContent).toBe(
      '4 personas esperan una talla',
    );
  });
});
