import type { MockLink } from '@apollo/client/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render-with-providers';
import type { SessionUserFieldsFragment } from '../../../gql/graphql';
import { toaster } from '../../../shared/notifications/toaster';
import { MeQuery } from '../../../shared/session/api';
import {
  type Outcome,
  always,
  answer,
  customer,
  setUpPageTests,
  typeInto,
} from '../account-test-helpers';
import { AccountPasswordQuery, ChangePasswordMutation, MyFiscalDataQuery } from '../api';
import { ProfilePage } from './profile-page';

const googleOnly: SessionUserFieldsFragment = {
  ...customer,
  id: 7,
  name: 'Luis Pérez',
  email: 'luis@gmail.com',
  phone: null,
  googleId: '1098765',
};

function signedIn(user: SessionUserFieldsFragment, hasPassword: boolean) {
  return [
    { request: { query: MeQuery }, result: { data: { me: user } }, ...always },
    {
      request: { query: AccountPasswordQuery },
      result: { data: { me: { __typename: 'User', id: user.id, hasPassword } } },
      ...always,
    },
    { request: { query: MyFiscalDataQuery }, result: { data: { myFiscalData: null } }, ...always },
  ] satisfies MockLink.MockedResponse[];
}

const CURRENT = 'Secreta123';
const NEW = 'Nueva12345';

function changeMock(outcome: Outcome, delay?: number): MockLink.MockedResponse {
  return {
    request: {
      query: ChangePasswordMutation,
      variables: { currentPassword: CURRENT, newPassword: NEW, passwordConfirmation: NEW },
    },
    result: answer(outcome, {
      changePassword: { __typename: 'User', id: 12, hasPassword: true },
    }),
    delay,
  };
}

function renderProfile(mocks: MockLink.MockedResponse[]) {
  return renderWithProviders(
    [
      { path: '/usuario', element: <ProfilePage /> },
      { path: '/olvide-contrasena', element: <p>Recuperar contraseña</p> },
    ],
    '/usuario',
    mocks,
  );
}

type Field = 'currentPassword' | 'newPassword' | 'passwordConfirmation';
const type = (field: Field, value: string) => typeInto(field, value);
const value = (field: Field) => (screen.getByTestId(`field-${field}`) as HTMLInputElement).value;

describe("ProfilePage's 'Cambiar contraseña' (/usuario)", () => {
  setUpPageTests();

  it('has one h1 and the section under its own heading', async () => {
    renderProfile(signedIn(customer, true));
    const section = await screen.findByTestId('change-password-section');
    expect(document.title).toBe('Mi cuenta · Tienda');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Mi cuenta',
    ]);
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe(
      'Cambiar contraseña',
    );
    await within(section).findByTestId('change-password-form');
  });

  it('checks the rules before sending', async () => {
    renderProfile(signedIn(customer, true));
    await screen.findByTestId('change-password-form');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect((await screen.findByTestId('error-currentPassword')).textContent).toBe(
      'Escribe tu contraseña actual.',
    );
    expect(screen.getByTestId('error-newPassword').textContent).toBe(
      'La contraseña es obligatoria.',
    );
    type('newPassword', 'sinnumeros');
    type('passwordConfirmation', 'sinnumeroz');
    expect(screen.getByTestId('error-newPassword').textContent).toBe(
      'La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula y un número.',
    );
    expect(screen.getByTestId('error-passwordConfirmation').textContent).toBe(
      'Las contraseñas no coinciden.',
    );
  });

  it("shows 'La contraseña actual es incorrecta.' under the current password", async () => {
    renderProfile([
      ...signedIn(customer, true),
      changeMock({
        message: 'La contraseña actual es incorrecta.',
        code: 'BAD_USER_INPUT',
        field: 'currentPassword',
      }),
    ]);
    await screen.findByTestId('change-password-form');
    type('currentPassword', CURRENT);
    type('newPassword', NEW);
    type('passwordConfirmation', NEW);
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect((await screen.findByTestId('error-currentPassword')).textContent).toBe(
      'La contraseña actual es incorrecta.',
    );
    expect(value('newPassword')).toBe(NEW);
  });

  it("changes it: 'Tu contraseña se cambió' and the fields are cleared", async () => {
    const create = vi.spyOn(toaster, 'create');
    renderProfile([...signedIn(customer, true), changeMock('ok', 50)]);
    await screen.findByTestId('change-password-form');
    type('currentPassword', CURRENT);
    type('newPassword', NEW);
    type('passwordConfirmation', NEW);
    await act(async () => {
      fireEvent.click(screen.getByTestId('change-password-submit'));
    });
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({ description: 'Tu contraseña se cambió', type: 'success' }),
      ),
    );
    await waitFor(() => expect(value('currentPassword')).toBe(''));
    expect(value('newPassword')).toBe('');
    expect(value('passwordConfirmation')).toBe('');
    // Cleared fields are not judged again until they are used.
    expect(screen.queryByTestId('error-currentPassword')).toBeNull();
  });

  it('a Google-only account is told it signs in with Google and offered to create a password', async () => {
    renderProfile(signedIn(googleOnly, false));
    const explanation = await screen.findByTestId('google-only-password');
    expect(explanation.textContent).toContain('Tu cuenta inicia sesión con Google');
    expect(screen.queryByTestId('change-password-form')).toBeNull();
    const link = screen.getByTestId('link-create-password');
    expect(link.getAttribute('href')).toBe('/olvide-contrasena');
    fireEvent.click(link);
    expect(await screen.findByText('Recuperar contraseña')).toBeTruthy();
  });
});
