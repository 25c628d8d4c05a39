import type { MockLink } from '@apollo/client/testing';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../../../test/render-with-providers';
import { toaster } from '../../../shared/notifications/toaster';
import { MeQuery } from '../../../shared/session/api';
import { EmailAvailableQuery, RegisterMutation } from '../api';
import { RegistrationPage } from './registration-page';
import { anaLopez } from '../../../../test/session-fixtures';

const always = { maxUsageCount: Number.POSITIVE_INFINITY };
const anonymous: MockLink.MockedResponse = {
  request: { query: MeQuery },
  result: { data: { me: null } },
  ...always,
};

function availability(email: string, available: boolean): MockLink.MockedResponse {
  return {
    request: { query: EmailAvailableQuery, variables: { email } },
    result: { data: { emailAvailable: available } },
    ...always,
  };
}

const input = {
  name: 'Ana López',
  phone: '5512345678',
  email: 'ana@example.com',
  password: 'Secreta123',
  passwordConfirmation: 'Secreta123',
};

const created = anaLopez();

function renderRegistration(mocks: MockLink.MockedResponse[]) {
  return renderWithProviders(
    [
      { path: '/registro', element: <RegistrationPage /> },
      { path: '/inicio', element: <p>Página de inicio</p> },
    ],
    '/registro',
    [anonymous, ...mocks],
  );
}

function type(field: keyof typeof input, value: string) {
  const element = screen.getByTestId(`field-${field}`);
  fireEvent.change(element, { target: { value } });
  fireEvent.blur(element);
}

describe('RegistrationPage (/registro)', () => {
  beforeAll(() => stubMatchMedia());
  beforeEach(() => {
    window.localStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => cleanup());

  it('shows every rule under its field on submit', async () => {
    renderRegistration([]);
    type('name', 'Ana');
    type('phone', '55123');
    type('email', 'ana@');
    type('password', 'corta');
    type('passwordConfirmation', 'otra');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('error-phone')).textContent).toBe(
      'El telefono no es válido.',
    );
    expect(screen.getByTestId('error-email').textContent).toBe('El email no es válido.');
    expect(screen.getByTestId('error-password').textContent).toBe(
      'La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula y un número.',
    );
    expect(screen.getByTestId('error-passwordConfirmation').textContent).toBe(
      'Las contraseñas no coinciden.',
    );
    expect(screen.queryByTestId('error-name')).toBeNull();
  });

  it("checks the email as the user types: 'El email ya está registrado'", async () => {
    renderRegistration([availability('tomado@example.com', false)]);
    fireEvent.change(screen.getByTestId('field-email'), {
      target: { value: 'tomado@example.com' },
    });
    expect(
      (await screen.findByTestId('error-email', undefined, { timeout: 2_000 })).textContent,
    ).toBe('El email ya está registrado');
  });

  it("registers, says 'Usuario registrado correctamente', signs in and goes to /inicio", async () => {
    const create = vi.spyOn(toaster, 'create');
    const { router } = renderRegistration([
      availability('ana@example.com', true),
      {
        request: { query: RegisterMutation, variables: { input } },
        result: { data: { register: created } },
      },
    ]);
    for (const [field, value] of Object.entries(input)) {
      type(field as keyof typeof input, value);
    }
    await act(async () => {
      fireEvent.click(screen.getByTestId('register-submit'));
    });
    expect(await screen.findByText('Página de inicio')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/inicio');
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ description: 'Usuario registrado correctamente' }),
    );
    expect(window.localStorage.getItem('userId')).toBe('12');
    expect(window.localStorage.getItem('idGoogle')).toBe('no');
  });

  it("on a server refusal says 'Error al registrar el usuario' and shows the field's message", async () => {
    const create = vi.spyOn(toaster, 'create');
    renderRegistration([
      availability('ana@example.com', true),
      {
        request: { query: RegisterMutation, variables: { input } },
        result: {
          errors: [
            {
              message: 'El telefono no es válido.',
              extensions: { code: 'BAD_USER_INPUT', field: 'phone' },
            },
          ],
        },
      },
    ]);
    for (const [field, value] of Object.entries(input)) {
      type(field as keyof typeof input, value);
    }
    fireEvent.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('error-phone')).textContent).toBe(
      'El telefono no es válido.',
    );
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ description: 'Error al registrar el usuario' }),
    );
  });
});
