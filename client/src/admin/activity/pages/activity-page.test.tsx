import type { MockLink } from '@apollo/client/testing';
import { formatMoney } from '@tienda/rules';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../../../test/render-with-providers';
import { ActivityAdminsQuery, AdminActivityQuery } from '../api';
import { formatValue, mexicoCityMidnight } from '../activity-format';
import { AdminActivityPage } from './activity-page';

const NO_FILTER = { userId: null, action: null, from: null, to: null };

const entry = (id: number, overrides: Record<string, unknown> = {}) => ({
  __typename: 'AuditEntry',
  id,
  at: '2026-11-27T18:30:05.000Z',
  userId: 7,
  userEmail: 'admin@example.com',
  ip: '203.0.113.9',
  action: 'product.update',
  objectKind: 'product',
  objectId: '12',
  objectLabel: 'Blusa Nike Dama 7 Azul Rey',
  changes: [
    { __typename: 'AuditChange', field: 'priceCents', before: '45000', after: '50000' },
    { __typename: 'AuditChange', field: 'promotion', before: 'false', after: 'true' },
  ],
  ...overrides,
});

function activityMock(
  filter: Record<string, unknown>,
  items: ReturnType<typeof entry>[],
  total = items.length,
  offset = 0,
): MockLink.MockedResponse {
  return {
    request: { query: AdminActivityQuery, variables: { offset, limit: 10, filter } },
    result: { data: { adminActivity: { __typename: 'AuditPage', total, items } } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

const adminsMock: MockLink.MockedResponse = {
  request: { query: ActivityAdminsQuery },
  result: {
    data: {
      activityAdmins: [
        { __typename: 'AuditAdmin', userId: 7, email: 'admin@example.com' },
        { __typename: 'AuditAdmin', userId: 9, email: 'otra@example.com' },
      ],
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

function renderPage(path: string, mocks: MockLink.MockedResponse[]) {
  return renderWithProviders([{ path: '/admin/actividad', element: <AdminActivityPage /> }], path, [
    adminsMock,
    ...mocks,
  ]);
}

describe('AdminActivityPage (/admin/actividad)', () => {
  beforeAll(() => stubMatchMedia());
  afterEach(() => cleanup());

  it('lists fecha (Mexico City), usuario, acción in Spanish, objeto, before → after and ip', async () => {
    renderPage('/admin/actividad', [
      activityMock(NO_FILTER, [
        entry(2),
        entry(1, {
          action: 'order.status',
          objectKind: 'order',
          objectId: '5',
          objectLabel: 'Pedido #5',
          changes: [
            {
              __typename: 'AuditChange',
              field: 'status',
              before: '"En espera de pago"',
              after: '"Enviado"',
            },
          ],
        }),
      ]),
    ]);
    expect(await screen.findByTestId('activity-total')).toHaveProperty('textContent', '2 cambios');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'ID',
      'Fecha',
      'Usuario',
      'Acción',
      'Objeto',
      'Cambios',
      'IP',
    ]);
    const [first, second] = screen.getAllByTestId('entry-row');
    const cells = within(first!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // 18:30 UTC is 12:30 in Mexico City (UTC−6).
    expect(cells[1]).toBe('27/11/2026, 12:30:05');
    expect(cells.slice(2, 5)).toEqual([
      'admin@example.com',
      'Producto editado',
      'Producto #12 · Blusa Nike Dama 7 Azul Rey',
    ]);
    expect(cells[5]).toContain(`Precio: ${formatMoney(45_000)} → ${formatMoney(50_000)}`);
    expect(cells[5]).toContain('Promoción: No → Sí');
    expect(cells[6]).toBe('203.0.113.9');
    expect(within(second!).getByText('Estado de pedido cambiado')).toBeTruthy();
    expect(second!.textContent).toContain('Estado: En espera de pago → Enviado');
    // Phones get the same entries as cards.
    expect(screen.getAllByTestId('entry-card')).toHaveLength(2);
  });

  it('filters by admin, action and days (Mexico City), each change opening the first page', async () => {
    const { router } = renderPage('/admin/actividad?pagina=2', [
      activityMock(NO_FILTER, [entry(3)], 13, 10),
      activityMock({ ...NO_FILTER, userId: 9 }, [entry(4, { userEmail: 'otra@example.com' })]),
      activityMock({ ...NO_FILTER, userId: 9, action: 'lookup.rename' }, []),
      activityMock(
        {
          userId: 9,
          action: 'lookup.rename',
          from: '2026-11-01T06:00:00.000Z',
          to: null,
        },
        [],
      ),
      activityMock(
        {
          userId: 9,
          action: 'lookup.rename',
          from: '2026-11-01T06:00:00.000Z',
          to: '2026-11-28T06:00:00.000Z',
        },
        [entry(5, { action: 'lookup.rename', objectKind: 'brand', objectLabel: 'Umbro Pro' })],
      ),
    ]);
    await screen.findByTestId('entry-row');
    expect(screen.getByTestId('pagination-status').textContent).toBe('2 / 2');
    await screen.findByRole('option', { name: 'otra@example.com' });
    fireEvent.change(screen.getByTestId('activity-filter-user'), { target: { value: '9' } });
    expect(await screen.findAllByText('otra@example.com · IP 203.0.113.9')).toHaveLength(1);
    expect(router.state.location.search).toBe('?usuario=9');
    fireEvent.change(screen.getByTestId('activity-filter-action'), {
      target: { value: 'lookup.rename' },
    });
    expect(await screen.findByTestId('activity-empty')).toHaveProperty(
      'textContent',
      'Ningún cambio coincide con los filtros.',
    );
    fireEvent.change(screen.getByTestId('activity-filter-desde'), {
      target: { value: '2026-11-01' },
    });
    await screen.findByTestId('activity-empty');
    fireEvent.change(screen.getByTestId('activity-filter-hasta'), {
      target: { value: '2026-11-27' },
    });
    expect(await screen.findAllByText('Marca #12 · Umbro Pro', {}, { timeout: 3000 })).toHaveLength(
      2,
    );
    // A list change is named by its list.
    expect(screen.getAllByText('Marca renombrada')).toHaveLength(2);
    expect(router.state.location.search).toBe(
      '?usuario=9&accion=lookup.rename&desde=2026-11-01&hasta=2026-11-27',
    );
  });

  it('says values in words: empty, absent, money, photos, e-mail states', () => {
    expect(formatValue('tracking', 'null')).toBe('(vacío)');
    expect(formatValue('name', null)).toBe('—');
    expect(formatValue('promotionPriceCents', '40000')).toBe(formatMoney(40_000));
    expect(formatValue('photos', '[3,4]')).toBe('2 fotos (#3, #4)');
    expect(formatValue('status', '"pending"')).toBe('pendiente');
    expect(mexicoCityMidnight('2026-11-27')).toBe('2026-11-27T06:00:00.000Z');
    expect(mexicoCityMidnight('2026-11-27', true)).toBe('2026-11-28T06:00:00.000Z');
    expect(mexicoCityMidnight('27/11/2026')).toBeNull();
  });
});
