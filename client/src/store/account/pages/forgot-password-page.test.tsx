import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { MeQuery } from '../../../shared/session/api';
import { always, anonymous, setUpPageTests } from '../account-test-helpers';
import { RequestPasswordResetMutation } from '../api';
import { ForgotPasswordPage } from './forgot-password-page';

const SENTENCE =
  'Si hay una cuenta con ese email, te enviamos un enlace para restablecer tu contraseña.';

function resetMock(email: string, delay?: number): MockLink.MockedResponse {
  return {
    request: { query: RequestPasswordResetMutation, variables: { email } },
    result: { data: { requestPasswordReset: SENTENCE } },
    delay,
  };
}

function renderPage(mocks: MockLink.MockedResponse[]) {
  return renderWithProviders(
    [
      { path: '/olvide-contrasena', element: <ForgotPasswordPage /> },
      { path: '/iniciar-sesion', element: <p>Página de inicio de sesión</p> },
    ],
    '/olvide-contrasena',
    [anonymous, ...mocks],
  );
}

function send(email: string) {
  fireEvent.change(screen.getByTestId('field-email'), { target: { value: email } });
  fireEvent.click(screen.getByTestId('forgot-password-submit'));
}

describe('ForgotPasswordPage (/olvide-contrasena)', () => {
  setUpPageTests();

  it('is titled and has one h1', async () => {
    renderPage([]);
    await screen.findByTestId('forgot-password-page');
    expect(document.title).toBe('Recuperar contraseña · Tienda');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Recuperar contraseña',
    ]);
    expect(screen.getByTestId('link-sign-in').getAttribute('href')).toBe('/iniciar-sesion');
  });

  it('checks the email with the registration rule before sending', async () => {
    renderPage([]);
    fireEvent.click(screen.getByTestId('forgot-password-submit'));
    expect((await screen.findByTestId('error-email')).textContent).toBe('El email es obligatorio.');
    send('ana@');
    expect((await screen.findByTestId('error-email')).textContent).toBe('El email no es válido.');
  });

  it("shows the server's sentence, the same for any address, and a link back to sign in", async () => {
    renderPage([resetMock('nadie@example.com', 100)]);
    send('  nadie@example.com ');
    await waitFor(() =>
      expect((screen.getByTestId('forgot-password-submit') as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
    expect(screen.getByText('Enviando...')).toBeTruthy();
    const sent = await screen.findByTestId('forgot-password-sent');
    expect(sent.textContent).toContain(SENTENCE);
    expect(screen.queryByTestId('field-email')).toBeNull();
    fireEvent.click(screen.getByTestId('back-to-sign-in'));
    expect(await screen.findByText('Página de inicio de sesión')).toBeTruthy();
  });

  it('shows a rate limit as the server says it', async () => {
    const message = 'Demasiadas solicitudes. Espera unos minutos e inténtalo de nuevo.';
    renderPage([
      {
        request: { query: RequestPasswordResetMutation, variables: { email: 'ana@example.com' } },
        result: { errors: [{ message, extensions: { code: 'TOO_MANY_REQUESTS' } }] },
      },
    ]);
    send('ana@example.com');
    expect((await screen.findByTestId('forgot-password-error')).textContent).toBe(message);
    expect(screen.queryByTestId('forgot-password-sent')).toBeNull();
  });

  it('starts with the address of the signed-in account (a Google account creating a password)', async () => {
    renderWithProviders(
      [{ path: '/olvide-contrasena', element: <ForgotPasswordPage /> }],
      '/olvide-contrasena',
      [
        {
          request: { query: MeQuery },
          result: {
            data: {
              me: {
                __typename: 'User',
                id: 7,
                name: 'Luis',
                email: 'luis@gmail.com',
                role: 'user',
                phone: null,
                googleId: '1098765',
                pictureUrl: null,
              },
            },
          },
          ...always,
        },
      ],
    );
    await waitFor(() =>
      expect((screen.getByTestId('field-email') as HTMLInputElement).value).toBe('luis@gmail.com'),
    );
  });
});
