import { shop, setCookie, me } from './support/accounts.js';

/** Registration (spec §5 Registration), every rule enforced by the server (support/accounts.ts). */

const REGISTER = `mutation Register($input: RegisterInput!) {
  register(input: $input) { id name email role phone googleId pictureUrl active }
}`;

const valid = {
  name: 'Ana López',
  phone: '5512345678',
  email: 'ana@example.com',
  password: 'Secreta123',
  passwordConfirmation: 'Secreta123',
};

let n = 0;
/** A registration with a fresh e-mail. */
const fresh = (overrides: Partial<typeof valid> = {}) => ({
  ...valid,
  email: `persona${(n += 1)}@example.com`,
  ...overrides,
});

describe('registration (spec §5 Registration), enforced by the server', () => {
  const cases: [string, Partial<typeof valid>, string, string, string][] = [
    ['email format', { email: 'no-es-email' }, 'email', 'El email no es válido.', 'INVALID_EMAIL'],
    [
      'password rule: 8 characters',
      { password: 'Ab1', passwordConfirmation: 'Ab1' },
      'password',
      'La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula y un número.',
      'WEAK_PASSWORD',
    ],
    [
      'password rule: a digit',
      { password: 'Secretaaa', passwordConfirmation: 'Secretaaa' },
      'password',
      'La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula y un número.',
      'WEAK_PASSWORD',
    ],
    [
      'password rule: an upper-case letter',
      { password: 'secreta123', passwordConfirmation: 'secreta123' },
      'password',
      'La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula y un número.',
      'WEAK_PASSWORD',
    ],
    [
      'password rule: a lower-case letter',
      { password: 'SECRETA123', passwordConfirmation: 'SECRETA123' },
      'password',
      'La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula y un número.',
      'WEAK_PASSWORD',
    ],
    [
      'passwords must match',
      { passwordConfirmation: 'Otra12345' },
      'passwordConfirmation',
      'Las contraseñas no coinciden.',
      'PASSWORD_MISMATCH',
    ],
    [
      'phone of exactly 10 digits (9)',
      { phone: '551234567' },
      'phone',
      'El telefono no es válido.',
      'INVALID_PHONE',
    ],
    [
      'phone of exactly 10 digits (letters)',
      { phone: '55123456ab' },
      'phone',
      'El telefono no es válido.',
      'INVALID_PHONE',
    ],
    ['name required', { name: '   ' }, 'name', 'El nombre es obligatorio.', 'REQUIRED'],
    ['phone required', { phone: '' }, 'phone', 'El teléfono es obligatorio.', 'REQUIRED'],
    ['email required', { email: '' }, 'email', 'El email es obligatorio.', 'REQUIRED'],
    [
      'password required',
      { password: '' },
      'password',
      'La contraseña es obligatoria.',
      'REQUIRED',
    ],
  ];

  test.each(cases)('%s', async (_rule, overrides, field, message, reason) => {
    const res = await shop.app.gql(REGISTER, { input: fresh(overrides) });
    expect(res.errors?.[0]).toMatchObject({
      message,
      extensions: { code: 'BAD_USER_INPUT', field, reason },
    });
    const rest = await shop.app.post('/api/usuarios', {
      name: overrides.name ?? valid.name,
      email: overrides.email ?? 'rest-' + fresh().email,
      password: overrides.password ?? valid.password,
      passwordConfirmation: overrides.passwordConfirmation,
      telefono: overrides.phone ?? valid.phone,
    });
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ error: message, reason });
  });

  test('success: role user, signed in at once (httpOnly SameSite=Lax cookie), argon2id hash', async () => {
    const client = shop.app.client();
    const input = fresh({ name: '  Beto  ' });
    const res = await client.gql<{ register: Record<string, unknown> }>(REGISTER, { input });
    expect(res.errors).toBeUndefined();
    expect(res.data!.register).toMatchObject({
      name: 'Beto',
      email: input.email,
      role: 'user',
      phone: '5512345678',
      googleId: null,
      active: true,
    });
    const cookie = setCookie(res.res);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    expect(await me(client)).toMatchObject({ email: input.email });

    const [row] = await shop.orm.em
      .fork()
      .execute<{ password_hash: string }[]>('select password_hash from app_user where email = ?', [
        input.email,
      ]);
    // OWASP's argon2id parameters: 19 MiB, 2 iterations, parallelism 1.
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  test('the e-mail is unique case-insensitively: "El email ya está registrado"', async () => {
    const input = fresh();
    expect((await shop.app.client().gql(REGISTER, { input })).errors).toBeUndefined();
    const again = await shop.app.client().gql(REGISTER, {
      input: { ...input, email: input.email.toUpperCase() },
    });
    expect(again.errors?.[0]).toMatchObject({
      message: 'El email ya está registrado',
      extensions: { code: 'CONFLICT', field: 'email', reason: 'EMAIL_TAKEN' },
    });
    const rest = await shop.app.post('/api/usuarios', {
      ...input,
      email: ` ${input.email.toUpperCase()} `,
      telefono: input.phone,
    });
    expect(rest.status).toBe(409);
    expect(rest.body).toEqual({ error: 'El email ya está registrado', reason: 'EMAIL_TAKEN' });
  });

  test('emailAvailable answers as the user types, case-insensitively', async () => {
    const input = fresh();
    const q = `query A($email: String!) { emailAvailable(email: $email) }`;
    expect((await shop.app.gql(q, { email: input.email })).data).toEqual({ emailAvailable: true });
    await shop.app.client().gql(REGISTER, { input });
    expect((await shop.app.gql(q, { email: input.email.toUpperCase() })).data).toEqual({
      emailAvailable: false,
    });
    const bad = await shop.app.gql(q, { email: 'nada' });
    expect(bad.errors?.[0]?.message).toBe('El email no es válido.');
  });

  test('POST /api/usuarios ignores a forged rol, estado and idGoogle: always a customer', async () => {
    const input = fresh();
    const res = await shop.app.client().post('/api/usuarios', {
      name: input.name,
      email: input.email,
      password: input.password,
      telefono: input.phone,
      rol: 'admin',
      estado: false,
      idGoogle: '12345',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: input.name,
      email: input.email,
      rol: 'user',
      estado: true,
      idGoogle: 'no',
      telefono: input.phone,
      imgGoogle: null,
      createdAt: expect.any(String),
    });
  });
});
