import { messagesByField, problem, type Problem } from './problem.js';

/** Registration and passwords (spec §5, Registration): the messages a person reads, exactly. */
export const REGISTRATION_MESSAGES = {
  invalidEmail: 'El email no es válido.',
  emailTaken: 'El email ya está registrado',
  weakPassword:
    'La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula y un número.',
  passwordMismatch: 'Las contraseñas no coinciden.',
  invalidPhone: 'El telefono no es válido.',
  registrationFailed: 'Error al registrar el usuario',
  currentPasswordRequired: 'Escribe tu contraseña actual.',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
/** Hashing cost grows with the input: a password longer than this is refused, not hashed. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_DIGITS = 10;

export const REGISTRATION_FIELDS = [
  'name',
  'phone',
  'email',
  'password',
  'passwordConfirmation',
] as const;

export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];
/** The registration form as typed. */
export type RegistrationValues = Record<RegistrationField, string>;
export type RegistrationErrors = Partial<Record<RegistrationField, string>>;

/** A registration as the server receives it: the confirmation is checked when given. */
export interface Registration {
  name: string;
  phone: string;
  email: string;
  password: string;
  passwordConfirmation?: string | null;
}

export const EMPTY_REGISTRATION: RegistrationValues = {
  name: '',
  phone: '',
  email: '',
  password: '',
  passwordConfirmation: '',
};

/** Every field is required; these are the words for each. */
export const REQUIRED_MESSAGES: Record<RegistrationField, string> = {
  name: 'El nombre es obligatorio.',
  phone: 'El teléfono es obligatorio.',
  email: 'El email es obligatorio.',
  password: 'La contraseña es obligatoria.',
  passwordConfirmation: 'Confirma la contraseña.',
};

const TOO_LONG_MESSAGES = {
  name: `El nombre no puede tener más de ${NAME_MAX_LENGTH} caracteres.`,
  password: `La contraseña no puede tener más de ${PASSWORD_MAX_LENGTH} caracteres.`,
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = new RegExp(`^\\d{${PHONE_DIGITS}}$`);

/** The one stored form of an e-mail address: trimmed, lower-case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Something@something.something without spaces, at most 254 characters (once trimmed). */
export function isValidEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(trimmed);
}

/** At least 8 characters with a digit, a lower-case and an upper-case letter. */
export function isValidPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    /\d/.test(password) &&
    /\p{Ll}/u.test(password) &&
    /\p{Lu}/u.test(password)
  );
}

/** Exactly 10 digits (once trimmed). */
export function isValidPhone(phone: string): boolean {
  return PHONE_PATTERN.test(phone.trim());
}

/** An e-mail field: required, then well formed. */
export function emailProblem<F extends string = 'email'>(
  email: string,
  field: F = 'email' as F,
): Problem<F> | undefined {
  if (email.trim() === '') return problem(field, 'REQUIRED', REQUIRED_MESSAGES.email);
  if (!isValidEmail(email)) {
    return problem(field, 'INVALID_EMAIL', REGISTRATION_MESSAGES.invalidEmail);
  }
  return undefined;
}

/**
 * A new password (registration, a reset, a change): required, at most 128 characters, strong;
 * its confirmation, when given, required and equal to it. `field` names the password's input
 * (`newPassword` on the change form).
 */
export function newPasswordProblems<F extends string = 'password'>(
  password: string,
  passwordConfirmation?: string | null,
  field: F = 'password' as F,
): Problem<F | 'passwordConfirmation'>[] {
  const problems: Problem<F | 'passwordConfirmation'>[] = [];
  if (password === '') problems.push(problem(field, 'REQUIRED', REQUIRED_MESSAGES.password));
  else if (password.length > PASSWORD_MAX_LENGTH) {
    problems.push(problem(field, 'TOO_LONG', TOO_LONG_MESSAGES.password));
  } else if (!isValidPassword(password)) {
    problems.push(problem(field, 'WEAK_PASSWORD', REGISTRATION_MESSAGES.weakPassword));
  }
  if (passwordConfirmation !== undefined && passwordConfirmation !== null) {
    if (passwordConfirmation === '') {
      problems.push(
        problem('passwordConfirmation', 'REQUIRED', REQUIRED_MESSAGES.passwordConfirmation),
      );
    } else if (passwordConfirmation !== password) {
      problems.push(
        problem(
          'passwordConfirmation',
          'PASSWORD_MISMATCH',
          REGISTRATION_MESSAGES.passwordMismatch,
        ),
      );
    }
  }
  return problems;
}

/** What is stored and sent: name and phone trimmed, the e-mail normalised; passwords as typed. */
export function normalizeRegistration<T extends Registration>(values: T): T {
  return {
    ...values,
    name: values.name.trim(),
    phone: values.phone.trim(),
    email: normalizeEmail(values.email),
  };
}

/**
 * A registration's problems, the first of each field, in the form's order (the first one is the
 * server's refusal). `emailTaken`: the availability check's answer for this e-mail, when known.
 */
export function registrationProblems(
  input: Registration,
  emailTaken = false,
): Problem<RegistrationField>[] {
  const { name, phone, email } = normalizeRegistration(input);
  const problems: Problem<RegistrationField>[] = [];
  if (name === '') problems.push(problem('name', 'REQUIRED', REQUIRED_MESSAGES.name));
  else if (name.length > NAME_MAX_LENGTH) {
    problems.push(problem('name', 'TOO_LONG', TOO_LONG_MESSAGES.name));
  }
  if (phone === '') problems.push(problem('phone', 'REQUIRED', REQUIRED_MESSAGES.phone));
  else if (!isValidPhone(phone)) {
    problems.push(problem('phone', 'INVALID_PHONE', REGISTRATION_MESSAGES.invalidPhone));
  }
  const emailAtFault = emailProblem(email);
  if (emailAtFault) problems.push(emailAtFault);
  else if (emailTaken) {
    problems.push(problem('email', 'EMAIL_TAKEN', REGISTRATION_MESSAGES.emailTaken));
  }
  problems.push(...newPasswordProblems(input.password, input.passwordConfirmation));
  return problems;
}

/** The registration form's messages: one per invalid field (the first rule it breaks). */
export function validateRegistration(
  values: RegistrationValues,
  emailTaken = false,
): RegistrationErrors {
  return messagesByField(registrationProblems(values, emailTaken));
}

export function hasErrors(errors: Partial<Record<string, string>>): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}
