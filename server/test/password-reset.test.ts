import { ACCOUNT_MESSAGES } from '../src/modules/accounts/account-messages.js';
import { PASSWORD_RATE_LIMITS } from '../src/modules/accounts/password.service.js';
import { brandOf } from '../src/modules/mail/brand.js';
import { smtpTransport } from '../src/modules/mail/transport.js';
import { MailWorker } from '../src/modules/mail/worker.js';
import { shopWith } from './support/app.js';
import { createUsers } from './support/fixtures.js';
import { startTestSmtp, type TestSmtp } from './support/smtp.js';

/** Issue 14 items 4-5: a forgotten password (a single-use link by e-mail) and a changed one. */
const shop = shopWith([], { rateLimits: false });

const REQUEST = 'mutation R($e: String!) { requestPasswordReset(email: $e) }';
const RESET = `mutation X($t: String!, $p: String!, $c: String) {
  resetPassword(token: $t, password: $p, passwordConfirmation: $c) { id email hasPassword } }`;
const CHANGE = `mutation C($a: String!, $n: String!, $c: String) {
  changePassword(currentPassword: $a, newPassword: $n, passwordConfirmation: $c) { id } }`;
const ME = '{ me { id email hasPassword } }';

let smtp: TestSmtp;
let n = 0;

beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.close();
});

function deliver() {
  return new MailWorker(shop.orm, {
    transport: smtpTransport(smtp.url),
    queue: shop.app.mail,
    brand: brandOf(shop.app.config),
    from: shop.app.config.mail.from,
    log: () => undefined,
  }).drain();
}

/** A customer with a password, and a browser signed in as them. */
async function customer(password = 'Antigua123') {
  n += 1;
  const email = `olvido${n}@example.com`;
  const [id] = await createUsers(shop.orm.em.fork(), [{ email, password, name: `Ana ${n}` }]);
  const browser = shop.app.client();
  const res = await browser.post('/api/auth/login', { email, password });
  expect(res.status).toBe(200);
  return { id: id!, email, password, browser };
}

/** The token of the newest reset e-mail to `email`, read from the message as received. */
async function tokenFromMail(email: string): Promise<string> {
  await deliver();
  const mail = smtp.received
    .filter((m) => m.to === email && m.subject === 'Restablece tu contraseña')
    .at(-1);
  if (!mail) throw new Error(`no llegó el correo a ${email}`);
  const match = /http:\/\/localhost:4000\/#\/restablecer-contrasena\?token=([\w-]+)/.exec(
    mail.text,
  );
  expect(match).not.toBeNull();
  expect(mail.html).toContain(`restablecer-contrasena?token=${match![1]}`);
  return decodeURIComponent(match![1]!);
}

const errorOf = (res: { errors?: { message: string; extensions?: { field?: string } }[] }) =>
  res.errors?.[0] && { message: res.errors[0].message, field: res.errors[0].extensions?.field };

