import type { MockLink } from '@apollo/client/testing';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { ORDER_REFUND_MESSAGES, orderStatusName } from '@tienda/rules';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../../../test/render-with-providers';
import type {
  CfdiFieldsFragment,
  InvoiceFieldsFragment,
  MyOrderRefundFieldsFragment,
  OrderFieldsFragment,
  SessionUserFieldsFragment,
} from '../../../gql/graphql';
import { MeQuery } from '../../../shared/session/api';
import { InvoiceOrderMutation, MyOrdersQuery } from '../api';
import { MyOrdersPage, NO_ORDERS_MESSAGE } from './my-orders-page';

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

/** An order whose status is written in its Spanish words ('Enviado'): the API sends its name. */
function order(id: number, words: string, paid: boolean, tracking: string | null) {
  const value: OrderFieldsFragment = {
    __typename: 'Order',
    id,
    status: orderStatusName(words)!,
    paid,
    paymentSettled: paid || words === 'Enviado' || words === 'Entregado',
    tracking,
    // The server builds it from the settings' tracking URL (trackingUrlOf).
    trackingUrl: tracking ? `https://rastreo.example.mx/?guia=${tracking}` : null,
    createdAt: '2026-11-20T18:30:00.000Z',
    // The server's deadline, for an unpaid order only (72 hours later).
    holdUntil: words === 'En espera de pago' ? '2026-11-23T18:30:00.000Z' : null,
    subtotalCents: 125_000,
    shippingCents: 22_000,
    discountCents: 0,
    adjustments: [],
    totalCents: 147_000,
    lines: [
      {
        __typename: 'OrderLine',
        cartLineId: id * 10,
        productId: 101,
        productName: 'Playera Nike 12 Negro',
        size: 'M',
        quantity: 2,
        unitPriceCents: 62_500,
        onPromotion: false,
      },
    ],
  };
  return value;
}

type ListedOrder = OrderFieldsFragment & {
  invoice?: InvoiceFieldsFragment | null;
  cfdis?: CfdiFieldsFragment[];
  refund?: MyOrderRefundFieldsFragment | null;
};

function renderOrders(
  listed: ListedOrder[],
  total: number,
  page = 1,
  more: MockLink.MockedResponse[] = [],
) {
  const items = listed.map((o) => ({
    ...o,
    invoice: o.invoice ?? null,
    cfdis: o.cfdis ?? [],
    refund: o.refund ?? null,
  }));
  const mocks: MockLink.MockedResponse[] = [
    ...more,
    { request: { query: MeQuery }, result: { data: { me: shopper } }, maxUsageCount: Infinity },
    {
      request: { query: MyOrdersQuery, variables: { offset: (page - 1) * 10, limit: 10 } },
      result: {
        data: {
          myOrders: { __typename: 'OrderPage', items, total },
          shopSettings: { __typename: 'ShopSettings', carrier: 'Estafeta' },
        },
      },
      maxUsageCount: Infinity,
    },
  ];
  return renderWithProviders(
    [{ path: '/mis-pedidos', element: <MyOrdersPage /> }],
    page === 1 ? '/mis-pedidos' : `/mis-pedidos?pagina=${page}`,
    mocks,
  );
}

