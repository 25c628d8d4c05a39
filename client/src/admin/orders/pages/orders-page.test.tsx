import type { MockLink } from '@apollo/client/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../../../test/render-with-providers';
import { toaster } from '../../../shared/notifications/toaster';
import {
  AdminOrderDetailsQuery,
  AdminOrderEmailsQuery,
  AdminOrdersQuery,
  MarkOrderRefundedMutation,
  ResendOrderEmailMutation,
  UpdateOrderMutation,
} from '../api';
import { ORDER_REFUND_MESSAGES, RETURN_MESSAGES } from '@tienda/rules';
import { ORDER_REFUND_EDIT_MESSAGES } from '../orders-format';
import { AdminOrdersPage } from './orders-page';
import { watchFirstNavigation } from '../../../../test/navigation';

const TOTAL = 12;
/** The admin's four statuses (spec §4) as the API names them, and the words the admin reads. */
const STATUSES = ['AWAITING_PAYMENT', 'PAID', 'SHIPPED', 'CANCELLED_UNPAID'];
const STATUS_WORDS = ['En espera de pago', 'Pagado', 'Enviado', 'Cancelado por falta de pago'];

const order = (
  id: number,
  overrides: Partial<{ status: string; tracking: string | null }> = {},
) => ({
  __typename: 'Order' as const,
  id,
  userName: `Cliente ${id}`,
  // Midday UTC: the same day in every time zone from UTC−11 to UTC+11.
  createdAt: '2026-11-20T12:00:00.000Z',
  totalCents: 125000 + id * 100,
  status: STATUSES[id % 4]!,
  tracking: null,
  // Order 11's transfer refund waits ('Reembolso pendiente' beside its status).
  refund: id === 11 ? { __typename: 'OrderRefund' as const, orderId: 11, status: 'PENDING' } : null,
  ...overrides,
});

function listMock(
  search: string | null,
  offset: number,
  ids: number[],
  total = TOTAL,
): MockLink.MockedResponse {
  return {
    request: { query: AdminOrdersQuery, variables: { search, offset, limit: 10 } },
    result: {
      data: {
        orders: { __typename: 'OrderPage', total, items: ids.map((id) => order(id)) },
      },
    },
  };
}

const FIRST_PAGE = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3];

const CLABE = '012180001234567899';
/** A transfer refund of order `orderId` (modules/returns/transfer-refunds.ts). */
const refundOf = (orderId: number, status: 'PENDING' | 'REFUNDED') => ({
  __typename: 'OrderRefund' as const,
  orderId,
  status,
  amountCents: 72000,
  clabe: status === 'REFUNDED' ? CLABE : null,
  createdAt: '2026-11-20T12:00:00.000Z',
  refundedAt: status === 'REFUNDED' ? '2026-11-21T18:30:00.000Z' : null,
  refundedByEmail: status === 'REFUNDED' ? 'admin@example.com' : null,
});

function detailsMock(
  id: number,
  status = STATUSES[id % 4]!,
  refund: ReturnType<typeof refundOf> | null = null,
): MockLink.MockedResponse {
  return {
    request: { query: AdminOrderDetailsQuery, variables: { id } },
    result: {
      data: {
        order: {
          __typename: 'Order',
          id,
          status,
          tracking: null,
          subtotalCents: 50000,
          shippingCents: 22000,
          adjustments: [],
          totalCents: 72000,
          refund,
          // Order 12 was invoiced and then cancelled: its CFDI too, with motive 02.
          invoice:
            id === 12
              ? {
                  __typename: 'Invoice',
                  id: 4,
                  status: 'CANCELLED',
                  uuid: '8A3F2C1E-5B7D-4E9A-9C0B-1D2E3F4A5B6C',
                  cancelMotive: '02',
                  cancelError: null,
                  pdfUrl: '/api/pedidos/12/factura/pdf',
                }
              : null,
          cfdis:
            id === 12
              ? [
                  {
                    __typename: 'Invoice',
                    id: 4,
                    kind: 'INGRESO',
                    status: 'CANCELLED',
                    uuid: '8A3F2C1E-5B7D-4E9A-9C0B-1D2E3F4A5B6C',
                    totalCents: 72000,
                    returnId: null,
                    cancelMotive: '02',
                    cancelError: null,
                    skipReason: null,
                    substitutedByUuid: null,
                    relatedUuid: null,
                    pdfUrl: '/api/facturas/4/pdf',
                    xmlUrl: '/api/facturas/4/xml',
                  },
                ]
              : [],
          address: {
            __typename: 'Address',
            id: 50,
            firstName: 'Ana',
            lastName: 'López',
            street: 'Reforma',
            number: '10',
            withoutNumber: false,
            interiorNumber: '',
            neighborhood: 'Centro',
            postalCode: '06000',
            city: 'Cuauhtémoc',
            state: 'CDMX',
            references: 'Portón negro',
            phone: '5512345678',
          },
          lines: [
            {
              __typename: 'OrderLine',
              productId: 7,
              productName: 'Playera Nike 1 Negro',
              size: 'M',
              quantity: 2,
              unitPriceCents: 25000,
              product: {
                __typename: 'Product',
                id: 7,
                images: [{ __typename: 'ProductImage', id: 1, url: '/uploads/products/a.webp' }],
              },
            },
            {
              __typename: 'OrderLine',
              productId: null,
              productName: 'Pantalón Levis 2 Azul',
              size: '30',
              quantity: 1,
              unitPriceCents: 70000,
              product: null,
            },
          ],
        },
      },
    },
  };
}