describe('forgotten password', () => {
  test('unknown and known e-mails get the same answer, with the same statements; only the known one gets mail', async () => {
    const { email } = await customer();
    const anonymous = shop.app.client();
    const known = await anonymous.gql<{ requestPasswordReset: string }>(REQUEST, { e: email });
    const unknown = await anonymous.gql<{ requestPasswordReset: string }>(REQUEST, {
      e: 'nadie-aqui@example.com',
    });
    expect(known.data!.requestPasswordReset).toBe(ACCOUNT_MESSAGES.resetRequested);
    expect(unknown.data).toEqual(known.data);
    // The same work on the database either way (no timing difference to measure from outside).
    expect(unknown.queries).toBe(known.queries);

    const restKnown = await anonymous.post('/api/auth/olvide-contrasena', { email });
    const restUnknown = await anonymous.post('/api/auth/olvide-contrasena', {
      email: 'nadie-aqui@example.com',
    });
    expect([restKnown.status, restUnknown.status]).toEqual([200, 200]);
    expect(restUnknown.body).toEqual(restKnown.body);
    expect(restKnown.body).toEqual({ mensaje: ACCOUNT_MESSAGES.resetRequested });

    await deliver();
    expect(smtp.received.some((m) => m.to === 'nadie-aqui@example.com')).toBe(false);
    expect(smtp.received.filter((m) => m.to === email)).toHaveLength(2);
    // The token is stored hashed, and the outbox keeps no clear copy once sent.
    const rows = await shop.orm.em
      .fork()
      .execute<{ props: { token: string }; secret: string | null }[]>(
        `select props, secret from mail_outbox where kind = 'password-reset' and recipient = ?`,
        [email],
      );
    expect(rows.every((r) => r.props.token === '' && r.secret === null)).toBe(true);
  });

  test('the e-mailed link sets a new password: every session ends, this browser is signed in, the old password is refused', async () => {
    const { email, browser: oldBrowser } = await customer();
    await shop.app.client().gql(REQUEST, { e: email });
    const token = await tokenFromMail(email);

    const resetter = shop.app.client();
    const res = await resetter.gql<{ resetPassword: { email: string; hasPassword: boolean } }>(
      RESET,
      { t: token, p: 'Nueva12345', c: 'Nueva12345' },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.resetPassword.email).toBe(email);
    expect((await resetter.gql<{ me: { email: string } }>(ME)).data!.me.email).toBe(email);
    // The session cookie from before the reset is refused.
    expect((await oldBrowser.gql<{ me: unknown }>(ME)).data!.me).toBeNull();
    expect((await oldBrowser.get('/api/auth/me')).status).toBe(401);

    const fresh = shop.app.client();
    expect((await fresh.post('/api/auth/login', { email, password: 'Antigua123' })).status).toBe(
      401,
    );
    expect((await fresh.post('/api/auth/login', { email, password: 'Nueva12345' })).status).toBe(
      200,
    );

    await deliver();
    expect(smtp.received.filter((m) => m.to === email).map((m) => m.subject)).toContain(
      'Tu contraseña cambió',
    );

    // Used once: the same link again is refused.
    const again = await shop.app.client().gql(RESET, { t: token, p: 'Otra123456' });
    expect(errorOf(again)).toEqual({ message: ACCOUNT_MESSAGES.resetUsed, field: 'token' });
  });

  test('an expired, a superseded and a made-up token are refused with a Spanish message', async () => {
    const { email } = await customer();
    const anonymous = shop.app.client();
    await anonymous.gql(REQUEST, { e: email });
    const first = await tokenFromMail(email);
    await anonymous.gql(REQUEST, { e: email });
    const second = await tokenFromMail(email);
    expect(second).not.toBe(first);

    expect(errorOf(await anonymous.gql(RESET, { t: first, p: 'Nueva12345' }))).toEqual({
      message: ACCOUNT_MESSAGES.resetSuperseded,
      field: 'token',
    });
    await shop.orm.em.fork()
      .execute(`update password_reset set expires_at = now() - interval '1 minute'
                 where used_at is null and superseded_at is null`);
    expect(errorOf(await anonymous.gql(RESET, { t: second, p: 'Nueva12345' }))).toEqual({
      message: ACCOUNT_MESSAGES.resetExpired,
      field: 'token',
    });
    expect(errorOf(await anonymous.gql(RESET, { t: 'x'.repeat(43), p: 'Nueva12345' }))).toEqual({
      message: ACCOUNT_MESSAGES.resetInvalid,
      field: 'token',
    });
    const rest = await anonymous.post('/api/auth/restablecer-contrasena', {
      token: 'y'.repeat(43),
      password: 'Nueva12345',
    });
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({
      error: ACCOUNT_MESSAGES.resetInvalid,
      reason: 'RESET_LINK_INVALID',
    });
    // Nothing changed: the old password still works.
    expect(
      (await shop.app.client().post('/api/auth/login', { email, password: 'Antigua123' })).status,
    ).toBe(200);
  });

  test("a weak new password gets the registration's message and leaves the link usable", async () => {
    const { email } = await customer();
    const anonymous = shop.app.client();
    await anonymous.gql(REQUEST, { e: email });
    const token = await tokenFromMail(email);
    expect(errorOf(await anonymous.gql(RESET, { t: token, p: 'debil' }))).toEqual({
      message: ACCOUNT_MESSAGES.weakPassword,
      field: 'password',
    });
    expect(
      errorOf(await anonymous.gql(RESET, { t: token, p: 'Nueva12345', c: 'Otra12345' })),
    ).toEqual({
      message: ACCOUNT_MESSAGES.passwordMismatch,
      field: 'passwordConfirmation',
    });
    const rest = await anonymous.post('/api/auth/restablecer-contrasena', {
      token,
      password: 'Nueva12345',
    });
    expect(rest.status).toBe(200);
    expect(rest.body.email).toBe(email);
  });

  test('a Google-only account sets its first password through the reset', async () => {
    const [id] = await createUsers(shop.orm.em.fork(), [{ email: 'solo-google@example.com' }]);
    const anonymous = shop.app.client();
    await anonymous.gql(REQUEST, { e: 'solo-google@example.com' });
    const token = await tokenFromMail('solo-google@example.com');
    const res = await anonymous.gql<{ resetPassword: { id: number; hasPassword: boolean } }>(
      RESET,
      { t: token, p: 'Primera123' },
    );
    expect(res.data!.resetPassword).toMatchObject({ id, hasPassword: true });
  });

  test('a deactivated account gets the same answer and no e-mail', async () => {
    await createUsers(shop.orm.em.fork(), [
      { email: 'inactiva@example.com', password: 'Inactiva123', active: false },
    ]);
    const res = await shop.app.client().gql<{ requestPasswordReset: string }>(REQUEST, {
      e: 'inactiva@example.com',
    });
    expect(res.data!.requestPasswordReset).toBe(ACCOUNT_MESSAGES.resetRequested);
    await deliver();
    expect(smtp.received.some((m) => m.to === 'inactiva@example.com')).toBe(false);
  });
});

