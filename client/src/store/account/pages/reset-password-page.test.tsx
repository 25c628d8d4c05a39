import type { MockLink } from '@apollo/client/testing';
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { toaster } from '../../../shared/notifications/toaster';
import {
  type Outcome,
  anonymous,
  answer,
  customer,
  setUpPageTests,
  typeInto,
} from '../account-test-helpers';
import { ResetPasswordMutation } from '../api';
import { ResetPasswordPage } from './reset-password-page';

const TOKEN = 'abc123token';
const PASSWORD = 'Nueva12345';

const user = { ...customer, hasPassword: true };

function resetMock(outcome: Outcome): MockLink.MockedResponse {
  return {
    request: {
      query: ResetPasswordMutation,
      variables: { token: TOKEN, password: PASSWORD, passwordConfirmation: PASSWORD },
    },
    result: answer(outcome, { resetPassword: user }),
  };
}

function renderPage(
  mocks: MockLink.MockedResponse[],
  path = `/restablecer-contrasena?token=${TOKEN}`,
) {
  return renderWithProviders(
    [
      { path: '/restablecer-contrasena', element: <ResetPasswordPage /> },
      { path: '/olvide-contrasena', element: <p>Pedir otro enlace</p> },
      { path: '/inicio', element: <p>Página de inicio</p> },
    ],
    path,
    [anonymous, ...mocks],
  );
}

const type = (field: 'password' | 'passwordConfirmation', value: string) => typeInto(field, value);

describe('ResetPasswordPage (/restablecer-contrasena?token=…)', () => {
  setUpPageTests();
  beforeEach(() => window.localStorage.clear());

  it('is titled and has one h1', async () => {
    renderPage([]);
    await screen.findByTestId('reset-password-page');
    expect(document.title).toBe('Restablecer contraseña · Tienda');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('applies the registration rules before sending anything', async () => {
    renderPage([]);
    fireEvent.click(screen.getByTestId('reset-password-submit'));
    expect((await screen.findByTestId('error-password')).textContent).toBe(
      'La contraseña es obligatoria.',
    );
    expect(screen.getByTestId('error-passwordConfirmation').textContent).toBe(
      'Confirma la contraseña.',
    );
    type('password', 'corta');
    type('passwordConfirmation', 'otra cosa');
    fireEvent.click(screen.getByTestId('reset-password-submit'));
    expect((await screen.findByTestId('error-password')).textContent).toBe(
      'La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula y un número.',
    );
    expect(screen.getByTestId('error-passwordConfirmation').textContent).toBe(
      'Las contraseñas no coinciden.',
    );
  });

  it('without a token in the link, says so and links to ask for a new one', async () => {
    renderPage([], '/restablecer-contrasena');
    const problem = await screen.findByTestId('reset-token-error');
    expect(problem.textContent).toContain('Este enlace no está completo');
    expect(screen.queryByTestId('field-password')).toBeNull();
    fireEvent.click(screen.getByTestId('link-request-new'));
    expect(await screen.findByText('Pedir otro enlace')).toBeTruthy();
  });

  it("shows the server's token message with the link to ask for a new one", async () => {
    const message = 'Este enlace ya no es válido: caducó o ya se usó. Pide uno nuevo.';
    renderPage([resetMock({ message, code: 'BAD_USER_INPUT', field: 'token' })]);
    type('password', PASSWORD);
    type('passwordConfirmation', PASSWORD);
    fireEvent.click(screen.getByTestId('reset-password-submit'));
    const problem = await screen.findByTestId('reset-token-error');
    expect(problem.textContent).toContain(message);
    // The form is of no use with this link any more.
    expect(screen.queryByTestId('field-password')).toBeNull();
    expect(screen.getByTestId('link-request-new').getAttribute('href')).toBe('/olvide-contrasena');
  });

  it("shows the server's message under its field", async () => {
    const message =
      'La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula y un número.';
    renderPage([resetMock({ message, code: 'BAD_USER_INPUT', field: 'password' })]);
    type('password', PASSWORD);
    type('passwordConfirmation', PASSWORD);
    fireEvent.click(screen.getByTestId('reset-password-submit'));
    expect((await screen.findByTestId('error-password')).textContent).toBe(message);
  });

  it("signs in as after a sign-in, says 'Tu contraseña se cambió' and goes to /inicio", async () => {
    const create = vi.spyOn(toaster, 'create');
    const { router } = renderPage([resetMock('ok')]);
    type('password', PASSWORD);
    type('passwordConfirmation', PASSWORD);
    await act(async () => {
      fireEvent.click(screen.getByTestId('reset-password-submit'));
    });
    expect(await screen.findByText('Página de inicio')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/inicio');
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ description: 'Tu contraseña se cambió', type: 'success' }),
    );
    expect(window.localStorage.getItem('userId')).toBe('12');
    expect(window.localStorage.getItem('userLogged')).toBe('true');
    // The reset page is replaced in the history (its link holds the token).
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('asks an account with two-factor sign-in for its code (TOTP_REQUIRED), then resets with it', async () => {
    const required =
      'Escribe el código de 6 dígitos de tu app de autenticación, o uno de tus códigos de recuperación.';
    const variables = { token: TOKEN, password: PASSWORD, passwordConfirmation: PASSWORD };
    renderPage([
      {
        request: { query: ResetPasswordMutation, variables },
        result: {
          errors: [
            { message: required, extensions: { code: 'UNAUTHENTICATED', reason: 'TOTP_REQUIRED' } },
          ],
        },
      },
      {
        request: { query: ResetPasswordMutation, variables: { ...variables, code: '123456' } },
        result: { data: { resetPassword: user } },
      },
    ]);
    await screen.findByTestId('reset-password-page');
    expect(screen.queryByTestId('field-code')).toBeNull();
    type('password', PASSWORD);
    type('passwordConfirmation', PASSWORD);
    fireEvent.click(screen.getByTestId('reset-password-submit'));
    expect((await screen.findByTestId('reset-password-error')).textContent).toBe(required);
    typeInto('code', '123456');
    fireEvent.click(screen.getByTestId('reset-password-submit'));
    expect(await screen.findByText('Página de inicio')).toBeTruthy();
  });
});
