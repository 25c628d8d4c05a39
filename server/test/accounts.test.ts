import { testApp, shopWith, type HttpClient } from './support/app.js';
import { createUsers } from './support/fixtures.js';

const shop = shopWith([]);

const REGISTER = `mutation Register($input: RegisterInput!) {
  register(input: $input) { id name email role phone googleId pictureUrl active }
}`;
const SIGN_IN = `mutation SignIn($email: String!, $password: String!) {
  signIn(email: $email, password: $password) { id name email role }
}`;
const ME = `{ me { id name email role phone } }`;
const SIGN_OUT = `mutation { signOut }`;

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

function setCookie(res: { headers: Record<string, unknown> }): string {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  const session = cookies.find((c) => c.startsWith('tienda_sesion='));
  if (!session) throw new Error(`sin cookie de sesión: ${JSON.stringify(cookies)}`);
  return session;
}

/** The `name=value` part of a Set-Cookie, to replay it from another client. */
const cookiePair = (setCookieHeader: string) => setCookieHeader.split(';')[0]!;
/**
 * The cookie value `token.signature` with one signature character changed. A middle character, so
 * the signature's bytes always change (the last base64url character carries padding bits: changing
 * it can decode to the same bytes).
 */
function tamperSignature(value: string): string {
  const at = value.lastIndexOf('.') + 8;
  return `${value.slice(0, at)}${value[at] === 'A' ? 'B' : 'A'}${value.slice(at + 1)}`;
}

async function me(client: HttpClient, cookie?: string) {
  const res = await client.send(
    'post',
    '/graphql',
    { query: ME },
    cookie ? { Cookie: cookie } : {},
  );
  return (res.body as { data: { me: { email: string } | null } }).data.me;
}

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

