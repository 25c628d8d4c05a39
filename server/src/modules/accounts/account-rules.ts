import { badInput } from '../shared/errors.js';

/** Spec §5 Registration: the messages a person reads, exactly as written. */
export const ACCOUNT_MESSAGES = {
  invalidEmail: 'El email no es válido.',
  emailTaken: 'El email ya está registrado',
  weakPassword:
    'La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula y un número.',
  passwordMismatch: 'Las contraseñas no coinciden.',
  invalidPhone: 'El telefono no es válido.',
  wrongCredentials: 'Email o contraseña incorrectos',
  googleFailed: 'ocurrió un error al iniciar sesión con Google',
  registrationFailed: 'Error al registrar el usuario',
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
  currentPasswordRequired: 'Escribe tu contraseña actual.',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
/** Hashing cost grows with the input: a password longer than this is refused, not hashed. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** At least 8 characters with a digit, a lower-case and an upper-case letter. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    /\d/.test(password) &&
    /\p{Ll}/u.test(password) &&
    /\p{Lu}/u.test(password)
  );
}

/** Exactly 10 digits. */
export function isValidPhone(phone: string): boolean {
  return /^\d{10}$/.test(phone);
}

/** The one stored form of an e-mail address: trimmed, lower-case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface Registration {
  name: string;
  phone: string;
  email: string;
  password: string;
  /** When given (the sign-up form sends it), it must equal the password. */
  passwordConfirmation?: string | null;
}

const REQUIRED: Record<keyof Registration, string> = {
  name: 'El nombre es obligatorio.',
  phone: 'El teléfono es obligatorio.',
  email: 'El email es obligatorio.',
  password: 'La contraseña es obligatoria.',
  passwordConfirmation: 'Confirma la contraseña.',
};

/**
 * Checks a registration with the spec's rules and returns it normalised (trimmed name and phone,
 * lower-case e-mail). Throws BAD_USER_INPUT with the spec's message and the field at fault.
 */
export function checkRegistration(input: Registration): Registration {
  const name = input.name.trim();
  const phone = input.phone.trim();
  const email = normalizeEmail(input.email);
  const { password, passwordConfirmation } = input;
  if (name === '') throw badInput(REQUIRED.name, 'name');
  if (name.length > NAME_MAX_LENGTH) {
    throw badInput(`El nombre no puede tener más de ${NAME_MAX_LENGTH} caracteres.`, 'name');
  }
  if (phone === '') throw badInput(REQUIRED.phone, 'phone');
  if (!isValidPhone(phone)) throw badInput(ACCOUNT_MESSAGES.invalidPhone, 'phone');
  if (email === '') throw badInput(REQUIRED.email, 'email');
  if (!isValidEmail(email)) throw badInput(ACCOUNT_MESSAGES.invalidEmail, 'email');
  checkNewPassword(password, passwordConfirmation);
  return { name, phone, email, password };
}

/**
 * A new password (registration, a reset, a change) with the registration's rules and messages:
 * required, at most 128 characters, strong, and equal to its confirmation when one is given.
 * `field` names the password's input (`newPassword` on the change form).
 */
export function checkNewPassword(
  password: string,
  passwordConfirmation?: string | null,
  field = 'password',
): void {
  if (password === '') throw badInput(REQUIRED.password, field);
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw badInput(`La contraseña no puede tener más de ${PASSWORD_MAX_LENGTH} caracteres.`, field);
  }
  if (!isStrongPassword(password)) throw badInput(ACCOUNT_MESSAGES.weakPassword, field);
  if (passwordConfirmation !== undefined && passwordConfirmation !== null) {
    if (passwordConfirmation === '') {
      throw badInput(REQUIRED.passwordConfirmation, 'passwordConfirmation');
    }
    if (passwordConfirmation !== password) {
      throw badInput(ACCOUNT_MESSAGES.passwordMismatch, 'passwordConfirmation');
    }
  }
}
