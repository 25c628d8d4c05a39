import type { MockLink } from '@apollo/client/testing';
import { INVOICING_OFF_MESSAGES } from '@tienda/rules';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../../../test/render-with-providers';
import { GlobalInvoicesQuery } from '../api';
import { AdminGlobalInvoicesPage, GLOBAL_INVOICES_MESSAGES } from './global-invoices-page';

const invoice = {
  __typename: 'GlobalInvoice',
  id: 3,
  status: 'VALID',
  uuid: '6F0A3C1E-0000-4000-8000-000000000000',
  from: '2026-10-01',
  to: '2026-10-31',
  periodicity: 'month',
  totalCents: 1_234_50,
  orderIds: [4, 5],
  pdfUrl: '/api/facturas/global/3/pdf',
  xmlUrl: '/api/facturas/global/3/xml',
};

const listMock = (invoicingAvailable: boolean): MockLink.MockedResponse => ({
  request: { query: GlobalInvoicesQuery },
  result: { data: { invoicingAvailable, globalInvoices: [invoice] } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

const renderPage = (invoicingAvailable: boolean) =>
  renderWithProviders(
    [{ path: '/admin/facturas-globales', element: <AdminGlobalInvoicesPage /> }],
    '/admin/facturas-globales',
    [listMock(invoicingAvailable)],
  );

describe('AdminGlobalInvoicesPage (/admin/facturas-globales)', () => {
  beforeAll(() => stubMatchMedia());
  afterEach(() => cleanup());

  it("with invoicing off says so in the server's words and 'Emitir ahora' is disabled, with why", async () => {
    renderPage(false);
    const notice = await screen.findByTestId('invoicing-off');
    expect(notice.textContent).toContain(INVOICING_OFF_MESSAGES.admin);
    expect(notice.textContent).toContain('FACTURAPI_KEY');
    const button = screen.getByTestId('global-issue') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const hint = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(GLOBAL_INVOICES_MESSAGES.offHint);
    // Submitting anyway (Enter in a date field) sends nothing and shows no range error.
    fireEvent.change(screen.getByTestId('global-from'), { target: { value: '2026-10-01' } });
    fireEvent.submit(button.closest('form')!);
    expect(screen.queryByText(/debe/i)).toBeNull();
    // The invoices already issued stay listed and downloadable.
    expect((await screen.findByTestId('global-invoice')).textContent).toContain('2 pedidos');
  });

  it("with invoicing on shows no notice and 'Emitir ahora' works", async () => {
    renderPage(true);
    await screen.findByTestId('global-invoice');
    expect(screen.queryByTestId('invoicing-off')).toBeNull();
    expect(screen.queryByTestId('global-issue-off')).toBeNull();
    const button = screen.getByTestId('global-issue') as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.hasAttribute('aria-describedby')).toBe(false);
  });
});
