import express from 'express';
import request from 'supertest';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_ACCOUNTS,
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  DeviceCookie,
} from '../src/http/device-cookie.js';
import { ACCOUNT_MESSAGES } from '../src/modules/accounts/account-messages.js';
import { RATE_LIMITS } from '../src/modules/accounts/account.service.js';
import { PASSWORD_RATE_LIMITS } from '../src/modules/accounts/password.service.js';
import { PASSWORD_FAILURE_LIMITS } from '../src/modules/accounts/sign-in-limits.js';
import { shopWith, type HttpClient } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/**
 * Issue 23 item 1, "no lockout by strangers" (OWASP's device cookies): a browser that signed in
 * to an account holds a signed device cookie for it; wrong passwords count per (account, device)
 * for it and per account for everyone else, so strangers' failures from any number of addresses
 * never shut the owner's browser out, and their guesses stay bounded. Requests come from loopback,
 * where the shop trusts X-Forwarded-For (TRUST_PROXY's default), so each attempt names its own
 * address, as a distributed attacker's would.
 */
const shop = shopWith([], { rateLimits: true });

const UNTRUSTED = PASSWORD_FAILURE_LIMITS.untrustedPerAccount.limit;
const PER_DEVICE = PASSWORD_FAILURE_LIMITS.perDevice.limit;
const SIGN_IN = 'mutation S($e: String!, $p: String!) { signIn(email: $e, password: $p) { id } }';
const CHANGE = `mutation C($a: String!, $n: String!) {
  changePassword(currentPassword: $a, newPassword: $n) { id } }`;
const MAILS = PASSWORD_RATE_LIMITS.resetMailPerAccount.limit;
const WINDOW_MINUTES = PASSWORD_RATE_LIMITS.resetMailPerAccount.windowSeconds / 60;
const REQUEST = 'mutation R($e: String!) { requestPasswordReset(email: $e) }';