describe('sign-in, sessions and sign-out', () => {
  let adminId: number;
  beforeAll(async () => {
    [adminId = 0] = await createUsers(shop.orm.em.fork(), [
      { email: 'jefa@example.com', password: 'Jefa12345', role: 'admin', name: 'Jefa' },
      { email: 'inactiva@example.com', password: 'Inactiva123', active: false },
      { email: 'carlos@example.com', password: 'Carlos123', name: 'Carlos' },
    ]);
  });

  test('right e-mail (any case) and password: signed in, role from the database', async () => {
    const client = shop.app.client();
    const res = await client.gql<{ signIn: { id: number; role: string } }>(SIGN_IN, {
      email: 'JEFA@example.com',
      password: 'Jefa12345',
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.signIn).toEqual({
      id: adminId,
      name: 'Jefa',
      email: 'jefa@example.com',
      role: 'admin',
    });
    expect(await me(client)).toMatchObject({ email: 'jefa@example.com', role: 'admin' });
  });

  test('wrong password and unknown e-mail answer the same "Email o contraseña incorrectos"', async () => {
    for (const [email, password] of [
      ['carlos@example.com', 'Otra12345'],
      ['nadie@example.com', 'Carlos123'],
      ['carlos@example.com', ''],
    ] as const) {
      const res = await shop.app.gql(SIGN_IN, { email, password });
      expect(res.errors?.[0]).toMatchObject({
        message: 'Email o contraseña incorrectos',
        extensions: { code: 'UNAUTHENTICATED' },
      });
      expect(res.res.headers['set-cookie']).toBeUndefined();
    }
    const rest = await shop.app.post('/api/auth/login', {
      email: 'carlos@example.com',
      password: 'mal',
    });
    expect(rest.status).toBe(401);
    expect(rest.body).toEqual({
      error: 'Email o contraseña incorrectos',
      reason: 'WRONG_CREDENTIALS',
    });
  });

  test('a deactivated account cannot sign in', async () => {
    const res = await shop.app.gql(SIGN_IN, {
      email: 'inactiva@example.com',
      password: 'Inactiva123',
    });
    expect(res.errors?.[0]?.message).toBe('Esta cuenta está desactivada');
  });

  test('REST: login sets the cookie, /api/auth/me answers the user, logout revokes it (204)', async () => {
    const client = shop.app.client();
    const login = await client.post('/api/auth/login', {
      email: 'carlos@example.com',
      password: 'Carlos123',
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ email: 'carlos@example.com', rol: 'user', idGoogle: 'no' });
    const cookie = cookiePair(setCookie(login));
    expect((await client.get('/api/auth/me')).body).toMatchObject({ name: 'Carlos' });
    const logout = await client.post('/api/auth/logout');
    expect(logout.status).toBe(204);
    expect(setCookie(logout)).toMatch(/Expires=Thu, 01 Jan 1970/);
    // The same cookie, replayed after sign-out, is worth nothing: the session row is gone.
    const replay = await shop.app.client().get('/api/auth/me', { Cookie: cookie });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ error: 'Debes iniciar sesión', reason: 'UNAUTHENTICATED' });
  });

  test('a sign-out revokes at once in every app instance (sessions live in PostgreSQL)', async () => {
    const other = await testApp(shop.orm);
    try {
      const client = shop.app.client();
      const res = await client.gql(SIGN_IN, { email: 'carlos@example.com', password: 'Carlos123' });
      const cookie = cookiePair(setCookie(res.res));
      expect(await me(other.client(), cookie)).toMatchObject({ email: 'carlos@example.com' });
      const out = await other
        .client()
        .send('post', '/graphql', { query: SIGN_OUT }, { Cookie: cookie });
      expect(out.body).toEqual({ data: { signOut: true } });
      expect(await me(shop.app.client(), cookie)).toBeNull();
      expect(await me(client)).toBeNull();
    } finally {
      await other.stop();
    }
  });

  test('Session-Ended: a presented cookie whose session has ended is told apart from a visitor (GraphQL and REST)', async () => {
    const ended = (res: { headers: Record<string, unknown> }) => res.headers['session-ended'];
    const client = shop.app.client();
    const res = await client.gql(SIGN_IN, { email: 'carlos@example.com', password: 'Carlos123' });
    expect(ended(res.res)).toBeUndefined();
    const cookie = cookiePair(setCookie(res.res));

    // A live session and a visitor who never signed in: no signal.
    const live = await shop.app
      .client()
      .send('post', '/graphql', { query: ME }, { Cookie: cookie });
    expect(live.body.data.me).toMatchObject({ email: 'carlos@example.com' });
    expect(ended(live)).toBeUndefined();
    const visitor = await shop.app.client().send('post', '/graphql', { query: ME });
    expect(visitor.body.data.me).toBeNull();
    expect(ended(visitor)).toBeUndefined();

    // Signed out elsewhere (another device's sign-out of the same session).
    await shop.app.client().send('post', '/graphql', { query: SIGN_OUT }, { Cookie: cookie });
    const gone = await shop.app
      .client()
      .send('post', '/graphql', { query: ME }, { Cookie: cookie });
    expect(gone.body.data.me).toBeNull();
    expect(ended(gone)).toBe('true');
    expect(setCookie(gone)).toMatch(/Expires=Thu, 01 Jan 1970/);
    const rest = await shop.app.client().get('/api/auth/me', { Cookie: cookie });
    expect(rest.status).toBe(401);
    expect(ended(rest)).toBe('true');

    // A cookie signed with another secret (SESSION_SECRET rotated) names no live session either.
    const [name, value] = cookie.split('=') as [string, string];
    const forged = await shop.app
      .client()
      .send('post', '/graphql', { query: ME }, { Cookie: `${name}=${tamperSignature(value)}` });
    expect(ended(forged)).toBe('true');

    // A response that starts a session (sign-in) or ends it (sign-out) answers for it: no signal.
    const again = await shop.app
      .client()
      .send(
        'post',
        '/graphql',
        { query: SIGN_IN, variables: { email: 'carlos@example.com', password: 'Carlos123' } },
        { Cookie: cookie },
      );
    expect(again.body.data.signIn).toMatchObject({ email: 'carlos@example.com' });
    expect(ended(again)).toBeUndefined();
    const out = await shop.app
      .client()
      .send('post', '/graphql', { query: SIGN_OUT }, { Cookie: cookie });
    expect(out.body).toEqual({ data: { signOut: true } });
    expect(ended(out)).toBeUndefined();
    const logout = await shop.app.client().send('post', '/api/auth/logout', {}, { Cookie: cookie });
    expect(logout.status).toBe(204);
    expect(ended(logout)).toBeUndefined();
  });

  test('signing in again starts a new session and ends the old one (no session fixation)', async () => {
    const client = shop.app.client();
    const first = await client.gql(SIGN_IN, { email: 'carlos@example.com', password: 'Carlos123' });
    const oldCookie = cookiePair(setCookie(first.res));
    const second = await client.gql(SIGN_IN, { email: 'jefa@example.com', password: 'Jefa12345' });
    expect(cookiePair(setCookie(second.res))).not.toBe(oldCookie);
    expect(await me(shop.app.client(), oldCookie)).toBeNull();
    expect(await me(client)).toMatchObject({ email: 'jefa@example.com' });
  });

  test('a forged or tampered cookie is anonymous, refused without touching the database', async () => {
    const client = shop.app.client();
    const res = await client.gql(SIGN_IN, { email: 'carlos@example.com', password: 'Carlos123' });
    const [name, value] = cookiePair(setCookie(res.res)).split('=') as [string, string];
    const tampered = `${name}=${tamperSignature(value)}`;
    for (const cookie of [tampered, `${name}=abc.def`, `${name}=`, `${name}=${'x'.repeat(5000)}`]) {
      const anon = await shop.app.client().send(
        'post',
        '/graphql',
        { query: '{ appVersion me { id } }' },
        {
          Cookie: cookie,
        },
      );
      expect(anon.body.data.me).toBeNull();
      expect(anon.headers['server-timing']).toMatch(/db;desc="0 queries"/);
    }
  });

  test('an expired session, or the session of a deactivated account, is anonymous', async () => {
    const client = shop.app.client();
    await client.gql(SIGN_IN, { email: 'carlos@example.com', password: 'Carlos123' });
    const em = shop.orm.em.fork();
    await em.execute(
      `update user_session set expires_at = now() - interval '1 second'
        where user_id = (select id from app_user where email = 'carlos@example.com')`,
    );
    expect(await me(client)).toBeNull();

    const again = shop.app.client();
    await again.gql(SIGN_IN, { email: 'carlos@example.com', password: 'Carlos123' });
    expect(await me(again)).not.toBeNull();
    await em.execute(`update app_user set active = false where email = 'carlos@example.com'`);
    try {
      expect(await me(again)).toBeNull();
    } finally {
      await em.execute(`update app_user set active = true where email = 'carlos@example.com'`);
    }
  });

  test('in production the cookie is also Secure', async () => {
    const prod = await testApp(shop.orm, { nodeEnv: 'production' });
    try {
      const res = await prod.client().gql(SIGN_IN, {
        email: 'carlos@example.com',
        password: 'Carlos123',
      });
      expect(setCookie(res.res)).toMatch(/; Secure/);
    } finally {
      await prod.stop();
    }
  });
});

