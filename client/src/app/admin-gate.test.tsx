import type { MockLink } from '@apollo/client/testing';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../test/render-with-providers';
import type { SessionUserFieldsFragment } from '../gql/graphql';
import { MeQuery } from '../shared/session/api';
import { TwoFactorStatusQuery } from '../store/account/two-factor/api';
import { AdminGate } from './admin-gate';
import { ShopSettingsQuery } from './layouts/api';

const admin: SessionUserFieldsFragment = {
  __typename: 'User',
  id: 1,
  name: 'Administradora',
  email: 'admin@tienda.local',
  role: 'admin',
  phone: null,
  googleId: null,
  pictureUrl: null,
};
const customer: SessionUserFieldsFragment = { ...admin, id: 2, name: 'Ana', role: 'user' };

const settingsMock: MockLink.MockedResponse = {
  request: { query: ShopSettingsQuery },
  result: {
    data: {
      shopSettings: {
        __typename: 'ShopSettings',
        name: 'Tienda',
        legalName: '',
        address: '',
        phone: '',
        email: '',
        whatsappUrl: 'https://wa.me/520000000000',
        facebookUrl: 'https://facebook.com/tienda',
        trustUrl: 'https://example.com/confiable',
      },
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

function meMock(me: SessionUserFieldsFragment | null, delay?: number): MockLink.MockedResponse {
  return {
    request: { query: MeQuery },
    result: { data: { me } },
    delay,
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

function twoFactorMock(enrolmentRequired: boolean): MockLink.MockedResponse {
  return {
    request: { query: TwoFactorStatusQuery },
    result: {
      data: {
        me: {
          __typename: 'User',
          id: 1,
          twoFactorEnabled: false,
          twoFactorEnrolmentRequired: enrolmentRequired,
        },
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

function renderAdminRoute(
  path: string,
  mocks: MockLink.MockedResponse[],
  enrolmentRequired = false,
) {
  return renderWithProviders(
    [
      {
        path: '/admin',
        element: <AdminGate />,
        children: [{ path: 'pedidos', element: <p>Contenido de pedidos</p> }],
      },
      { path: '/usuario', element: <p>Mi cuenta</p> },
    ],
    path,
    [settingsMock, twoFactorMock(enrolmentRequired), ...mocks],
  );
}

describe('AdminGate (/admin/*)', () => {
  beforeAll(() => stubMatchMedia());
  afterEach(() => cleanup());

  it('shows a spinner, and neither not-found nor admin UI, while me is loading', async () => {
    renderAdminRoute('/admin/pedidos', [meMock(admin, 60_000)]);
    expect(await screen.findByTestId('admin-loading')).toBeTruthy();
    expect(screen.queryByText('Página no encontrada')).toBeNull();
    expect(screen.queryByText('Contenido de pedidos')).toBeNull();
    expect(screen.queryByText('Ir a la tienda')).toBeNull();
  });

  it("shows a customer the store's 'Página no encontrada'", async () => {
    renderAdminRoute('/admin/pedidos', [meMock(customer)]);
    expect(await screen.findByText('Página no encontrada')).toBeTruthy();
    expect(screen.queryByText('Contenido de pedidos')).toBeNull();
    expect(screen.queryByTestId('admin-shell')).toBeNull();
  });

  it("shows an anonymous visitor 'Página no encontrada'", async () => {
    renderAdminRoute('/admin/pedidos', [meMock(null)]);
    expect(await screen.findByText('Página no encontrada')).toBeTruthy();
    expect(screen.queryByTestId('admin-shell')).toBeNull();
  });

  it("shows an admin the admin shell with 'Ir a la tienda' and the page", async () => {
    renderAdminRoute('/admin/pedidos', [meMock(admin)]);
    expect(await screen.findByTestId('admin-shell', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText('Ir a la tienda').closest('a')?.getAttribute('href')).toBe('/inicio');
    expect(await screen.findByText('Contenido de pedidos')).toBeTruthy();
    expect(screen.queryByText('Página no encontrada')).toBeNull();
  });

  it('sends an admin who must turn on two-factor sign-in (ADMIN_2FA=required) to /usuario', async () => {
    const { router } = renderAdminRoute('/admin/pedidos', [meMock(admin)], true);
    expect(await screen.findByText('Mi cuenta', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/usuario');
    expect(screen.queryByText('Contenido de pedidos')).toBeNull();
  });
});
