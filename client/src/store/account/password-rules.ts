/**
 * The forgotten and changed password forms: the registration rules and their messages
 * (@tienda/rules: the server checks the same), plus the few sentences of these screens.
 */
import {
  REGISTRATION_MESSAGES,
  emailProblem,
  messagesByField,
  newPasswordProblems,
} from '@tienda/rules';

export const PASSWORD_MESSAGES = {
  changed: 'Tu contraseña se cambió',
  currentRequired: REGISTRATION_MESSAGES.currentPasswordRequired,
  missingToken: 'Este enlace no está completo. Pide uno nuevo para restablecer tu contraseña.',
  requestFailed: 'No se pudo enviar el enlace. Intenta de nuevo.',
  resetFailed: 'No se pudo cambiar la contraseña. Intenta de nuevo.',
  connectionFailed: 'No se pudo conectar con la tienda. Revisa tu conexión e intenta de nuevo.',
} as const;

/** Where a shopper asks for a new link (also the Google-only account's way to create one). */
export const FORGOT_PASSWORD_PATH = '/olvide-contrasena';

/** The registration's email rule: required, then something@something.something. */
export function emailError(email: string): string | undefined {
  return emailProblem(email)?.message;
}

export interface NewPasswordErrors {
  password?: string;
  passwordConfirmation?: string;
}

/** The registration's password rules for a new password and its confirmation. */
export function newPasswordErrors(password: string, confirmation: string): NewPasswordErrors {
  return messagesByField(newPasswordProblems(password, confirmation));
}

/**
 * The confirmation is judged as soon as it is as long as the password (as on the registration
 * form), the other fields once they were left or the form was sent.
 */
export function confirmationReady(password: string, confirmation: string): boolean {
  return confirmation !== '' && confirmation.length >= password.length;
}
