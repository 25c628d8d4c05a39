import type { MockLink } from '@apollo/client/testing';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../../../test/render-with-providers';
import type { SessionUserFieldsFragment } from '../../../gql/graphql';
import { MeQuery } from '../../../shared/session/api';
import { SignInRedirect } from '../../../shared/session/sign-in-redirect';
import { useSession } from '../../../shared/session/use-session';
import { GoogleSignInSettingsQuery, SignInMutation, SignInWithGoogleMutation } from '../api';
import { SignInPage } from './sign-in-page';

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
const customer: SessionUserFieldsFragment = {
  ...admin,
  id: 2,
  name: 'Ana',
  email: 'ana@example.com',
  role: 'user',
};

const always = { maxUsageCount: Number.POSITIVE_INFINITY };
const anonymous: MockLink.MockedResponse = {
  request: { query: MeQuery },
  result: { data: { me: null } },
  ...always,
};
const googleOff: MockLink.MockedResponse = {
  request: { query: GoogleSignInSettingsQuery },
  result: { data: { shopSettings: { __typename: 'ShopSettings', googleClientId: null } } },
  ...always,
};

function signInMock(
  email: string,
  password: string,
  outcome: SessionUserFieldsFragment | { message: string; code: string },
  delay?: number,
): MockLink.MockedResponse {
  return {
    request: { query: SignInMutation, variables: { email, password } },
    result:
      '__typename' in outcome
        ? { data: { signIn: outcome } }
        : { errors: [{ message: outcome.message, extensions: { code: outcome.code } }] },
    delay,
  };
}

const googleOn: MockLink.MockedResponse = {
  request: { query: GoogleSignInSettingsQuery },
  result: {
    data: {
      shopSettings: {
        __typename: 'ShopSettings',
        googleClientId: '123-abc.apps.googleusercontent.com',
      },
    },
  },
  ...always,
};

/** A stand-in for Google Identity Services: keeps the callback the page registers. */
function stubGoogle() {
  const google = {
    callback: undefined as undefined | ((response: { credential?: string }) => void),
    clientId: undefined as string | undefined,
    rendered: 0,
  };
  vi.stubGlobal('google', {
    accounts: {
      id: {
        initialize: (config: {
          client_id: string;
          callback: (response: { credential?: string }) => void;
        }) => {
          google.clientId = config.client_id;
          google.callback = config.callback;
        },
        renderButton: () => {
          google.rendered += 1;
        },
      },
    },
  });
  return google;
}

function renderSignIn(mocks: MockLink.MockedResponse[], settings = googleOff) {
  return renderWithProviders(
    [
      { path: '/iniciar-sesion', element: <SignInPage /> },
      { path: '/inicio', element: <p>Página de inicio</p> },
      { path: '/usuario', element: <p>Página de usuario</p> },
      { path: '/admin/productos', element: <p>Productos del admin</p> },
    ],
    '/iniciar-sesion',
    [settings, ...mocks],
  );
}

