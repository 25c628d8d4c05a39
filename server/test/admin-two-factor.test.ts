import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { loadConfig } from '../src/config.js';
import { ACCOUNT_MESSAGES } from '../src/modules/accounts/account-messages.js';
import {
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_MESSAGES,
  SECOND_FACTOR_RATE_LIMIT,
} from '../src/modules/accounts/second-factor.js';
import { type HttpClient, testApp, type TestApp } from './support/app.js';
import { shopWith } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/**
 * Two-factor sign-in for admins (issue 23, item 8; modules/accounts/second-factor.ts): enrolment
 * from the profile (a secret, its otpauth URL and QR code, confirmed by a first code, then ten
 * recovery codes), sign-in with a code through both doors, reused and wrong codes, recovery codes
 * spent once, turning it off, ADMIN_2FA=required, and customers left as they were.
 */
const shop = shopWith([], { rateLimits: false });

/** The code the authenticator app shows `steps` 30-second steps from now (TOTP, RFC 6238). */
function codeFor(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
}

/**
 * A code of a step after every one used so far: the next step (the server accepts one step of
 * drift each way), once this account's last used step is forgotten, as if 30 seconds had passed.
 */
async function freshCode(secret: string, userId: number): Promise<string> {
  await shop.orm.em
    .fork()
    .execute('update user_second_factor set last_used_step = null where user_id = ?', [userId]);
  return codeFor(secret, 1);
}

const RECOVERY_CODE = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

const users = { restAdmin: 0, gqlAdmin: 0, strictAdmin: 0, customer: 0, resetAdmin: 0 };
beforeAll(async () => {
  [users.restAdmin, users.gqlAdmin, users.strictAdmin, users.customer, users.resetAdmin] =
    (await createUsers(shop.orm.em.fork(), [
      { email: 'rest@example.com', password: 'Admin12345', role: 'admin' },
      { email: 'gql@example.com', password: 'Admin12345', role: 'admin' },
      { email: 'estricta@example.com', password: 'Admin12345', role: 'admin' },
      { email: 'cliente@example.com', password: 'Cliente123' },
      { email: 'olvido@example.com', password: 'Admin12345', role: 'admin' },
    ])) as [number, number, number, number, number];
});

/** A client signed in through POST /api/auth/login (no code). */
async function restSignedIn(email: string, password = 'Admin12345'): Promise<HttpClient> {
  const client = shop.app.client();
  const res = await client.post('/api/auth/login', { email, password });
  expect(res.status).toBe(200);
  return client;
}

/** Enrols through REST: the secret and the recovery codes. */
async function restEnrol(client: HttpClient): Promise<{ secret: string; recovery: string[] }> {
  const started = await client.post('/api/auth/2fa');
  expect(started.status).toBe(200);
  const secret = (started.body as { secreto: string }).secreto;
  const confirmed = await client.post('/api/auth/2fa/confirmar', { codigo: codeFor(secret) });
  expect(confirmed.status).toBe(200);
  return {
    secret,
    recovery: (confirmed.body as { codigosRecuperacion: string[] }).codigosRecuperacion,
  };
}

