/** Registration rules and their exact messages (spec §5, Registration). Pure functions. */

export const REGISTRATION_MESSAGES = {
  invalidEmail: 'El email no es válido.',
  emailTaken: 'El email ya está registrado',
  weakPassword:
    'La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula y un número.',
  passwordMismatch: 'Las contraseñas no coinciden.',
  invalidPhone: 'El telefono no es válido.',
} as const;

export const REGISTRATION_FIELDS = [
  'name',
  'phone',
  'email',
  'password',
  'passwordConfirmation',
] as const;

export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];
export type RegistrationValues = Record<RegistrationField, string>;
export type RegistrationErrors = Partial<Record<RegistrationField, string>>;

export const EMPTY_REGISTRATION: RegistrationValues = {
  name: '',
  phone: '',
  email: '',
  password: '',
  passwordConfirmation: '',
};

/** All fields are required; the same words as the server's. */
export const REQUIRED_MESSAGES: Record<RegistrationField, string> = {
  name: 'El nombre es obligatorio.',
  phone: 'El teléfono es obligatorio.',
  email: 'El email es obligatorio.',
  password: 'La contraseña es obligatoria.',
  passwordConfirmation: 'Confirma la contraseña.',
};

export const PASSWORD_MIN_LENGTH = 8;
/** The server refuses longer ones (hashing cost grows with the input). */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_DIGITS = 10;

/** Something@something.something, without spaces. */
export function isValidEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed);
}

/** At least 8 characters with a digit, a lowercase and an uppercase letter. */
export function isValidPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    /\d/.test(password) &&
    /\p{Ll}/u.test(password) &&
    /\p{Lu}/u.test(password)
  );
}

/** Exactly 10 digits. */
export function isValidPhone(phone: string): boolean {
  return new RegExp(`^\\d{${PHONE_DIGITS}}$`).test(phone.trim());
}

/** The values as sent to the server: name, phone and email trimmed (the server compares emails case-insensitively). */
export function normalizeRegistration(values: RegistrationValues): RegistrationValues {
  return {
    ...values,
    name: values.name.trim(),
    phone: values.phone.trim(),
    email: normalizeEmail(values.email),
  };
}

export function normalizeEmail(email: string): string {
  return email.trim();
}

/**
 * One message per invalid field (the first rule it breaks), in the form's field order.
 * `emailTaken` is the answer of the availability check for the current email, when known.
 */
export function validateRegistration(
  values: RegistrationValues,
  emailTaken = false,
): RegistrationErrors {
  const errors: RegistrationErrors = {};
  for (const field of REGISTRATION_FIELDS) {
    if (values[field].trim() === '') errors[field] = REQUIRED_MESSAGES[field];
  }
  if (!errors.phone && !isValidPhone(values.phone)) {
    errors.phone = REGISTRATION_MESSAGES.invalidPhone;
  }
  if (!errors.email) {
    if (!isValidEmail(values.email)) errors.email = REGISTRATION_MESSAGES.invalidEmail;
    else if (emailTaken) errors.email = REGISTRATION_MESSAGES.emailTaken;
  }
  if (!errors.password && !isValidPassword(values.password)) {
    errors.password = REGISTRATION_MESSAGES.weakPassword;
  }
  if (!errors.passwordConfirmation && values.passwordConfirmation !== values.password) {
    errors.passwordConfirmation = REGISTRATION_MESSAGES.passwordMismatch;
  }
  return errors;
}

export function hasErrors(errors: RegistrationErrors): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}