/** A page that needs a session, as the cart and 'Mis pedidos' are. */
function MyOrdersStandIn() {
  const { user, loading } = useSession();
  if (loading) return null;
  return user ? <p>Mis pedidos de {user.name}</p> : <SignInRedirect />;
}

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByTestId('field-email'), { target: { value: email } });
  fireEvent.change(screen.getByTestId('field-password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('sign-in-submit'));
}

describe('SignInPage (/iniciar-sesion, /login)', () => {
  beforeAll(() => stubMatchMedia());
  beforeEach(() => {
    window.localStorage.clear();
    // Failures are logged on purpose; keep the test output readable.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => cleanup());

  it('a page that needs a session sends to sign-in, which returns there afterwards', async () => {
    renderWithProviders(
      [
        { path: '/iniciar-sesion', element: <SignInPage /> },
        { path: '/mis-pedidos', element: <MyOrdersStandIn /> },
        { path: '/inicio', element: <p>Página de inicio</p> },
      ],
      '/mis-pedidos',
      [googleOff, anonymous, signInMock('ana@example.com', 'Secreta123', customer)],
    );
    await screen.findByTestId('sign-in-page', undefined, { timeout: 5_000 });
    fillAndSubmit('ana@example.com', 'Secreta123');
    expect(
      await screen.findByText('Mis pedidos de Ana', undefined, { timeout: 5_000 }),
    ).toBeTruthy();
  });

  it("says 'Email o contraseña incorrectos' for wrong credentials", async () => {
    renderSignIn([
      anonymous,
      signInMock('ana@example.com', 'mala', {
        message: 'Email o contraseña incorrectos',
        code: 'UNAUTHENTICATED',
      }),
    ]);
    fillAndSubmit('ana@example.com', 'mala');
    expect((await screen.findByTestId('sign-in-error')).textContent).toBe(
      'Email o contraseña incorrectos',
    );
  });

  it("shows the server's own message when it is not a wrong-credentials answer (rate limit)", async () => {
    const message = 'Demasiados intentos. Espera 15 minutos e inténtalo de nuevo.';
    renderSignIn([
      anonymous,
      signInMock('ana@example.com', 'x', { message, code: 'TOO_MANY_REQUESTS' }),
    ]);
    fillAndSubmit('ana@example.com', 'x');
    expect((await screen.findByTestId('sign-in-error')).textContent).toBe(message);
  });

  it("shows 'Iniciando sesión...' while working, then takes an admin to /admin/productos", async () => {
    const { router } = renderSignIn([
      anonymous,
      signInMock('admin@tienda.local', 'Admin12345', admin, 200),
    ]);
    fillAndSubmit(' admin@tienda.local ', 'Admin12345');
    expect(await screen.findByText('Iniciando sesión...')).toBeTruthy();
    expect(await screen.findByText('Productos del admin')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/productos');
    expect(window.localStorage.getItem('rol')).toBe('admin');
    expect(window.localStorage.getItem('userLogged')).toBe('true');
  });

  it('takes a customer to /inicio', async () => {
    renderSignIn([anonymous, signInMock('ana@example.com', 'Secreta123', customer)]);
    fillAndSubmit('ana@example.com', 'Secreta123');
    expect(await screen.findByText('Página de inicio')).toBeTruthy();
    expect(window.localStorage.getItem('idGoogle')).toBe('no');
  });

  it('sends a visitor who is already signed in to /usuario', async () => {
    const { router } = renderSignIn([
      { request: { query: MeQuery }, result: { data: { me: customer } }, ...always },
    ]);
    expect(await screen.findByText('Página de usuario')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/usuario'));
  });

  it("links to 'Registrarse' and '¿Olvidaste tu contraseña?', and toggles the password with 'Mostrar contraseña'", async () => {
    renderSignIn([anonymous]);
    expect(screen.getByTestId('link-register').getAttribute('href')).toBe('/registro');
    const forgot = screen.getByTestId('link-forgot-password');
    expect(forgot.textContent).toBe('¿Olvidaste tu contraseña?');
    expect(forgot.getAttribute('href')).toBe('/olvide-contrasena');
    const password = screen.getByTestId('field-password') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByText('Mostrar contraseña'));
    await waitFor(() => expect(password.type).toBe('text'));
  });

  it('sends the Google credential to signInWithGoogle and signs the customer in', async () => {
    const google = stubGoogle();
    renderSignIn(
      [
        anonymous,
        {
          request: { query: SignInWithGoogleMutation, variables: { credential: 'id-token' } },
          result: {
            data: {
              signInWithGoogle: {
                ...customer,
                phone: null,
                googleId: '1098765',
                pictureUrl: 'https://lh3.googleusercontent.com/a/foto',
              },
            },
          },
        },
      ],
      googleOn,
    );
    await waitFor(() => expect(google.rendered).toBe(1));
    expect(google.clientId).toBe('123-abc.apps.googleusercontent.com');
    google.callback?.({ credential: 'id-token' });
    expect(await screen.findByText('Página de inicio')).toBeTruthy();
    expect(window.localStorage.getItem('telefono')).toBe('no');
    expect(window.localStorage.getItem('idGoogle')).toBe('1098765');
  });

  it("says 'ocurrió un error al iniciar sesión con Google' when the server refuses the token", async () => {
    const google = stubGoogle();
    renderSignIn(
      [
        anonymous,
        {
          request: { query: SignInWithGoogleMutation, variables: { credential: 'malo' } },
          result: {
            errors: [
              {
                message: 'ocurrió un error al iniciar sesión con Google',
                extensions: { code: 'UNAUTHENTICATED' },
              },
            ],
          },
        },
      ],
      googleOn,
    );
    await waitFor(() => expect(google.rendered).toBe(1));
    google.callback?.({ credential: 'malo' });
    expect((await screen.findByTestId('sign-in-error')).textContent).toBe(
      'ocurrió un error al iniciar sesión con Google',
    );
  });

  it('hides the Google button when googleClientId is null', async () => {
    renderSignIn([anonymous]);
    await screen.findByTestId('sign-in-page');
    expect(screen.queryByTestId('google-sign-in')).toBeNull();
  });

  it('asks for the code after TOTP_REQUIRED (two-factor sign-in), shows TOTP_INVALID, then signs in with it', async () => {
    const required =
      'Escribe el código de 6 dígitos de tu app de autenticación, o uno de tus códigos de recuperación.';
    const invalid =
      'El código no es válido o ya se usó. Escribe el código que muestra ahora tu app de autenticación.';
    const withCode = (code: string, result: MockLink.MockedResponse['result']) => ({
      request: {
        query: SignInMutation,
        variables: { email: 'admin@tienda.local', password: 'Admin12345', code },
      },
      result,
    });
    const { router } = renderSignIn([
      anonymous,
      {
        request: {
          query: SignInMutation,
          variables: { email: 'admin@tienda.local', password: 'Admin12345' },
        },
        result: {
          errors: [
            { message: required, extensions: { code: 'UNAUTHENTICATED', reason: 'TOTP_REQUIRED' } },
          ],
        },
      },
      withCode('111111', {
        errors: [
          { message: invalid, extensions: { code: 'UNAUTHENTICATED', reason: 'TOTP_INVALID' } },
        ],
      }),
      withCode('123456', { data: { signIn: admin } }),
    ]);
    expect(screen.queryByTestId('field-code')).toBeNull();
    fillAndSubmit('admin@tienda.local', 'Admin12345');
    expect((await screen.findByTestId('sign-in-error')).textContent).toBe(required);
    const codeField = await screen.findByTestId('field-code');
    fireEvent.change(codeField, { target: { value: '111111' } });
    fireEvent.click(screen.getByTestId('sign-in-submit'));
    await waitFor(() => expect(screen.getByTestId('sign-in-error').textContent).toBe(invalid));
    fireEvent.change(codeField, { target: { value: ' 123456 ' } });
    fireEvent.click(screen.getByTestId('sign-in-submit'));
    expect(await screen.findByText('Productos del admin')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/productos');
  });
});