describe('REST: enrolment, sign-in with a code, recovery codes, turning it off', () => {
  let secret = '';
  let recovery: string[] = [];

  test('POST /api/auth/2fa answers the secret, its otpauth URL and the QR code; a wrong first code is refused', async () => {
    const client = await restSignedIn('rest@example.com');
    const started = await client.post('/api/auth/2fa');
    expect(started.status).toBe(200);
    const body = started.body as { secreto: string; otpauthUrl: string; qr: string };
    secret = body.secreto;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUrl).toBe(
      `otpauth://totp/Tienda:rest%40example.com?issuer=Tienda&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(body.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.qr.split(',')[1]!, 'base64').toString()).toContain('<svg');

    // Not on yet: signing in still needs no code.
    expect(
      (
        await shop.app.client().post('/api/auth/login', {
          email: 'rest@example.com',
          password: 'Admin12345',
        })
      ).status,
    ).toBe(200);

    const wrong = await client.post('/api/auth/2fa/confirmar', {
      codigo: String((Number(codeFor(secret)) + 1) % 1_000_000).padStart(6, '0'),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: SECOND_FACTOR_MESSAGES.invalid, reason: 'TOTP_INVALID' });

    const confirmed = await client.post('/api/auth/2fa/confirmar', { codigo: codeFor(secret) });
    expect(confirmed.status).toBe(200);
    recovery = (confirmed.body as { codigosRecuperacion: string[] }).codigosRecuperacion;
    expect(recovery).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recovery).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of recovery) expect(code).toMatch(RECOVERY_CODE);
  });

  test('recovery codes are stored hashed (SHA-256), never as typed; the secret is never answered again', async () => {
    const em = shop.orm.em.fork();
    const rows = await em.execute<{ code_hash: Buffer }[]>(
      'select code_hash from second_factor_recovery_code where user_id = ?',
      [users.restAdmin],
    );
    expect(rows).toHaveLength(RECOVERY_CODE_COUNT);
    for (const row of rows) expect(row.code_hash).toHaveLength(32);
    const dump = JSON.stringify(
      await em.execute('select * from second_factor_recovery_code where user_id = ?', [
        users.restAdmin,
      ]),
    );
    for (const code of recovery) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace(/-/g, ''));
    }
    const again = shop.app.client();
    await again.post('/api/auth/login', {
      email: 'rest@example.com',
      password: 'Admin12345',
      codigo: await freshCode(secret, users.restAdmin),
    });
    const restart = await again.post('/api/auth/2fa');
    expect(restart.status).toBe(409);
    expect(restart.body).toEqual({
      error: SECOND_FACTOR_MESSAGES.alreadyEnabled,
      reason: 'TOTP_ALREADY_ENABLED',
    });
    const me = await again.get('/api/auth/me');
    expect(JSON.stringify(me.body)).not.toContain(secret);
  });

  test('POST /api/auth/login: the password first, then TOTP_REQUIRED without a code, TOTP_INVALID with a wrong one', async () => {
    const client = shop.app.client();
    const wrongPassword = await client.post('/api/auth/login', {
      email: 'rest@example.com',
      password: 'Otra12345',
      codigo: codeFor(secret),
    });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toEqual({
      error: ACCOUNT_MESSAGES.wrongCredentials,
      reason: 'WRONG_CREDENTIALS',
    });

    const noCode = await client.post('/api/auth/login', {
      email: 'rest@example.com',
      password: 'Admin12345',
    });
    expect(noCode.status).toBe(401);
    expect(noCode.body).toEqual({
      error: SECOND_FACTOR_MESSAGES.required,
      reason: 'TOTP_REQUIRED',
    });
    expect(noCode.headers['set-cookie']).toBeUndefined();

    const wrongCode = await client.post('/api/auth/login', {
      email: 'rest@example.com',
      password: 'Admin12345',
      codigo: '000000' === codeFor(secret) ? '111111' : '000000',
    });
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.body).toEqual({
      error: SECOND_FACTOR_MESSAGES.invalid,
      reason: 'TOTP_INVALID',
    });
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  test('the right code signs in once: the same code again is refused with TOTP_INVALID', async () => {
    const code = await freshCode(secret, users.restAdmin);
    const first = shop.app.client();
    const ok = await first.post('/api/auth/login', {
      email: 'rest@example.com',
      password: 'Admin12345',
      codigo: code,
    });
    expect(ok.status).toBe(200);
    expect((await first.get('/api/auth/me')).body).toMatchObject({ email: 'rest@example.com' });

    const replay = await shop.app.client().post('/api/auth/login', {
      email: 'rest@example.com',
      password: 'Admin12345',
      codigo: code,
    });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ error: SECOND_FACTOR_MESSAGES.invalid, reason: 'TOTP_INVALID' });
  });

  test('a recovery code signs in once (typed in lower case, without hyphens too)', async () => {
    const code = recovery[0]!;
    const first = await shop.app.client().post('/api/auth/login', {
      email: 'rest@example.com',
      password: 'Admin12345',
      codigo: code.replace(/-/g, '').toLowerCase(),
    });
    expect(first.status).toBe(200);
    const again = await shop.app.client().post('/api/auth/login', {
      email: 'rest@example.com',
      password: 'Admin12345',
      codigo: code,
    });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ error: SECOND_FACTOR_MESSAGES.invalid, reason: 'TOTP_INVALID' });
    const [spent] = await shop.orm.em
      .fork()
      .execute<{ n: number }[]>(
        'select count(*)::int as n from second_factor_recovery_code where user_id = ? and used_at is not null',
        [users.restAdmin],
      );
    expect(spent!.n).toBe(1);
  });

  test('turning it off needs a current code; afterwards the password alone signs in again', async () => {
    const client = shop.app.client();
    await client.post('/api/auth/login', {
      email: 'rest@example.com',
      password: 'Admin12345',
      codigo: recovery[1],
    });
    const wrong = await client.post('/api/auth/2fa/desactivar', { codigo: 'AAAA-BBBB-CCCC' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: SECOND_FACTOR_MESSAGES.invalid, reason: 'TOTP_INVALID' });
    const off = await client.post('/api/auth/2fa/desactivar', {
      codigo: await freshCode(secret, users.restAdmin),
    });
    expect(off.status).toBe(204);
    const [left] = await shop.orm.em.fork().execute<{ n: number }[]>(
      `select (select count(*) from user_second_factor where user_id = ?)
              + (select count(*) from second_factor_recovery_code where user_id = ?) as n`,
      [users.restAdmin, users.restAdmin],
    );
    expect(Number(left!.n)).toBe(0);
    await restSignedIn('rest@example.com');
    const again = await client.post('/api/auth/2fa/desactivar', { codigo: '123456' });
    expect(again.body).toEqual({
      error: SECOND_FACTOR_MESSAGES.notEnabled,
      reason: 'TOTP_NOT_ENABLED',
    });
  });

  test('wrong codes are rate-limited per account, like passwords: the limit then refuses even the right code', async () => {
    const client = await restSignedIn('rest@example.com');
    const { secret: s } = await restEnrol(client);
    // This file's shop counts nothing (it signs in often); this app on the same database does.
    const limited = await testApp(shop.orm);
    expect(limited.config.rateLimits).toBe(true);
    for (let i = 0; i < SECOND_FACTOR_RATE_LIMIT.limit; i += 1) {
      const res = await limited.client().post('/api/auth/login', {
        email: 'rest@example.com',
        password: 'Admin12345',
        codigo: 'ZZZZ-ZZZZ-ZZZZ',
      });
      expect(res.body).toMatchObject({ reason: 'TOTP_INVALID' });
    }
    const refused = await limited.client().post('/api/auth/login', {
      email: 'rest@example.com',
      password: 'Admin12345',
      codigo: await freshCode(s, users.restAdmin),
    });
    await limited.stop();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ reason: 'TOO_MANY_REQUESTS' });
    expect((refused.body as { error: string }).error).toMatch(
      /^Demasiados intentos\. Espera 15 minutos/,
    );
  });
});

describe('GraphQL: the same through signIn(code), startTwoFactor, confirmTwoFactor, disableTwoFactor', () => {
  const SIGN_IN = `mutation S($email: String!, $password: String!, $code: String) {
    signIn(email: $email, password: $password, code: $code) { id email twoFactorEnabled }
  }`;
  const signIn = (client: HttpClient, code?: string, password = 'Admin12345') =>
    client.gql<{ signIn: { email: string; twoFactorEnabled: boolean } }>(SIGN_IN, {
      email: 'gql@example.com',
      password,
      code,
    });
  let secret = '';
  let recovery: string[] = [];

  test('enrolment: startTwoFactor, a wrong then the right first code; me shows it on', async () => {
    const client = shop.app.client();
    expect((await signIn(client)).errors).toBeUndefined();
    const started = await client.gql<{
      startTwoFactor: { secret: string; otpauthUrl: string; qrCode: string };
    }>('mutation { startTwoFactor { secret otpauthUrl qrCode } }');
    expect(started.errors).toBeUndefined();
    secret = started.data!.startTwoFactor.secret;
    expect(started.data!.startTwoFactor.otpauthUrl).toContain(`secret=${secret}`);
    expect(started.data!.startTwoFactor.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);

    const CONFIRM = 'mutation C($code: String!) { confirmTwoFactor(code: $code) }';
    const wrong = await client.gql(CONFIRM, { code: '12345' });
    expect(wrong.errors?.[0]).toMatchObject({
      message: SECOND_FACTOR_MESSAGES.invalid,
      extensions: { code: 'BAD_USER_INPUT', reason: 'TOTP_INVALID' },
    });
    const confirmed = await client.gql<{ confirmTwoFactor: string[] }>(CONFIRM, {
      code: codeFor(secret),
    });
    expect(confirmed.errors).toBeUndefined();
    recovery = confirmed.data!.confirmTwoFactor;
    expect(recovery).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of recovery) expect(code).toMatch(RECOVERY_CODE);
    const me = await client.gql<{ me: { twoFactorEnabled: boolean } }>(
      '{ me { twoFactorEnabled twoFactorEnrolmentRequired } }',
    );
    expect(me.data!.me).toEqual({ twoFactorEnabled: true, twoFactorEnrolmentRequired: false });
  });

  test('signIn: wrong password first, then TOTP_REQUIRED, TOTP_INVALID, the code, the same code refused', async () => {
    const client = shop.app.client();
    const wrongPassword = await signIn(client, codeFor(secret), 'Otra12345');
    expect(wrongPassword.errors?.[0]).toMatchObject({
      message: ACCOUNT_MESSAGES.wrongCredentials,
      extensions: { code: 'UNAUTHENTICATED', reason: 'WRONG_CREDENTIALS' },
    });
    const noCode = await signIn(client);
    expect(noCode.errors?.[0]).toMatchObject({
      message: SECOND_FACTOR_MESSAGES.required,
      extensions: { code: 'UNAUTHENTICATED', reason: 'TOTP_REQUIRED' },
    });
    const wrongCode = await signIn(client, 'not-a-code');
    expect(wrongCode.errors?.[0]).toMatchObject({
      message: SECOND_FACTOR_MESSAGES.invalid,
      extensions: { code: 'UNAUTHENTICATED', reason: 'TOTP_INVALID' },
    });
    const code = await freshCode(secret, users.gqlAdmin);
    const ok = await signIn(client, code);
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.signIn).toEqual({
      id: users.gqlAdmin,
      email: 'gql@example.com',
      twoFactorEnabled: true,
    });
    const replay = await signIn(shop.app.client(), code);
    expect(replay.errors?.[0]?.extensions).toMatchObject({ reason: 'TOTP_INVALID' });
  });

  test('a recovery code signs in once', async () => {
    expect((await signIn(shop.app.client(), recovery[3])).errors).toBeUndefined();
    const again = await signIn(shop.app.client(), recovery[3]);
    expect(again.errors?.[0]).toMatchObject({
      message: SECOND_FACTOR_MESSAGES.invalid,
      extensions: { reason: 'TOTP_INVALID' },
    });
  });

  test('disableTwoFactor with a current code turns it off', async () => {
    const client = shop.app.client();
    await signIn(client, recovery[4]);
    const DISABLE = 'mutation D($code: String!) { disableTwoFactor(code: $code) }';
    const wrong = await client.gql(DISABLE, {
      code: '999999' === codeFor(secret) ? '888888' : '999999',
    });
    expect(wrong.errors?.[0]?.extensions).toMatchObject({ reason: 'TOTP_INVALID' });
    const off = await client.gql(DISABLE, { code: await freshCode(secret, users.gqlAdmin) });
    expect(off.errors).toBeUndefined();
    const plain = await signIn(shop.app.client());
    expect(plain.errors).toBeUndefined();
    expect(plain.data!.signIn.twoFactorEnabled).toBe(false);
  });
});

describe('customers are unaffected', () => {
  test('a customer signs in with the password alone and may not enrol (403 TOTP_ADMINS_ONLY)', async () => {
    const client = shop.app.client();
    const signedIn = await client.post('/api/auth/login', {
      email: 'cliente@example.com',
      password: 'Cliente123',
    });
    expect(signedIn.status).toBe(200);
    const start = await client.post('/api/auth/2fa');
    expect(start.status).toBe(403);
    expect(start.body).toEqual({
      error: SECOND_FACTOR_MESSAGES.adminsOnly,
      reason: 'TOTP_ADMINS_ONLY',
    });
    const gql = await client.gql('mutation { startTwoFactor { secret } }');
    expect(gql.errors?.[0]).toMatchObject({
      message: SECOND_FACTOR_MESSAGES.adminsOnly,
      extensions: { code: 'FORBIDDEN', reason: 'TOTP_ADMINS_ONLY' },
    });
  });
});

describe('ADMIN_2FA=required', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await testApp(shop.orm, { admin2fa: 'required', rateLimits: false });
  });
  afterAll(() => strict.stop());

  test('ADMIN_2FA is off by default, in production too; required or off only', () => {
    const production = {
      NODE_ENV: 'production',
      ADMIN_EMAIL: 'jefa@example.com',
      ADMIN_PASSWORD: 'Segura-Clave-2026',
      SESSION_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://tienda.example.mx',
    };
    expect(loadConfig(production).admin2fa).toBe('off');
    expect(loadConfig({ ...production, ADMIN_2FA: 'required' }).admin2fa).toBe('required');
    expect(() => loadConfig({ ADMIN_2FA: 'si' })).toThrow(
      'ADMIN_2FA debe ser off o required (recibido: si)',
    );
  });

  test("refuses a non-enrolled admin's admin operations (403 TOTP_ENROLMENT_REQUIRED) through both doors until they turn it on", async () => {
    const client = strict.client();
    expect(
      (
        await client.post('/api/auth/login', {
          email: 'estricta@example.com',
          password: 'Admin12345',
        })
      ).status,
    ).toBe(200);
    const rest = await client.get('/api/usuarios');
    expect(rest.status).toBe(403);
    expect(rest.body).toEqual({
      error: SECOND_FACTOR_MESSAGES.enrolmentRequired,
      reason: 'TOTP_ENROLMENT_REQUIRED',
    });
    const gql = await client.gql('{ users { total } }');
    expect(gql.errors?.[0]).toMatchObject({
      message: SECOND_FACTOR_MESSAGES.enrolmentRequired,
      extensions: { code: 'FORBIDDEN', reason: 'TOTP_ENROLMENT_REQUIRED' },
    });
    // Another user's record, which an admin may otherwise read.
    const other = await client.gql('query U($id: Int!) { user(id: $id) { id } }', {
      id: users.customer,
    });
    expect(other.errors?.[0]?.extensions).toMatchObject({ reason: 'TOTP_ENROLMENT_REQUIRED' });
    const me = await client.gql<{ me: { twoFactorEnrolmentRequired: boolean } }>(
      '{ me { twoFactorEnrolmentRequired } }',
    );
    expect(me.data!.me.twoFactorEnrolmentRequired).toBe(true);

    // The profile's enrolment stays open to them; once on, the back office opens.
    const started = await client.post('/api/auth/2fa');
    expect(started.status).toBe(200);
    const secret = (started.body as { secreto: string }).secreto;
    expect((await client.post('/api/auth/2fa/confirmar', { codigo: codeFor(secret) })).status).toBe(
      200,
    );
    expect((await client.get('/api/usuarios')).status).toBe(200);
    expect((await client.gql('{ users { total } }')).errors).toBeUndefined();
  });

  test('customers are unaffected: their own records and sign-in as before', async () => {
    const client = strict.client();
    expect(
      (
        await client.post('/api/auth/login', {
          email: 'cliente@example.com',
          password: 'Cliente123',
        })
      ).status,
    ).toBe(200);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    const own = await client.gql<{ user: { id: number } }>(
      'query U($id: Int!) { user(id: $id) { id } }',
      { id: users.customer },
    );
    expect(own.errors).toBeUndefined();
    const me = await client.gql<{ me: { twoFactorEnrolmentRequired: boolean } }>(
      '{ me { twoFactorEnrolmentRequired } }',
    );
    expect(me.data!.me.twoFactorEnrolmentRequired).toBe(false);
  });
});

describe('a password reset link of an account with two-factor sign-in', () => {
  test('signs in only with a code too (TOTP_REQUIRED, and the link stays unused until then)', async () => {
    const client = await restSignedIn('olvido@example.com');
    const { secret } = await restEnrol(client);
    // A reset link as the e-mail would carry it (its token's hash is what the table keeps).
    const { tokenHash } = await import('../src/modules/accounts/session-store.js');
    const token = 'token-de-restablecimiento-de-prueba-0123456789';
    await shop.orm.em
      .fork()
      .execute(
        `insert into password_reset (user_id, token_hash, expires_at) values (?, ?, now() + interval '1 hour')`,
        [users.resetAdmin, tokenHash(token)],
      );
    const anonymous = shop.app.client();
    const noCode = await anonymous.post('/api/auth/restablecer-contrasena', {
      token,
      password: 'Nueva12345',
    });
    expect(noCode.status).toBe(401);
    expect(noCode.body).toEqual({
      error: SECOND_FACTOR_MESSAGES.required,
      reason: 'TOTP_REQUIRED',
    });
    const withCode = await anonymous.post('/api/auth/restablecer-contrasena', {
      token,
      password: 'Nueva12345',
      codigo: await freshCode(secret, users.resetAdmin),
    });
    expect(withCode.status).toBe(200);
    expect((await anonymous.get('/api/auth/me')).body).toMatchObject({
      email: 'olvido@example.com',
    });
  });
});

describe('Google sign-in of an admin with two-factor sign-in', () => {
  // Google cannot be reached from here: a local key set, as in google-sign-in.test.ts.
  const CLIENT_ID = '1234567890-tienda.apps.googleusercontent.com';
  let certs: Server;
  let key: CryptoKey;
  let google: TestApp;
  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    key = pair.privateKey;
    const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    certs = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => certs.listen(0, '127.0.0.1', resolve));
    const certsUrl = `http://127.0.0.1:${(certs.address() as AddressInfo).port}/certs`;
    google = await testApp(shop.orm, {
      googleClientId: CLIENT_ID,
      googleCertsUrl: certsUrl,
      rateLimits: false,
    });
  });
  afterAll(async () => {
    await google.stop();
    await new Promise((resolve) => certs.close(resolve));
  });

  test('asks for the code too (TOTP_REQUIRED), and signs in with it', async () => {
    const [id = 0] = await createUsers(shop.orm.em.fork(), [
      { email: 'jefa.google@example.com', password: 'Admin12345', role: 'admin' },
    ]);
    await shop.orm.em
      .fork()
      .execute(`update app_user set google_id = 'google-jefa' where id = ?`, [id]);
    const { secret } = await restEnrol(await restSignedIn('jefa.google@example.com'));
    const now = Math.floor(Date.now() / 1000);
    const credential = await new SignJWT({ email: 'jefa.google@example.com', email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'JWT' })
      .setSubject('google-jefa')
      .setAudience(CLIENT_ID)
      .setIssuer('https://accounts.google.com')
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(key);
    const client = google.client();
    const noCode = await client.post('/api/auth/google', { credential });
    expect(noCode.status).toBe(401);
    expect(noCode.body).toEqual({
      error: SECOND_FACTOR_MESSAGES.required,
      reason: 'TOTP_REQUIRED',
    });
    const GOOGLE = `mutation G($credential: String!, $code: String) {
      signInWithGoogle(credential: $credential, code: $code) { id }
    }`;
    const ok = await client.gql<{ signInWithGoogle: { id: number } }>(GOOGLE, {
      credential,
      code: await freshCode(secret, id),
    });
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.signInWithGoogle.id).toBe(id);
  });
});

describe('the audit trail', () => {
  test("turning two-factor sign-in on and off writes one entry each, in the change's transaction", async () => {
    const em = shop.orm.em.fork();
    const [id] = (await createUsers(em, [
      { email: 'auditada@example.com', password: 'Admin12345', role: 'admin' },
    ])) as [number];
    const client = await restSignedIn('auditada@example.com');
    const { secret } = await restEnrol(client);
    const off = await client.post('/api/auth/2fa/desactivar', {
      codigo: await freshCode(secret, id),
    });
    expect(off.status).toBe(204);
    const rows = await em.execute<
      { action: string; object_id: string; before: unknown; after: unknown; user_email: string }[]
    >(
      `select action, object_id, before, after, user_email from admin_audit
        where object_kind = 'account' and object_id = ? order by id`,
      [String(id)],
    );
    expect(rows).toEqual([
      {
        action: 'account.two_factor_on',
        object_id: String(id),
        before: { twoFactor: false },
        after: { twoFactor: true },
        user_email: 'auditada@example.com',
      },
      {
        action: 'account.two_factor_off',
        object_id: String(id),
        before: { twoFactor: true },
        after: { twoFactor: false },
        user_email: 'auditada@example.com',
      },
    ]);
  });
});
