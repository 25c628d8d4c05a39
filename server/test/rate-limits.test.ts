import { RATE_LIMITS } from '../src/modules/accounts/account.service.js';
import { shopWith, testApp } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/**
 * Sign-in and registration are limited per address and per account, with the counters in
 * PostgreSQL so that every app instance shares them. Requests come from loopback, where the
 * shop trusts X-Forwarded-For (a reverse proxy on the same host), so each test uses its own
 * documentation address (203.0.113.0/24).
 */
const shop = shopWith([]);

beforeAll(async () => {
  await createUsers(shop.orm.em.fork(), [
    { email: 'rosa@example.com', password: 'Rosa12345' },
    { email: 'pepe@example.com', password: 'Pepe12345' },
  ]);
});

const from = (ip: string) => ({ 'X-Forwarded-For': ip });
const login = (ip: string, email: string, password: string, app = shop.app) =>
  app.client().send('post', '/api/auth/login', { email, password }, from(ip));

describe('rate limits (shared in PostgreSQL; RATE_LIMITS=off turns them off)', () => {
  test(`sign-in: ${RATE_LIMITS.signInPerAddress.limit} attempts per address per 15 minutes, then 429 in Spanish with Retry-After`, async () => {
    const ip = '203.0.113.10';
    for (let i = 0; i < RATE_LIMITS.signInPerAddress.limit; i += 1) {
      const res = await login(ip, `nadie${i}@example.com`, 'Mala12345');
      expect(res.status).toBe(401);
    }
    const blocked = await login(ip, 'rosa@example.com', 'Rosa12345');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      error: 'Demasiados intentos. Espera 15 minutos e inténtalo de nuevo.',
      reason: 'TOO_MANY_REQUESTS',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    const gql = await shop.app
      .client()
      .send(
        'post',
        '/graphql',
        { query: 'mutation { signIn(email: "rosa@example.com", password: "Rosa12345") { id } }' },
        from(ip),
      );
    expect(gql.body.errors[0]).toMatchObject({
      message: 'Demasiados intentos. Espera 15 minutos e inténtalo de nuevo.',
      extensions: { code: 'TOO_MANY_REQUESTS' },
    });
    // Another address is not affected.
    expect((await login('203.0.113.11', 'rosa@example.com', 'Rosa12345')).status).toBe(200);
  });

  test(`sign-in: ${RATE_LIMITS.failedSignInPerAccount.limit} failures for one account, from any address, lock it for the window for clients without its device cookie`, async () => {
    for (let i = 0; i < RATE_LIMITS.failedSignInPerAccount.limit; i += 1) {
      expect((await login(`203.0.113.${100 + i}`, 'pepe@example.com', 'Mala12345')).status).toBe(
        401,
      );
    }
    // Even the right password is refused now, from a fresh address and a browser that never signed
    // in to it (the owner's own browser is not: test/sign-in-lockout.test.ts).
    const res = await login('203.0.113.200', 'PEPE@example.com', 'Pepe12345');
    expect(res.status).toBe(429);
    expect(res.body.error).toMatch(/^Demasiados intentos/);
  });

  test('the counters are shared by every app instance', async () => {
    const other = await testApp(shop.orm);
    try {
      const ip = '203.0.113.20';
      const half = RATE_LIMITS.signInPerAddress.limit / 2;
      for (let i = 0; i < half; i += 1) {
        await login(ip, `a${i}@example.com`, 'x');
        await login(ip, `b${i}@example.com`, 'x', other);
      }
      expect((await login(ip, 'rosa@example.com', 'Rosa12345', other)).status).toBe(429);
      expect((await login(ip, 'rosa@example.com', 'Rosa12345')).status).toBe(429);
    } finally {
      await other.stop();
    }
  });

  test(`registration: ${RATE_LIMITS.registrationPerAddress.limit} accounts per address per hour`, async () => {
    const ip = '203.0.113.30';
    const register = (i: number) =>
      shop.app.client().send(
        'post',
        '/api/usuarios',
        {
          name: 'N',
          email: `registro${i}@example.com`,
          password: 'Nuevo1234',
          telefono: '5512345678',
        },
        from(ip),
      );
    for (let i = 0; i < RATE_LIMITS.registrationPerAddress.limit; i += 1) {
      expect((await register(i)).status).toBe(201);
    }
    const res = await register(99);
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('Demasiados intentos. Espera 60 minutos e inténtalo de nuevo.');
  });

  test('an ended window starts counting again', async () => {
    const ip = '203.0.113.40';
    for (let i = 0; i <= RATE_LIMITS.signInPerAddress.limit; i += 1)
      await login(ip, 'x@x.com', 'x');
    expect((await login(ip, 'rosa@example.com', 'Rosa12345')).status).toBe(429);
    await shop.orm.em
      .fork()
      .execute(`update rate_limit set window_end = now() - interval '1 second' where key = ?`, [
        `sign-in:ip:${ip}`,
      ]);
    expect((await login(ip, 'rosa@example.com', 'Rosa12345')).status).toBe(200);
  });

  test('RATE_LIMITS=off: never limited', async () => {
    const off = await testApp(shop.orm, { rateLimits: false });
    try {
      const ip = '203.0.113.50';
      for (let i = 0; i < RATE_LIMITS.signInPerAddress.limit + 5; i += 1) {
        expect((await login(ip, 'x@x.com', 'x', off)).status).toBe(401);
      }
    } finally {
      await off.stop();
    }
  });
});
