import { testApp } from './support/app.js';
import { createUsers } from './support/fixtures.js';
import { shop, ME, setCookie, me } from './support/accounts.js';

/**
 * Sign-in, sessions and sign-out (spec §5): the session cookie, sessions in PostgreSQL shared by
 * every app instance, ended and tampered sessions (support/accounts.ts).
 */

const SIGN_IN = `mutation SignIn($email: String!, $password: String!) {
  signIn(email: $email, password: $password) { id name email role }
}`;
const SIGN_OUT = `mutation { signOut }`;

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
