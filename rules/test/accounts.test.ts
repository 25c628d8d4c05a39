import { describe, expect, it } from 'vitest';
import {
  EMPTY_REGISTRATION,
  REGISTRATION_MESSAGES,
  REQUIRED_MESSAGES,
  type RegistrationValues,
  emailProblem,
  hasErrors,
  isValidEmail,
  isValidPassword,
  isValidPhone,
  newPasswordProblems,
  normalizeEmail,
  normalizeRegistration,
  registrationProblems,
  validateRegistration,
} from '../src/accounts.js';

const valid: RegistrationValues = {
  name: 'Ana López',
  phone: '5512345678',
  email: 'ana@example.com',
  password: 'Secreta123',
  passwordConfirmation: 'Secreta123',
};

describe('registration rules (spec §5)', () => {
  it('uses the spec messages word for word', () => {
    expect(REGISTRATION_MESSAGES).toMatchObject({
      invalidEmail: 'El email no es válido.',
      emailTaken: 'El email ya está registrado',
      weakPassword:
        'La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula y un número.',
      passwordMismatch: 'Las contraseñas no coinciden.',
      invalidPhone: 'El telefono no es válido.',
    });
  });

  it('accepts a complete, valid form', () => {
    expect(validateRegistration(valid)).toEqual({});
    expect(hasErrors(validateRegistration(valid))).toBe(false);
  });

  it('requires name, phone, email, password and confirmation', () => {
    expect(validateRegistration(EMPTY_REGISTRATION)).toEqual(REQUIRED_MESSAGES);
    expect(REQUIRED_MESSAGES).toEqual({
      name: 'El nombre es obligatorio.',
      phone: 'El teléfono es obligatorio.',
      email: 'El email es obligatorio.',
      password: 'La contraseña es obligatoria.',
      passwordConfirmation: 'Confirma la contraseña.',
    });
    expect(validateRegistration({ ...valid, name: '   ' }).name).toBe('El nombre es obligatorio.');
  });

  it("email must look like an address: 'El email no es válido.'", () => {
    for (const email of ['ana', 'ana@', 'ana@example', '@example.com', 'ana @example.com']) {
      expect(isValidEmail(email)).toBe(false);
      expect(validateRegistration({ ...valid, email }).email).toBe('El email no es válido.');
    }
    expect(isValidEmail(' ana.lopez+tienda@correo.com.mx ')).toBe(true);
    expect(isValidEmail(`${'a'.repeat(250)}@x.mx`)).toBe(false);
  });

  it("an email already registered: 'El email ya está registrado'", () => {
    expect(validateRegistration(valid, true).email).toBe('El email ya está registrado');
    // A malformed email reports its format first.
    expect(validateRegistration({ ...valid, email: 'ana@' }, true).email).toBe(
      'El email no es válido.',
    );
  });

  it('password: at least 8 characters, an uppercase, a lowercase and a digit', () => {
    const message =
      'La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula y un número.';
    for (const password of ['Abc1234', 'secreta123', 'SECRETA123', 'Secretaaa']) {
      expect(isValidPassword(password)).toBe(false);
      expect(
        validateRegistration({ ...valid, password, passwordConfirmation: password }).password,
      ).toBe(message);
    }
    expect(isValidPassword('Abcdefg1')).toBe(true);
    expect(isValidPassword('Contraseña9')).toBe(true);
  });

  it("passwords must match: 'Las contraseñas no coinciden.'", () => {
    expect(validateRegistration({ ...valid, passwordConfirmation: 'Secreta124' })).toEqual({
      passwordConfirmation: 'Las contraseñas no coinciden.',
    });
  });

  it("phone of exactly 10 digits: 'El telefono no es válido.'", () => {
    for (const phone of ['551234567', '55123456789', '55-1234-567', '55 1234 5678', 'abcdefghij']) {
      expect(isValidPhone(phone)).toBe(false);
      expect(validateRegistration({ ...valid, phone }).phone).toBe('El telefono no es válido.');
    }
    expect(isValidPhone(' 5512345678 ')).toBe(true);
  });

  it('trims name, phone and email before sending (the e-mail lower-case too), never the passwords', () => {
    expect(
      normalizeRegistration({
        ...valid,
        name: '  Ana  ',
        phone: ' 5512345678 ',
        email: ' Ana@Example.com ',
        password: ' Secreta123',
      }),
    ).toEqual({
      ...valid,
      name: 'Ana',
      phone: '5512345678',
      email: 'ana@example.com',
      password: ' Secreta123',
    });
  });

  it("stores the e-mail trimmed and lower-case (the server's form, also what the browser sends)", () => {
    expect(normalizeEmail('  Ana.Lopez@Example.COM ')).toBe('ana.lopez@example.com');
  });

  it('limits the name to 100 characters and the password to 128, like the server', () => {
    expect(validateRegistration({ ...valid, name: 'a'.repeat(100) }).name).toBeUndefined();
    expect(validateRegistration({ ...valid, name: 'a'.repeat(101) }).name).toBe(
      'El nombre no puede tener más de 100 caracteres.',
    );
    const long = `Aa1${'x'.repeat(126)}`;
    expect(validateRegistration({ ...valid, password: long, passwordConfirmation: long })).toEqual({
      password: 'La contraseña no puede tener más de 128 caracteres.',
    });
  });

  it('a password of blanks is weak, not missing (only an empty one is missing)', () => {
    expect(
      validateRegistration({ ...valid, password: '   ', passwordConfirmation: '   ' }).password,
    ).toBe(
      'La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula y un número.',
    );
  });
});