describe('changed password', () => {
  test('needs the current password; ends the other sessions and keeps this one', async () => {
    const { email, browser } = await customer();
    const other = shop.app.client();
    await other.post('/api/auth/login', { email, password: 'Antigua123' });

    expect(errorOf(await browser.gql(CHANGE, { a: 'Incorrecta1', n: 'Nueva12345' }))).toEqual({
      message: ACCOUNT_MESSAGES.wrongCurrentPassword,
      field: 'currentPassword',
    });
    expect(errorOf(await browser.gql(CHANGE, { a: 'Antigua123', n: 'corta' }))).toEqual({
      message: ACCOUNT_MESSAGES.weakPassword,
      field: 'newPassword',
    });
    const ok = await browser.gql(CHANGE, { a: 'Antigua123', n: 'Nueva12345', c: 'Nueva12345' });
    expect(ok.errors).toBeUndefined();
    expect((await browser.gql<{ me: { email: string } }>(ME)).data!.me.email).toBe(email);
    expect((await other.gql<{ me: unknown }>(ME)).data!.me).toBeNull();

    const rest = await browser.post('/api/auth/cambiar-contrasena', {
      actual: 'Nueva12345',
      nueva: 'Tercera123',
    });
    expect(rest.status).toBe(200);
    expect(
      (await shop.app.client().post('/api/auth/login', { email, password: 'Tercera123' })).status,
    ).toBe(200);
    await deliver();
    expect(
      smtp.received.filter((m) => m.to === email && m.subject === 'Tu contraseña cambió'),
    ).toHaveLength(2);
  });

  test('a Google-only account is told to use the reset', async () => {
    const [id] = await createUsers(shop.orm.em.fork(), [{ email: 'google2@example.com' }]);
    const browser = shop.app.client();
    const { SessionStore } = await import('../src/modules/accounts/session-store.js');
    const { SessionCookie, SESSION_COOKIE } = await import('../src/http/session-cookie.js');
    const session = await new SessionStore(shop.orm.em.fork()).start(id!);
    const cookie = `${SESSION_COOKIE}=${new SessionCookie(shop.app.config.sessionSecret!, false).value(session.token)}`;
    const res = await browser.send(
      'post',
      '/graphql',
      { query: CHANGE, variables: { a: '', n: 'Nueva12345' } },
      { Cookie: cookie },
    );
    expect(res.body.errors[0].message).toBe(ACCOUNT_MESSAGES.noPassword);
    expect(
      (await browser.send('post', '/graphql', { query: ME }, { Cookie: cookie })).body.data.me
        .hasPassword,
    ).toBe(false);
  });
});

describe('rate limits, counted in PostgreSQL', () => {
  const limited = shopWith([], { rateLimits: true });

  test('reset requests per address (never refused per e-mail: a few e-mails per account per window), and wrong current passwords per device', async () => {
    await createUsers(limited.orm.em.fork(), [
      { email: 'misma@example.com', password: 'Misma1234' },
    ]);
    const anonymous = limited.app.client();
    // The same e-mail six times: the same answer every time (issue 23: a stranger's requests
    // must not refuse the owner), and only the window's few e-mails queued.
    for (let i = 0; i < 6; i += 1) {
      const res = await anonymous.post('/api/auth/olvide-contrasena', {
        email: 'misma@example.com',
      });
      expect(res.status).toBe(200);
    }
    const [queued] = await limited.orm.em
      .fork()
      .execute<{ n: number }[]>(
        `select count(*)::int as n from mail_outbox where recipient = 'misma@example.com'`,
      );
    expect(queued!.n).toBe(PASSWORD_RATE_LIMITS.resetMailPerAccount.limit);
    for (let i = 0; i < 4; i += 1) {
      await anonymous.post('/api/auth/olvide-contrasena', { email: `otra${i}@example.com` });
    }
    // Ten from this address in the hour: the eleventh is refused whatever the e-mail.
    const eleventh = await anonymous.post('/api/auth/olvide-contrasena', {
      email: 'nueva@example.com',
    });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error).toMatch(/^Demasiados intentos\./);
    expect(eleventh.headers['retry-after']).toBeDefined();

    await createUsers(limited.orm.em.fork(), [
      { email: 'cambia@example.com', password: 'Antigua123' },
    ]);
    const browser = limited.app.client();
    await browser.post('/api/auth/login', { email: 'cambia@example.com', password: 'Antigua123' });
    for (let i = 0; i < 10; i += 1) {
      const res = await browser.post('/api/auth/cambiar-contrasena', {
        actual: `Mala${i}12345`,
        nueva: 'Nueva12345',
      });
      expect(res.status).toBe(400);
    }
    const blocked = await browser.post('/api/auth/cambiar-contrasena', {
      actual: 'Antigua123',
      nueva: 'Nueva12345',
    });
    expect(blocked.status).toBe(429);
  });
});
