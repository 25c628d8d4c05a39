import { REGISTRATION_MESSAGES } from '@tienda/rules';

/**
 * What the accounts module answers in words: the registration rules' messages (spec §5, shared
 * with the browser through @tienda/rules) and the server's own (sign-in, password links).
 */
export const ACCOUNT_MESSAGES = {
  ...REGISTRATION_MESSAGES,
  wrongCredentials: 'Email o contraseña incorrectos',
  googleFailed: 'ocurrió un error al iniciar sesión con Google',
  inactiveAccount: 'Esta cuenta está desactivada',
  resetRequested:
    'Si hay una cuenta con ese email, te enviamos un enlace para restablecer tu contraseña. ' +
    'Revisa tu bandeja de entrada y la carpeta de spam; el enlace vale por una hora.',
  resetInvalid: 'El enlace para restablecer tu contraseña no es válido. Solicita uno nuevo.',
  resetUsed:
    'Este enlace ya se usó. Si necesitas cambiar tu contraseña otra vez, solicita uno nuevo.',
  resetExpired: 'Este enlace expiró: cada enlace vale por una hora. Solicita uno nuevo.',
  resetSuperseded:
    'Este enlace ya no es válido porque pediste uno más reciente. Usa el último correo que te enviamos.',
  wrongCurrentPassword: 'La contraseña actual es incorrecta.',
  noPassword:
    'Tu cuenta entra con Google y no tiene contraseña. Usa “¿Olvidaste tu contraseña?” para crear una.',
} as const;

/** The stable reasons of the accounts module's own refusals (the rules carry theirs). */
export const ACCOUNT_REASONS = {
  emailTaken: 'EMAIL_TAKEN',
  wrongCredentials: 'WRONG_CREDENTIALS',
  googleFailed: 'GOOGLE_SIGN_IN_FAILED',
  inactiveAccount: 'ACCOUNT_INACTIVE',
  resetInvalid: 'RESET_LINK_INVALID',
  resetUsed: 'RESET_LINK_USED',
  resetExpired: 'RESET_LINK_EXPIRED',
  resetSuperseded: 'RESET_LINK_SUPERSEDED',
  wrongCurrentPassword: 'WRONG_CURRENT_PASSWORD',
  noPassword: 'NO_PASSWORD',
} as const;
