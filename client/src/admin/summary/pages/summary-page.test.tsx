import type { MockLink } from '@apollo/client/testing';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { SUMMARY_MESSAGES } from '@tienda/rules';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../../../test/render-with-providers';
import { AdminSummaryQuery } from '../api';
import { AdminSummaryPage } from './summary-page';

const figures = (orders: number, units: number, revenueCents: number, discountCents: number) => ({
  orders,
  units,
  revenueCents,
  averageTicketCents: orders === 0 ? 0 : Math.round(revenueCents / orders),
  discountCents,
});
const seller = (productId: number, name: string, units: number, revenueCents: number) => ({
  __typename: 'BestSeller' as const,
  productId,
  name,
  units,
  revenueCents,
});

const summaryMock: MockLink.MockedResponse = {
  request: {
    query: AdminSummaryQuery,
    variables: { from: '2026-11-01', to: '2026-11-02', lowStockThreshold: 2 },
  },
  result: {
    data: {
      adminSummary: {
        __typename: 'SalesSummary',
        from: '2026-11-01',
        to: '2026-11-02',
        totals: { __typename: 'SalesFigures', ...figures(3, 7, 3_500_050, 5_000) },
        days: [
          { __typename: 'SalesDay', day: '2026-11-01', ...figures(0, 0, 0, 0) },
          { __typename: 'SalesDay', day: '2026-11-02', ...figures(3, 7, 3_500_050, 5_000) },
        ],
        bestSellersByUnits: [seller(4, 'Gorra Puma 4 Rojo', 5, 125_000)],
        bestSellersByRevenue: [seller(1, 'Tenis Nike 1 Blanco', 2, 240_000)],
        lowStockThreshold: 2,
        lowStockTotal: 51,
        lowStock: [
          {
            __typename: 'LowStockSize',
            productId: 1,
            name: 'Tenis Nike 1 Blanco',
            size: '25',
            quantity: 1,
          },
        ],
        releasingTotal: 1,
        releasingTotalCents: 47_000,
        releasing: [
          {
            __typename: 'ReleasingOrder',
            orderId: 81,
            customerName: 'Lucía Pérez',
            totalCents: 47_000,
            placedAt: '2026-11-25T20:30:00Z',
            releasesAt: '2026-11-28T20:30:00Z',
          },
        ],
        couponUses: [{ __typename: 'CouponUses', code: 'HOTSALE', uses: 2, discountCents: 30_000 }],
      },
    },
  },
};

const route = '/admin/resumen?periodo=personalizado&desde=2026-11-01&hasta=2026-11-02';

describe('AdminSummaryPage (/admin/resumen)', () => {
  beforeAll(() => stubMatchMedia());
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('shows the figures, the table per day (newest first), best sellers, low stock, releases and coupons', async () => {
    renderWithProviders([{ path: '/admin/resumen', element: <AdminSummaryPage /> }], route, [
      summaryMock,
    ]);
    await screen.findByTestId('summary');
    expect(screen.getByTestId('summary-range').textContent).toContain(
      'Del 1 de noviembre de 2026 al 2 de noviembre de 2026',
    );
    expect(screen.getByTestId('summary-orders-value').textContent).toBe('3');
    expect(screen.getByTestId('summary-revenue-value').textContent).toBe('$35,000.50');
    expect(screen.getByTestId('summary-average-value').textContent).toBe('$11,666.83');
    expect(screen.getByTestId('summary-discounts-value').textContent).toBe('$50');
    expect(screen.getAllByTestId('summary-day').map((r) => r.getAttribute('data-day'))).toEqual([
      '2026-11-02',
      '2026-11-01',
    ]);
    expect(
      within(screen.getByTestId('summary-best-units-table')).getByText('Gorra Puma 4 Rojo'),
    ).toBeTruthy();
    expect(screen.getByTestId('summary-low-stock').textContent).toContain('y 50 tallas más');
    expect(screen.getByTestId('summary-releasing-row').textContent).toContain('Lucía Pérez');
    expect(screen.getByTestId('summary-releasing-row').textContent).toContain('sáb, 14:30');
    expect(screen.getByTestId('summary-coupon-row').textContent).toContain('HOTSALE');
    expect(screen.getByTestId('summary-preset-personalizado').getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it(`'${SUMMARY_MESSAGES.dateOrder}' and '${SUMMARY_MESSAGES.invalidThreshold}', before asking`, async () => {
    renderWithProviders([{ path: '/admin/resumen', element: <AdminSummaryPage /> }], route, [
      summaryMock,
    ]);
    await screen.findByTestId('summary');
    fireEvent.change(screen.getByTestId('summary-hasta'), { target: { value: '2026-10-01' } });
    fireEvent.click(screen.getByTestId('summary-apply'));
    expect(await screen.findByText(SUMMARY_MESSAGES.dateOrder)).toBeTruthy();
    fireEvent.change(screen.getByTestId('summary-threshold'), { target: { value: '1001' } });
    expect(await screen.findByText(SUMMARY_MESSAGES.invalidThreshold)).toBeTruthy();
    expect(localStorage.getItem('tienda.resumen.umbral.admin')).toBeNull();
  });
});