type MailStatus = 'SENT' | 'PENDING' | 'FAILED';
const email = (
  id: number,
  title: string,
  recipient: string,
  status: MailStatus,
  overrides: Partial<{
    attempts: number;
    lastError: string | null;
    sentAt: string | null;
    nextAttemptAt: string | null;
  }> = {},
) => ({
  __typename: 'OrderEmail' as const,
  id,
  kind: 'order-received',
  title,
  recipient,
  status,
  attempts: status === 'SENT' ? 1 : 0,
  lastError: null,
  createdAt: '2026-11-20T12:00:00.000Z',
  sentAt: status === 'SENT' ? '2026-11-20T12:00:05.000Z' : null,
  nextAttemptAt: null,
  ...overrides,
});

const THREE_EMAILS = [
  email(1, 'Pedido recibido', 'ana@example.com', 'SENT'),
  email(2, 'Nuevo pedido', 'tienda@example.com', 'FAILED', {
    attempts: 5,
    lastError: 'El servidor de correo rechazó el destinatario',
  }),
  email(3, 'Pago confirmado', 'ana@example.com', 'PENDING', {
    attempts: 1,
    lastError: 'Tiempo de espera agotado',
    nextAttemptAt: '2026-11-20T12:10:00.000Z',
  }),
];

function emailsMock(
  orderId: number,
  emails: ReturnType<typeof email>[] = [],
): MockLink.MockedResponse {
  return {
    request: { query: AdminOrderEmailsQuery, variables: { orderId } },
    result: { data: { orderEmails: emails } },
  };
}

const rowIds = () =>
  screen.getAllByTestId('order-row').map((row) => Number(row.getAttribute('data-order-id')));
const row = (id: number) =>
  screen.getAllByTestId('order-row').find((r) => r.getAttribute('data-order-id') === String(id))!;

function renderPage(mocks: MockLink.MockedResponse[], path = '/admin/pedidos') {
  return renderWithProviders(
    [{ path: '/admin/pedidos', element: <AdminOrdersPage /> }],
    path,
    mocks,
  );
}