describe('MyOrdersPage (/mis-pedidos)', () => {
  beforeAll(() => stubMatchMedia());
  afterEach(() => cleanup());

  it("offers no payment for an 'Enviado' or 'Entregado' order", async () => {
    renderOrders(
      [
        order(12, 'Entregado', false, 'EST9'),
        order(11, 'Enviado', false, 'EST8'),
        order(10, 'Cancelado por falta de pago', false, null),
      ],
      3,
    );
    const cards = await screen.findAllByTestId('order-card');
    const button = (card: HTMLElement) => card.querySelector('[data-testid="order-payment-info"]');
    expect(button(cards[0]!)).toBeNull();
    expect(button(cards[1]!)).toBeNull();
    expect(button(cards[2]!)?.getAttribute('href')).toBe('/pago?idPedido=10');
  });

  it('hides the payment button of paid orders and shows tracking when set', async () => {
    renderOrders(
      [
        order(9, 'Pagado por mercadopago', true, 'EST123'),
        order(8, 'Enviado', false, null),
        order(7, 'En espera de pago', false, null),
      ],
      3,
    );
    const cards = await screen.findAllByTestId('order-card');
    expect(cards.map((card) => card.getAttribute('data-order-id'))).toEqual(['9', '8', '7']);
    const button = (card: HTMLElement) => card.querySelector('[data-testid="order-payment-info"]');
    expect(button(cards[0]!)).toBeNull();
    // Shipped: paid, whatever the status says.
    expect(button(cards[1]!)).toBeNull();
    expect(button(cards[2]!)?.getAttribute('href')).toBe('/pago?idPedido=7');
    // The tracking number links to the carrier's page (issue 28 item 6), named by the settings.
    expect(cards[0]!.querySelector('[data-testid="order-tracking"]')?.textContent).toBe(
      'Guía de rastreo (Estafeta): EST123 (rastrear el envío; se abre en otra pestaña)',
    );
    const link = cards[0]!.querySelector('[data-testid="order-tracking-link"]');
    expect(link?.getAttribute('href')).toBe('https://rastreo.example.mx/?guia=EST123');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(cards[1]!.querySelector('[data-testid="order-tracking"]')).toBeNull();
    expect(
      cards.map((card) =>
        card.querySelector('[data-testid="order-status"]')?.getAttribute('data-tone'),
      ),
    ).toEqual(['paid', 'shipped', 'waiting']);
    expect(cards[2]!.querySelector('[data-testid="order-line-detail"]')?.textContent).toBe(
      'Talla M · 2 × $625',
    );
    expect(cards[2]!.querySelector('[data-testid="order-total"]')?.textContent).toBe('$1,470');
    // The shop's clock: 18:30 UTC is 12:30 p.m. in Mexico City, whatever the browser's zone.
    expect(cards[2]!.querySelector('[data-testid="order-date"]')?.textContent).toMatch(
      /20 de noviembre de 2026.*12:30/,
    );
    expect(screen.queryByTestId('pagination-status')).toBeNull();
    // The deadline on screen (issue 28 item 3): the unpaid order's, in Mexico City time.
    expect(cards[2]!.querySelector('[data-testid="hold-deadline"]')?.textContent).toContain(
      'Tu pedido se aparta hasta el lunes 23 de noviembre a las 12:30',
    );
    expect(cards[0]!.querySelector('[data-testid="hold-deadline"]')).toBeNull();
    expect(cards[1]!.querySelector('[data-testid="hold-deadline"]')).toBeNull();
  });

  it("pages by 10 with 'page / total pages'", async () => {
    renderOrders([order(11, 'Pagado', true, null)], 11, 2);
    expect((await screen.findByTestId('pagination-status')).textContent).toBe('2 / 2');
    expect((screen.getByTestId('pagination-next') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('pagination-prev') as HTMLButtonElement).disabled).toBe(false);
  });

  it('says when there are no orders yet, with a way to the catalogue', async () => {
    renderOrders([], 0);
    expect(await screen.findByText(NO_ORDERS_MESSAGE)).toBeTruthy();
    expect(screen.getByTestId('to-catalog').getAttribute('href')).toBe('/inicio');
  });

  it("a transfer-paid order 'Cancelado con reembolso' shows its refund: pending, then sent to the CLABE", async () => {
    const refund = (orderId: number, sent: boolean): MyOrderRefundFieldsFragment => ({
      __typename: 'OrderRefund',
      orderId,
      status: sent ? 'REFUNDED' : 'PENDING',
      amountCents: 147_000,
      clabe: sent ? '012180001234567899' : null,
      refundedAt: sent ? '2026-11-21T18:30:00.000Z' : null,
    });
    renderOrders(
      [
        { ...order(8, 'Cancelado con reembolso', false, null), refund: refund(8, false) },
        { ...order(7, 'Cancelado con reembolso', false, null), refund: refund(7, true) },
        order(6, 'Pagado', true, null),
      ],
      3,
    );
    const cards = await screen.findAllByTestId('order-card');
    const stateOf = (id: number) =>
      cards
        .find((c) => c.getAttribute('data-order-id') === String(id))!
        .querySelector('[data-testid="order-refund-state"]');
    expect(stateOf(8)!.textContent).toBe(
      `Reembolso pendiente${ORDER_REFUND_MESSAGES.pendingForCustomer('$1,470')}`,
    );
    expect(stateOf(7)!.textContent).toBe(
      `Reembolsado${ORDER_REFUND_MESSAGES.refundedForCustomer('$1,470', '7899', '21 de noviembre de 2026')}`,
    );
    expect(stateOf(6)).toBeNull();
    // Nothing is left to pay on an order cancelled with refund.
    for (const id of [8, 7]) {
      const card = cards.find((c) => c.getAttribute('data-order-id') === String(id))!;
      expect(card.querySelector('[data-testid="order-payment-info"]')).toBeNull();
    }
  });

  describe("'Facturar mi compra'", () => {
    const invoice = (orderId: number): InvoiceFieldsFragment => ({
      __typename: 'Invoice',
      id: 3,
      orderId,
      status: 'VALID',
      uuid: '8A3F2C1E-5B7D-4E9A-9C0B-1D2E3F4A5B6C',
      relatedUuid: null,
      pdfUrl: `/api/pedidos/${orderId}/factura/pdf`,
      xmlUrl: `/api/pedidos/${orderId}/factura/xml`,
    });

    it("lists a refunded return's credit note with its files, and offers 'Corregir factura'", async () => {
      const creditNote: CfdiFieldsFragment = {
        __typename: 'Invoice',
        id: 9,
        kind: 'EGRESO',
        status: 'VALID',
        uuid: '4C1B9E2D-7A3F-4D6B-8E0C-2F3A4B5C6D7E',
        totalCents: 22500,
        returnId: 7,
        relatedUuid: '8A3F2C1E-5B7D-4E9A-9C0B-1D2E3F4A5B6C',
        pdfUrl: '/api/facturas/9/pdf',
        xmlUrl: '/api/facturas/9/xml',
      };
      renderOrders(
        [{ ...order(3, 'Entregado', true, 'EST-1'), invoice: invoice(3), cfdis: [creditNote] }],
        1,
      );
      const note = await screen.findByTestId('order-credit-note');
      expect(note.querySelector('[data-testid="order-credit-note-title"]')?.textContent).toBe(
        'Nota de crédito de tu devolución #7: emitida, $225',
      );
      expect(
        note.querySelector('[data-testid="order-credit-note-pdf"]')?.getAttribute('href'),
      ).toBe('/api/facturas/9/pdf');
      expect(screen.getByTestId('order-invoice-correct-button').textContent).toContain(
        'Corregir factura',
      );
    });

    it('is offered on a paid order only, and an invoiced one shows its state and downloads', async () => {
      renderOrders(
        [
          order(1, 'Pagado', true, null),
          order(2, 'En espera de pago', false, null),
          { ...order(3, 'Enviado', true, 'EST-1'), invoice: invoice(3) },
        ],
        3,
      );
      const cards = await screen.findAllByTestId('order-card');
      const within = (n: number, id: string) => cards[n]!.querySelector(`[data-testid="${id}"]`);
      expect(within(0, 'order-invoice-button')?.textContent).toContain('Facturar mi compra');
      expect(within(1, 'order-invoice-button')).toBeNull();
      expect(within(2, 'order-invoice-button')).toBeNull();
      expect(within(2, 'order-invoice-status')?.textContent).toBe('Factura emitida');
      expect(within(2, 'order-invoice-pdf')?.getAttribute('href')).toBe(
        '/api/pedidos/3/factura/pdf',
      );
      expect(within(2, 'order-invoice-xml')?.getAttribute('href')).toBe(
        '/api/pedidos/3/factura/xml',
      );
    });

    it('invoices on a click and then shows the invoice', async () => {
      renderOrders([order(1, 'Pagado', true, null)], 1, 1, [
        {
          request: { query: InvoiceOrderMutation, variables: { orderId: 1 } },
          result: { data: { invoiceOrder: invoice(1) } },
        },
      ]);
      await act(async () => {
        fireEvent.click(await screen.findByTestId('order-invoice-button'));
      });
      expect((await screen.findByTestId('order-invoice-status')).textContent).toBe(
        'Factura emitida',
      );
      expect(screen.queryByTestId('order-invoice-button')).toBeNull();
    });

    it("says the server's refusal under the button (invoicing off, no fiscal data)", async () => {
      renderOrders([order(1, 'Pagado', true, null)], 1, 1, [
        {
          request: { query: InvoiceOrderMutation, variables: { orderId: 1 } },
          result: {
            errors: [
              {
                message: 'Guarda tus datos fiscales en «Mi cuenta» antes de facturar',
                extensions: { code: 'BAD_USER_INPUT', reason: 'NO_FISCAL_DATA' },
              },
            ],
          },
        },
      ]);
      await act(async () => {
        fireEvent.click(await screen.findByTestId('order-invoice-button'));
      });
      const problem = await screen.findByTestId('order-invoice-problem');
      expect(problem.textContent).toContain(
        'Guarda tus datos fiscales en «Mi cuenta» antes de facturar',
      );
      expect(problem.querySelector('a')?.getAttribute('href')).toBe('/usuario');
    });
  });
});