describe('registration problems: field, message and reason', () => {
  it('lists the first problem of each field in the form order, each with its reason', () => {
    expect(registrationProblems({ ...EMPTY_REGISTRATION, email: 'ana@' })).toEqual([
      { field: 'name', reason: 'REQUIRED', message: 'El nombre es obligatorio.' },
      { field: 'phone', reason: 'REQUIRED', message: 'El teléfono es obligatorio.' },
      { field: 'email', reason: 'INVALID_EMAIL', message: 'El email no es válido.' },
      { field: 'password', reason: 'REQUIRED', message: 'La contraseña es obligatoria.' },
      {
        field: 'passwordConfirmation',
        reason: 'REQUIRED',
        message: 'Confirma la contraseña.',
      },
    ]);
    expect(registrationProblems({ ...valid, phone: '55' })).toEqual([
      { field: 'phone', reason: 'INVALID_PHONE', message: 'El telefono no es válido.' },
    ]);
    expect(registrationProblems(valid, true)).toEqual([
      { field: 'email', reason: 'EMAIL_TAKEN', message: 'El email ya está registrado' },
    ]);
  });

  it('checks the confirmation only when one is given (the server may receive none)', () => {
    expect(registrationProblems({ ...valid, passwordConfirmation: undefined })).toEqual([]);
    expect(registrationProblems({ ...valid, passwordConfirmation: null })).toEqual([]);
    expect(registrationProblems({ ...valid, passwordConfirmation: 'Otra1234' })).toEqual([
      {
        field: 'passwordConfirmation',
        reason: 'PASSWORD_MISMATCH',
        message: 'Las contraseñas no coinciden.',
      },
    ]);
  });

  it('a new password names the field it came in (newPassword on the change form)', () => {
    expect(newPasswordProblems('corta', 'corta', 'newPassword')).toEqual([
      {
        field: 'newPassword',
        reason: 'WEAK_PASSWORD',
        message:
          'La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula y un número.',
      },
    ]);
    expect(newPasswordProblems('Secreta123', 'Secreta123')).toEqual([]);
  });

  it('an e-mail field alone: required, then well formed', () => {
    expect(emailProblem(' ')).toMatchObject({ field: 'email', reason: 'REQUIRED' });
    expect(emailProblem('ana@x')).toMatchObject({ field: 'email', reason: 'INVALID_EMAIL' });
    expect(emailProblem(' ana@example.com ')).toBeUndefined();
  });
});