describe('users list (admin)', () => {
  let admin: HttpClient;
  beforeAll(async () => {
    await createUsers(
      shop.orm.em.fork(),
      Array.from({ length: 12 }, (_, i) => ({ email: `lista${i}@example.com` })),
    );
    await createUsers(shop.orm.em.fork(), [
      { email: 'admin-lista@example.com', password: 'Admin12345', role: 'admin' },
    ]);
    admin = shop.app.client();
    await admin.post('/api/auth/login', {
      email: 'admin-lista@example.com',
      password: 'Admin12345',
    });
  });

  test('10 per page with the total, server-side; never a password', async () => {
    const [{ n } = { n: 0 }] = await shop.orm.em
      .fork()
      .execute<{ n: number }[]>('select count(*)::int as n from app_user');
    const q = `query U($offset: Int!) { users(offset: $offset) { total items { id email role } } }`;
    const first = await admin.gql<{ users: { total: number; items: { id: number }[] } }>(q, {
      offset: 0,
    });
    expect(first.data!.users.total).toBe(n);
    expect(first.data!.users.items).toHaveLength(10);
    const ids = first.data!.users.items.map((u) => u.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const second = await admin.gql<{ users: { items: { id: number }[] } }>(q, { offset: 10 });
    expect(second.data!.users.items[0]!.id).toBeGreaterThan(ids.at(-1)!);

    const rest = await admin.get('/api/usuarios?limite=5&desde=2');
    expect(rest.status).toBe(200);
    expect(rest.headers['x-total-count']).toBe(String(n));
    expect(rest.body).toHaveLength(5);
    for (const user of rest.body as Record<string, unknown>[]) {
      expect(Object.keys(user).sort()).toEqual(
        [
          'createdAt',
          'email',
          'estado',
          'id',
          'idGoogle',
          'imgGoogle',
          'name',
          'rol',
          'telefono',
        ].sort(),
      );
    }
    const tooMany = await admin.gql(`{ users(limit: 101) { total } }`);
    expect(tooMany.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