let addresses = 0;
/** A new client address for every attempt (a botnet's, in effect). */
function nextAddress(): string {
  addresses += 1;
  return `10.23.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}
const from = (ip = nextAddress()) => ({ 'X-Forwarded-For': ip });

let accounts = 0;
async function account(password = 'Dueno12345') {
  accounts += 1;
  const email = `dueno${accounts}@example.com`;
  const [id] = await createUsers(shop.orm.em.fork(), [{ email, password }]);
  return { id: id!, email, password };
}

type Door = 'rest' | 'graphql';
/** A password sign-in through either door, as 'ok', 'wrong' (401) or 'locked' (429). */
async function signIn(
  client: HttpClient,
  door: Door,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<'ok' | 'wrong' | 'locked'> {
  if (door === 'rest') {
    const res = await client.send(
      'post',
      '/api/auth/login',
      { email, password },
      {
        ...from(),
        ...headers,
      },
    );
    if (res.status === 429) {
      expect(res.body.error).toMatch(/^Demasiados intentos\. Espera \d+ minutos?/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    return ({ 200: 'ok', 401: 'wrong', 429: 'locked' } as const)[res.status as 200 | 401 | 429];
  }
  const res = await client.send(
    'post',
    '/graphql',
    { query: SIGN_IN, variables: { e: email, p: password } },
    { ...from(), ...headers },
  );
  const code = res.body.errors?.[0]?.extensions?.code as string | undefined;
  if (!code) return 'ok';
  return ({ UNAUTHENTICATED: 'wrong', TOO_MANY_REQUESTS: 'locked' } as const)[
    code as 'UNAUTHENTICATED' | 'TOO_MANY_REQUESTS'
  ];
}

/** A browser that has signed in to the account (and so holds its device cookie). */
async function trustedBrowser(email: string, password: string) {
  const browser = shop.app.client();
  const res = await browser.send('post', '/api/auth/login', { email, password }, from());
  expect(res.status).toBe(200);
  return { browser, cookie: deviceCookieOf(res.headers) };
}

/** The `tienda_dispositivo=…` pair a response set. */
function deviceCookieOf(headers: Record<string, unknown>): string {
  const set = (headers['set-cookie'] as string[] | undefined) ?? [];
  const cookie = set.find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  if (!cookie) throw new Error(`sin cookie de dispositivo: ${JSON.stringify(set)}`);
  return cookie.split(';')[0]!;
}

/** `count` wrong passwords from `count` strangers, each from its own address, alternating doors. */
async function strangersFail(email: string, count = UNTRUSTED) {
  for (let i = 0; i < count; i += 1) {
    const door: Door = i % 2 === 0 ? 'rest' : 'graphql';
    expect(await signIn(shop.app.client(), door, email, `Adivina${i}99`)).toBe('wrong');
  }
}

describe('the device cookie', () => {
  test('a successful sign-in sets it: signed, httpOnly, SameSite=Lax, a year, for the whole site', async () => {
    const { email, password } = await account();
    const res = await shop.app
      .client()
      .send('post', '/api/auth/login', { email, password }, from());
    const set = (res.headers['set-cookie'] as unknown as string[]).find((c) =>
      c.startsWith(`${DEVICE_COOKIE}=`),
    )!;
    expect(set).toMatch(/^tienda_dispositivo=\d+\.\d+\.[\w-]{22}\.[\w-]{43};/);
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Lax');
    expect(set).toContain('Path=/');
    expect(set).toContain(`Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`);
    // Not Secure outside production (the test shop is plain HTTP), like the session cookie.
    expect(set).not.toContain('Secure');
  });

  test('Secure in production', async () => {
    const app = express();
    app.get('/', (req, res) => {
      new DeviceCookie('s'.repeat(32), true).remember(req, res, 7);
      res.end();
    });
    const res = await request(app).get('/');
    expect(String(res.headers['set-cookie'])).toMatch(/tienda_dispositivo=7\..*; Secure/);
  });

  test('a browser holds it for a few accounts: signing in to another keeps the first one trusted', async () => {
    const rosa = await account();
    const pepe = await account();
    const { browser } = await trustedBrowser(rosa.email, rosa.password);
    expect(await signIn(browser, 'graphql', pepe.email, pepe.password)).toBe('ok');
    await strangersFail(rosa.email);
    expect(await signIn(shop.app.client(), 'rest', rosa.email, rosa.password)).toBe('locked');
    expect(await signIn(browser, 'rest', rosa.email, rosa.password)).toBe('ok');
  });

  test(`it remembers the last ${DEVICE_COOKIE_MAX_ACCOUNTS} accounts signed in on the browser`, async () => {
    const all = [];
    for (let i = 0; i <= DEVICE_COOKIE_MAX_ACCOUNTS; i += 1) all.push(await account());
    const browser = shop.app.client();
    let cookie = '';
    for (const { email, password } of all) {
      const res = await browser.send('post', '/api/auth/login', { email, password }, from());
      cookie = deviceCookieOf(res.headers);
    }
    const entries = cookie.slice(DEVICE_COOKIE.length + 1).split('~');
    expect(entries.map((e) => Number(e.split('.')[0]))).toEqual(
      all
        .slice(1)
        .reverse()
        .map((a) => a.id),
    );
    await strangersFail(all[0]!.email);
    expect(await signIn(browser, 'rest', all[0]!.email, all[0]!.password)).toBe('locked');
  });
});

describe('no lockout by strangers (per account for untrusted clients, per device for trusted ones)', () => {
  test(`(a) ${UNTRUSTED} failures from ${UNTRUSTED} addresses, then the owner's trusted browser signs in with the right password, through either door`, async () => {
    const owner = await account();
    const { browser } = await trustedBrowser(owner.email, owner.password);
    // Signing out keeps the device cookie: it outlives sessions.
    expect((await browser.send('post', '/api/auth/logout', {}, from())).status).toBe(204);
    await strangersFail(owner.email);
    expect(await signIn(browser, 'rest', owner.email, owner.password)).toBe('ok');
    expect(await signIn(browser, 'graphql', owner.email, owner.password)).toBe('ok');
    // Strangers keep at it (and are refused): the owner's browser is still never locked out.
    for (const door of ['rest', 'graphql'] as const) {
      expect(await signIn(shop.app.client(), door, owner.email, 'Adivina1299')).toBe('locked');
    }
    expect(await signIn(browser, 'rest', owner.email, owner.password)).toBe('ok');
  });

  test("the per-address limit bounds strangers only: an attacker sharing the owner's address (a NAT) cannot shut the owner's browser out", async () => {
    const owner = await account();
    const { browser } = await trustedBrowser(owner.email, owner.password);
    const shared = nextAddress();
    for (let i = 0; i < RATE_LIMITS.signInPerAddress.limit; i += 1) {
      await signIn(
        shop.app.client(),
        'rest',
        `rociado${i}@example.com`,
        'Rociado123',
        from(shared),
      );
    }
    expect(await signIn(shop.app.client(), 'rest', owner.email, owner.password, from(shared))).toBe(
      'locked',
    );
    expect(await signIn(browser, 'rest', owner.email, owner.password, from(shared))).toBe('ok');
    expect(await signIn(browser, 'graphql', owner.email, owner.password, from(shared))).toBe('ok');
    const change = await browser.send(
      'post',
      '/api/auth/cambiar-contrasena',
      { actual: owner.password, nueva: 'Cambiada123' },
      from(shared),
    );
    expect(change.status).toBe(200);
  });

  test(`(b) a distributed guess without a device cookie is bounded: after ${UNTRUSTED} failures for the account, every address gets 429, even with the right password`, async () => {
    const victim = await account();
    await strangersFail(victim.email);
    for (const door of ['rest', 'graphql'] as const) {
      expect(await signIn(shop.app.client(), door, victim.email, 'Otra12345')).toBe('locked');
      // The password is not even tried: the right one gets the same 429.
      expect(await signIn(shop.app.client(), door, victim.email, victim.password)).toBe('locked');
    }
    // The same for the e-mail in other case: one counter per account.
    expect(
      await signIn(shop.app.client(), 'rest', victim.email.toUpperCase(), victim.password),
    ).toBe('locked');
  });

  test('(c) a forged or altered device cookie, an expired one, or one for another account counts as untrusted', async () => {
    const victim = await account();
    const other = await account();
    const { cookie } = await trustedBrowser(victim.email, victim.password);
    const { cookie: otherCookie } = await trustedBrowser(other.email, other.password);
    await strangersFail(victim.email);

    const value = cookie.slice(DEVICE_COOKIE.length + 1);
    const [, issuedAt, nonce, signature] = value.split('.') as [string, string, string, string];
    const flip = (s: string) => s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A');
    const secret = shop.app.config.sessionSecret!;
    const forged = [
      // Its signature altered.
      `${victim.id}.${issuedAt}.${nonce}.${flip(signature)}`,
      // Its nonce altered.
      `${victim.id}.${issuedAt}.${flip(nonce)}.${signature}`,
      // Another account's genuine entry relabelled with the victim's id.
      otherCookie.slice(DEVICE_COOKIE.length + 1).replace(/^\d+/, String(victim.id)),
      // Well formed, signed with another secret.
      new DeviceCookie('x'.repeat(32), false).entry(victim.id),
      // Garbage, an over-long list, a broken escape.
      'basura',
      `${'~'.repeat(900)}${value}`,
      '%zz',
      // Ours, but issued more than a year ago.
      new DeviceCookie(
        secret,
        false,
        () => Date.now() - 2 * DEVICE_COOKIE_MAX_AGE_SECONDS * 1000,
      ).entry(victim.id),
    ].map((v) => `${DEVICE_COOKIE}=${v}`);
    for (const bad of [...forged, otherCookie]) {
      for (const door of ['rest', 'graphql'] as const) {
        expect(
          await signIn(shop.app.client(), door, victim.email, victim.password, { Cookie: bad }),
        ).toBe('locked');
      }
    }
    // The genuine cookie, presented the same way, is trusted.
    expect(
      await signIn(shop.app.client(), 'rest', victim.email, victim.password, { Cookie: cookie }),
    ).toBe('ok');
  });

  test(`(d) failures with a stolen but valid device cookie are bounded for that device (${PER_DEVICE}), and touch neither the owner's other browsers nor untrusted clients`, async () => {
    const owner = await account();
    const { cookie: stolen } = await trustedBrowser(owner.email, owner.password);
    const { browser: laptop } = await trustedBrowser(owner.email, owner.password);
    for (let i = 0; i < PER_DEVICE; i += 1) {
      const door: Door = i % 2 === 0 ? 'rest' : 'graphql';
      expect(
        await signIn(shop.app.client(), door, owner.email, `Robada${i}99`, { Cookie: stolen }),
      ).toBe('wrong');
    }
    // That device cookie is now locked out for the window, whatever the password or address.
    for (const door of ['rest', 'graphql'] as const) {
      expect(
        await signIn(shop.app.client(), door, owner.email, owner.password, { Cookie: stolen }),
      ).toBe('locked');
    }
    expect(await signIn(laptop, 'rest', owner.email, owner.password)).toBe('ok');
    // Its failures were its own: clients without a device cookie are not locked either.
    expect(await signIn(shop.app.client(), 'graphql', owner.email, owner.password)).toBe('ok');
  });

  test('a sign-in renews the device cookie: failures counted on the old nonce stay behind', async () => {
    const owner = await account();
    const { browser, cookie } = await trustedBrowser(owner.email, owner.password);
    for (let i = 0; i < PER_DEVICE; i += 1) {
      expect(await signIn(browser, 'rest', owner.email, `Mia${i}12345`)).toBe('wrong');
    }
    expect(await signIn(browser, 'rest', owner.email, owner.password)).toBe('locked');
    // Signed in another way (here a browser without the cookie, as an untrusted client), a
    // browser gets a new entry with a new nonce, which starts with no failures counted.
    const fresh = await trustedBrowser(owner.email, owner.password);
    expect(fresh.cookie).not.toBe(cookie);
    expect(
      await signIn(shop.app.client(), 'rest', owner.email, owner.password, {
        Cookie: fresh.cookie,
      }),
    ).toBe('ok');
    // The old one stays locked for its window.
    expect(
      await signIn(shop.app.client(), 'rest', owner.email, owner.password, { Cookie: cookie }),
    ).toBe('locked');
  });
});

