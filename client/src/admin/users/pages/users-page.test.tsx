import type { MockLink } from '@apollo/client/testing';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../../../test/render-with-providers';
import { AdminUsersQuery } from '../api';
import { AdminUsersPage } from './users-page';

const TOTAL = 23;

function pageMock(offset: number): MockLink.MockedResponse {
  const count = Math.min(10, TOTAL - offset);
  return {
    request: { query: AdminUsersQuery, variables: { offset, limit: 10 } },
    result: {
      data: {
        users: {
          __typename: 'UserPage',
          total: TOTAL,
          items: Array.from({ length: count }, (_, index) => {
            const id = offset + index + 1;
            return {
              __typename: 'User',
              id,
              name: `Persona ${id}`,
              email: `persona${id}@example.com`,
              role: id === 1 ? 'admin' : 'user',
            };
          }),
        },
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

const rowIds = () =>
  screen.getAllByTestId('user-row').map((row) => Number(row.getAttribute('data-user-id')));

describe('AdminUsersPage (/admin/usuarios)', () => {
  beforeAll(() => stubMatchMedia());
  afterEach(() => cleanup());

  it('lists id, name, email and role, 10 per page, paging on the server', async () => {
    const { router } = renderWithProviders(
      [{ path: '/admin/usuarios', element: <AdminUsersPage /> }],
      '/admin/usuarios',
      [pageMock(0), pageMock(10), pageMock(20)],
    );
    await screen.findAllByText('persona1@example.com');
    expect(rowIds()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'ID',
      'Nombre',
      'Email',
      'Rol',
    ]);
    // Phones get the same users as cards.
    expect(screen.getAllByTestId('user-card')).toHaveLength(10);
    expect(screen.getByTestId('pagination-status').textContent).toBe('1 / 3');
    expect((screen.getByTestId('pagination-prev') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('pagination-next'));
    await screen.findAllByText('persona11@example.com');
    expect(rowIds()[0]).toBe(11);
    expect(screen.getByTestId('pagination-status').textContent).toBe('2 / 3');
    expect(router.state.location.search).toBe('?pagina=2');

    fireEvent.click(screen.getByTestId('pagination-next'));
    await screen.findAllByText('persona21@example.com');
    expect(rowIds()).toEqual([21, 22, 23]);
    expect((screen.getByTestId('pagination-next') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('pagination-prev'));
    await waitFor(() => expect(screen.getByTestId('pagination-status').textContent).toBe('2 / 3'));
  });
});