describe('AdminOrdersPage (/admin/pedidos)', () => {
  beforeAll(() => stubMatchMedia());
  let notified: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    notified = vi.spyOn(toaster, 'create');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  const expectNotified = (message: string, type: string) =>
    waitFor(() =>
      expect(notified).toHaveBeenCalledWith(
        expect.objectContaining({ description: message, type }),
      ),
    );

  it('shows order number, name, es-ES date and time, total with $, status badge; 10 per page', async () => {
    const { router } = renderPage([listMock(null, 0, FIRST_PAGE), listMock(null, 10, [2, 1])]);
    await screen.findAllByText('Cliente 12');
    expect(
      (
        screen.getByPlaceholderText(
          'Buscar nombre de usuario, id de pedido o estado',
        ) as HTMLInputElement
      ).value,
    ).toBe('');
    expect(rowIds()).toEqual(FIRST_PAGE);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Pedido',
      'Nombre',
      'Fecha',
      'Total',
      'Estado',
      'Acciones',
    ]);
    const cells = within(row(12))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[0]).toBe('12');
    expect(cells[1]).toBe('Cliente 12');
    expect(cells[2]).toMatch(/^20\/11\/2026, \d{1,2}:\d{2}$/);
    expect(cells[3]).toBe('$1,262');
    expect(cells[4]).toBe('En espera de pago');
    expect(within(row(11)).getByTestId('order-status').getAttribute('data-tone')).toBe('cancelled');
    expect(within(row(10)).getByTestId('order-status').getAttribute('data-tone')).toBe('shipped');
    // Phones get the same orders as cards.
    expect(screen.getAllByTestId('order-card')).toHaveLength(10);
    expect(screen.getByTestId('pagination-status').textContent).toBe('1 / 2');

    fireEvent.click(screen.getByTestId('pagination-next'));
    await waitFor(() => expect(rowIds()).toEqual([2, 1]));
    expect(screen.getByTestId('pagination-status').textContent).toBe('2 / 2');
    expect(router.state.location.search).toBe('?pagina=2');
    expect((screen.getByTestId('pagination-next') as HTMLButtonElement).disabled).toBe(true);
  });

  it('searches on the server 500 ms after the last keystroke, from the first page', async () => {
    const { router } = renderPage(
      [listMock(null, 10, [2, 1]), listMock('ana enviado', 0, [10], 1)],
      '/admin/pedidos?pagina=2',
    );
    await screen.findAllByText('Cliente 2');
    const input = screen.getByTestId('orders-search');
    const navigatedAt = watchFirstNavigation(router);
    fireEvent.change(input, { target: { value: 'ana' } });
    const lastKeyAt = performance.now();
    fireEvent.change(input, { target: { value: 'ana enviado ' } });
    expect(router.state.location.search).toBe('?pagina=2');
    await waitFor(() => expect(rowIds()).toEqual([10]), { timeout: 5000 });
    expect(router.state.location.search).toBe('?buscar=ana+enviado');
    // Once, 500 ms after the last keystroke at the soonest (timers may round a millisecond down).
    expect(navigatedAt()! - lastKeyAt).toBeGreaterThanOrEqual(499);
    expect(screen.getByTestId('pagination-status').textContent).toBe('1 / 1');
  });

  it('the address and products popups show the order as bought', async () => {
    renderPage([listMock(null, 0, FIRST_PAGE), detailsMock(12), detailsMock(12)]);
    await screen.findAllByText('Cliente 12');
    fireEvent.click(within(row(12)).getByTestId('order-address-button'));
    const address = await screen.findByTestId('order-address');
    expect(address.textContent).toContain('Ana López');
    expect(address.textContent).toContain('Reforma 10, col. Centro');
    expect(address.textContent).toContain('C.P. 06000, Cuauhtémoc, CDMX');
    expect(address.textContent).toContain('Portón negro');
    expect(address.textContent).toContain('5512345678');
    fireEvent.click(within(screen.getByTestId('order-address-dialog')).getByText('Cerrar'));
    await waitFor(() => expect(screen.queryByTestId('order-address')).toBeNull());

    fireEvent.click(within(row(12)).getByTestId('order-products-button'));
    await screen.findByTestId('order-products');
    const lines = screen.getAllByTestId('order-product').map((line) => line.textContent);
    expect(lines).toEqual([
      'Playera Nike 1 NegroTalla M · Cantidad 2$250',
      'Pantalón Levis 2 AzulTalla 30 · Cantidad 1$700',
    ]);
    const photo = within(screen.getAllByTestId('order-product')[0]!).getByRole('img');
    expect(photo.getAttribute('src')).toBe('/uploads/products/a.webp');
    // The CFDI's state (issue 25 item 4).
    const invoice = screen.getByTestId('order-invoice-state');
    expect(invoice.textContent).toContain('Factura (CFDI): cancelada (motivo 02)');
    expect(invoice.textContent).toContain('Folio fiscal: 8A3F2C1E-5B7D-4E9A-9C0B-1D2E3F4A5B6C');
  });

  it('edits status (the four of spec §4) and tracking; shipping the unpaid order asks the reason; the row updates from the answer, no refetch', async () => {
    renderPage([
      listMock(null, 0, FIRST_PAGE),
      detailsMock(12),
      emailsMock(12),
      {
        request: {
          query: UpdateOrderMutation,
          variables: {
            id: 12,
            input: {
              status: 'SHIPPED',
              tracking: 'EST123456',
              overrideReason: 'Pagó en efectivo',
            },
          },
        },
        result: {
          data: {
            updateOrder: {
              __typename: 'Order',
              id: 12,
              status: 'SHIPPED',
              tracking: 'EST123456',
              refund: null,
            },
          },
        },
      },
    ]);
    await screen.findAllByText('Cliente 12');
    fireEvent.click(within(row(12)).getByTestId('order-edit-button'));
    const select = (await screen.findByTestId('order-status-select')) as HTMLSelectElement;
    // The admin's statuses: the spec's four, 'Entregado' and 'Cancelado con reembolso'.
    expect([...select.options].map((o) => o.value)).toEqual([
      'AWAITING_PAYMENT',
      'PAID',
      'SHIPPED',
      'DELIVERED',
      'CANCELLED_UNPAID',
      'CANCELLED_REFUNDED',
    ]);
    expect([...select.options].map((o) => o.textContent)).toEqual([
      ...STATUS_WORDS.slice(0, 3),
      'Entregado',
      'Cancelado por falta de pago',
      'Cancelado con reembolso',
    ]);
    expect(select.value).toBe('AWAITING_PAYMENT');
    expect(screen.queryByTestId('order-override-reason')).toBeNull();
    fireEvent.change(select, { target: { value: 'SHIPPED' } });
    fireEvent.change(screen.getByTestId('order-tracking-input'), {
      target: { value: 'EST123456' },
    });
    // Issue 24: an unpaid order ships only with the admin's written reason.
    expect(screen.getByText('Motivo para enviarlo sin pago')).toBeTruthy();
    fireEvent.change(screen.getByTestId('order-override-reason'), {
      target: { value: 'Pagó en efectivo' },
    });
    fireEvent.click(screen.getByTestId('order-save'));
    await expectNotified('Pedido actualizado correctamente', 'success');
    await waitFor(() =>
      expect(within(row(12)).getByTestId('order-status').textContent).toBe('Enviado'),
    );
    await waitFor(() => expect(screen.queryByTestId('order-edit-form')).toBeNull());
  });

  it('cancelling with refund an order paid by transfer asks for the CLABE (checked first), then records the refund', async () => {
    renderPage([
      listMock(null, 0, FIRST_PAGE),
      detailsMock(9),
      emailsMock(9),
      {
        request: {
          query: UpdateOrderMutation,
          variables: { id: 9, input: { status: 'CANCELLED_REFUNDED', tracking: '' } },
        },
        result: {
          data: {
            updateOrder: {
              __typename: 'Order',
              id: 9,
              status: 'CANCELLED_REFUNDED',
              tracking: null,
              refund: { __typename: 'OrderRefund', orderId: 9, status: 'PENDING' },
            },
          },
        },
      },
      {
        request: { query: MarkOrderRefundedMutation, variables: { orderId: 9, clabe: CLABE } },
        result: { data: { markOrderRefunded: refundOf(9, 'REFUNDED') } },
      },
    ]);
    await screen.findAllByText('Cliente 9');
    fireEvent.click(within(row(9)).getByTestId('order-edit-button'));
    const select = await screen.findByTestId('order-status-select');
    expect(screen.queryByTestId('order-cancel-clabe')).toBeNull();
    fireEvent.change(select, { target: { value: 'CANCELLED_REFUNDED' } });
    const clabe = screen.getByTestId('order-cancel-clabe');
    expect(screen.getByText(ORDER_REFUND_EDIT_MESSAGES.cancelHelp)).toBeTruthy();
    // A wrong check digit is refused before anything is sent.
    fireEvent.change(clabe, { target: { value: '012180001234567891' } });
    fireEvent.click(screen.getByTestId('order-save'));
    expect(await screen.findByText(RETURN_MESSAGES.invalidClabe)).toBeTruthy();
    expect(notified).not.toHaveBeenCalled();
    fireEvent.change(clabe, { target: { value: CLABE } });
    fireEvent.click(screen.getByTestId('order-save'));
    await expectNotified('Pedido actualizado correctamente', 'success');
    await expectNotified(ORDER_REFUND_EDIT_MESSAGES.marked, 'success');
    await waitFor(() => expect(screen.queryByTestId('order-edit-form')).toBeNull());
    // The row took the answers: cancelled with refund, and the refund sent (nothing pending).
    expect(within(row(9)).getByTestId('order-status').textContent).toBe('Cancelado con reembolso');
    expect(within(row(9)).queryByTestId('order-refund-pending')).toBeNull();
  });

  it("a pending transfer refund: 'Reembolso pendiente', then 'Marcar reembolsado' with a checked CLABE shows who and when", async () => {
    renderPage([
      listMock(null, 0, FIRST_PAGE),
      detailsMock(11, 'CANCELLED_REFUNDED', refundOf(11, 'PENDING')),
      emailsMock(11),
      {
        request: { query: MarkOrderRefundedMutation, variables: { orderId: 11, clabe: CLABE } },
        result: { data: { markOrderRefunded: refundOf(11, 'REFUNDED') } },
      },
    ]);
    await screen.findAllByText('Cliente 11');
    fireEvent.click(within(row(11)).getByTestId('order-edit-button'));
    expect(within(row(11)).getByTestId('order-refund-pending').textContent).toBe(
      'Reembolso pendiente',
    );
    expect(within(row(10)).queryByTestId('order-refund-pending')).toBeNull();
    const section = await screen.findByTestId('order-refund');
    expect(within(section).getByTestId('order-refund-status').textContent).toBe(
      'Reembolso pendiente',
    );
    expect(section.textContent).toContain(ORDER_REFUND_MESSAGES.pendingForAdmin('$720'));
    // The CLABE is asked for before anything is sent.
    fireEvent.click(within(section).getByTestId('order-refund-mark'));
    expect(await within(section).findByText(RETURN_MESSAGES.clabeRequired)).toBeTruthy();
    fireEvent.change(within(section).getByTestId('order-refund-clabe'), {
      target: { value: CLABE },
    });
    fireEvent.click(within(section).getByTestId('order-refund-mark'));
    await expectNotified(ORDER_REFUND_EDIT_MESSAGES.marked, 'success');
    const done = await screen.findByTestId('order-refund-done');
    expect(done.textContent).toContain(`$720 enviado a la CLABE ${CLABE}`);
    expect(done.textContent).toContain('por admin@example.com');
    expect(screen.getByTestId('order-refund-status').textContent).toBe('Reembolsado');
  });

  it("'No se pudo cargar el pedido.' when the order cannot be read", async () => {
    renderPage([
      listMock(null, 0, FIRST_PAGE),
      {
        request: { query: AdminOrderDetailsQuery, variables: { id: 12 } },
        error: new Error('red'),
      },
    ]);
    await screen.findAllByText('Cliente 12');
    fireEvent.click(within(row(12)).getByTestId('order-edit-button'));
    expect((await screen.findByTestId('order-load-error')).textContent).toContain(
      'No se pudo cargar el pedido.',
    );
    await expectNotified('No se pudo cargar el pedido.', 'error');
    expect(screen.queryByTestId('order-edit-form')).toBeNull();
  });

  it("a change the order's state machine refuses shows the server's reason", async () => {
    renderPage([
      listMock(null, 0, FIRST_PAGE),
      detailsMock(12),
      emailsMock(12),
      {
        request: {
          query: UpdateOrderMutation,
          variables: { id: 12, input: { status: 'PAID', tracking: '' } },
        },
        result: {
          errors: [
            new GraphQLError('No se puede cambiar un pedido de «Enviado» a «Pagado»', {
              extensions: { code: 'CONFLICT', reason: 'TRANSITION_NOT_ALLOWED' },
            }),
          ],
        },
      },
    ]);
    await screen.findAllByText('Cliente 12');
    fireEvent.click(within(row(12)).getByTestId('order-edit-button'));
    const select = await screen.findByTestId('order-status-select');
    fireEvent.change(select, { target: { value: 'PAID' } });
    fireEvent.click(screen.getByTestId('order-save'));
    expect((await screen.findByTestId('order-update-error')).textContent).toBe(
      'No se pudo actualizar el pedido. No se puede cambiar un pedido de «Enviado» a «Pagado»',
    );
  });

  it("'No se pudo actualizar el pedido.' when saving fails; the row keeps its status", async () => {
    renderPage([
      listMock(null, 0, FIRST_PAGE),
      detailsMock(12),
      emailsMock(12),
      {
        request: {
          query: UpdateOrderMutation,
          variables: { id: 12, input: { status: 'PAID', tracking: '' } },
        },
        result: {
          errors: [
            new GraphQLError('No se pudo', { extensions: { code: 'INTERNAL_SERVER_ERROR' } }),
          ],
        },
      },
    ]);
    await screen.findAllByText('Cliente 12');
    fireEvent.click(within(row(12)).getByTestId('order-edit-button'));
    const select = await screen.findByTestId('order-status-select');
    fireEvent.change(select, { target: { value: 'PAID' } });
    fireEvent.click(screen.getByTestId('order-save'));
    await expectNotified('No se pudo actualizar el pedido.', 'error');
    expect((await screen.findByTestId('order-update-error')).textContent).toBe(
      'No se pudo actualizar el pedido.',
    );
    expect(within(row(12)).getByTestId('order-status').textContent).toBe('En espera de pago');
  });

  it("'Correos': each e-mail with its recipient and state, the failure's reason and 'Reenviar'", async () => {
    // Read again after the resend: the queue has sent it meanwhile.
    const resent = email(2, 'Nuevo pedido', 'tienda@example.com', 'SENT');
    renderPage([
      listMock(null, 0, FIRST_PAGE),
      detailsMock(12),
      emailsMock(12, THREE_EMAILS),
      {
        request: { query: ResendOrderEmailMutation, variables: { id: 2 } },
        result: {
          data: {
            resendOrderEmail: {
              __typename: 'OrderEmail',
              id: 2,
              status: 'PENDING',
              attempts: 0,
              lastError: null,
              sentAt: null,
              nextAttemptAt: null,
            },
          },
        },
        delay: 50,
      },
      emailsMock(12, [THREE_EMAILS[0]!, resent, THREE_EMAILS[2]!]),
    ]);
    await screen.findAllByText('Cliente 12');
    fireEvent.click(within(row(12)).getByTestId('order-edit-button'));
    const dialog = await screen.findByTestId('order-edit-dialog');
    await within(dialog).findByTestId('order-email-list');
    expect(within(dialog).getByRole('heading', { level: 3 }).textContent?.trim()).toBe('Correos');
    const items = within(dialog).getAllByTestId('order-email');
    expect(items.map((item) => item.getAttribute('data-status'))).toEqual([
      'SENT',
      'FAILED',
      'PENDING',
    ]);
    const read = (item: HTMLElement, testId: string) =>
      within(item).queryByTestId(testId)?.textContent ?? null;
    expect(read(items[0]!, 'order-email-title')).toBe('Pedido recibido');
    expect(read(items[0]!, 'order-email-recipient')).toBe('ana@example.com');
    expect(read(items[0]!, 'order-email-status')).toBe('Enviado');
    expect(read(items[0]!, 'order-email-when')).toMatch(
      /^Se envió el 20\/11\/2026, \d{1,2}:\d{2}$/,
    );
    expect(read(items[0]!, 'order-email-error')).toBeNull();
    expect(read(items[1]!, 'order-email-status')).toBe('Falló');
    expect(read(items[1]!, 'order-email-error')).toBe(
      'Motivo: El servidor de correo rechazó el destinatario',
    );
    expect(read(items[1]!, 'order-email-when')).toBe('5 intentos');
    expect(read(items[2]!, 'order-email-status')).toBe('Pendiente');
    expect(read(items[2]!, 'order-email-when')).toMatch(
      /^Próximo intento: 20\/11\/2026, \d{1,2}:\d{2} · 1 intento$/,
    );
    const palettes = items.map((item) =>
      within(item).getByTestId('order-email-status').getAttribute('data-palette'),
    );
    expect(palettes).toEqual(['green', 'red', 'orange']);

    fireEvent.click(within(items[1]!).getByTestId('order-email-resend'));
    expect(await within(dialog).findByText('Reenviando...')).toBeTruthy();
    await expectNotified('El correo se enviará de nuevo', 'success');
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByTestId('order-email')
          .map((item) => item.getAttribute('data-status')),
      ).toEqual(['SENT', 'SENT', 'PENDING']),
    );
    expect(
      within(dialog)
        .getAllByTestId('order-email-error')
        .map((e) => e.textContent),
    ).toEqual(['Motivo: Tiempo de espera agotado']);
  });

  it("'Correos' says when an order has none yet", async () => {
    renderPage([listMock(null, 0, FIRST_PAGE), detailsMock(12), emailsMock(12)]);
    await screen.findAllByText('Cliente 12');
    fireEvent.click(within(row(12)).getByTestId('order-edit-button'));
    expect((await screen.findByTestId('order-emails-empty')).textContent).toBe(
      'Este pedido aún no tiene correos.',
    );
  });
});