describe('password change on /usuario: not blocked by strangers', () => {
  test("(f) strangers' failures lock untrusted sign-ins, the owner's browser still changes the password through either door", async () => {
    const owner = await account();
    const { browser } = await trustedBrowser(owner.email, owner.password);
    await strangersFail(owner.email);
    const rest = await browser.send(
      'post',
      '/api/auth/cambiar-contrasena',
      { actual: owner.password, nueva: 'Cambiada123' },
      from(),
    );
    expect(rest.status).toBe(200);
    const gql = await browser.send(
      'post',
      '/graphql',
      { query: CHANGE, variables: { a: 'Cambiada123', n: 'Cambiada456' } },
      from(),
    );
    expect(gql.body.errors).toBeUndefined();
    // A wrong current password is counted for this browser only: the limit is its own.
    const wrong = await browser.send(
      'post',
      '/api/auth/cambiar-contrasena',
      { actual: 'Incorrecta1', nueva: 'Otra123456' },
      from(),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(ACCOUNT_MESSAGES.wrongCurrentPassword);
    expect(await signIn(browser, 'rest', owner.email, 'Cambiada456')).toBe('ok');
  });
});

describe("'¿Olvidaste tu contraseña?' cannot be shut by strangers", () => {
  const resetMails = (email: string) =>
    shop.orm.em.fork().execute<{ kind: string; props: unknown; secret: string | null }[]>(
      `select kind, props, secret from mail_outbox
          where kind = 'password-reset' and recipient = ? order by id`,
      [email],
    );

  test(`(e) a stranger's requests for the victim's e-mail never refuse the victim: ${MAILS} e-mails per account per ${WINDOW_MINUTES} minutes, the newest link works`, async () => {
    const victim = await account();
    const stranger = shop.app.client();
    const strangerIp = nextAddress();
    const answers = [];
    for (let i = 0; i < 6; i += 1) {
      answers.push(
        await stranger.send(
          'post',
          '/api/auth/olvide-contrasena',
          { email: victim.email },
          from(strangerIp),
        ),
      );
      answers.push(
        await shop.app
          .client()
          .send('post', '/graphql', { query: REQUEST, variables: { e: victim.email } }, from()),
      );
    }
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body.mensaje ?? res.body.data.requestPasswordReset).toBe(
        ACCOUNT_MESSAGES.resetRequested,
      );
    }
    // The victim asks too, from home: the same answer, no 429.
    const own = await shop.app
      .client()
      .send('post', '/api/auth/olvide-contrasena', { email: victim.email }, from());
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ mensaje: ACCOUNT_MESSAGES.resetRequested });

    // A few e-mails in the window, whoever asked, then none; the newest link in the victim's
    // mailbox works (nothing after it superseded it).
    const mails = await resetMails(victim.email);
    expect(mails).toHaveLength(MAILS);
    const { token } = shop.app.mail.messageOf(mails.at(-1)!).props as { token: string };
    const reset = await shop.app
      .client()
      .send(
        'post',
        '/api/auth/restablecer-contrasena',
        { token, password: 'Recuperada123' },
        from(),
      );
    expect(reset.status).toBe(200);
    expect(reset.body.email).toBe(victim.email);

    // Once the window has passed, the victim's request queues a new e-mail.
    await shop.orm.em
      .fork()
      .execute(`update rate_limit set window_end = now() - interval '1 second' where key = ?`, [
        `password-reset-mail:email:${victim.email}`,
      ]);
    await shop.app
      .client()
      .send('post', '/graphql', { query: REQUEST, variables: { e: victim.email } }, from());
    expect(await resetMails(victim.email)).toHaveLength(MAILS + 1);

    // The per-address limit still bounds the stranger (10 an hour from one address).
    for (let i = 0; i < 4; i += 1) {
      await stranger.send(
        'post',
        '/api/auth/olvide-contrasena',
        { email: `x${i}@example.com` },
        from(strangerIp),
      );
    }
    const refused = await stranger.send(
      'post',
      '/api/auth/olvide-contrasena',
      { email: victim.email },
      from(strangerIp),
    );
    expect(refused.status).toBe(429);
  });
});
