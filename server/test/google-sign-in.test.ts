import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { shopWith, testApp, type TestApp } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/**
 * Google cannot be reached from here: a local server publishes a JSON Web Key Set exactly as
 * https://www.googleapis.com/oauth2/v3/certs does, and the tests sign ID tokens with its keys.
 */
const CLIENT_ID = '1234567890-tienda.apps.googleusercontent.com';
const KID = 'clave-de-prueba-1';

let certs: Server;
let certsUrl: string;
let certsHits = 0;
let signingKey: CryptoKey;
let strangerKey: CryptoKey;
let app: TestApp;

const shop = shopWith([]);

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  certs = createServer((_req, res) => {
    certsHits += 1;
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Cache-Control': 'public, max-age=20000',
    });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => certs.listen(0, '127.0.0.1', resolve));
  certsUrl = `http://127.0.0.1:${(certs.address() as AddressInfo).port}/oauth2/v3/certs`;
  app = await testApp(shop.orm, { googleClientId: CLIENT_ID, googleCertsUrl: certsUrl });
});

afterAll(async () => {
  await app?.stop();
  await new Promise((resolve) => certs.close(resolve));
});

interface Claims {
  sub?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
  aud?: string;
  iss?: string;
  exp?: number;
  iat?: number;
}

/** An ID token shaped like Google's, signed with `key` (the published one unless said). */
function idToken(claims: Claims = {}, key: CryptoKey = signingKey, kid = KID): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const { aud, iss, exp, iat, ...rest } = claims;
  return new SignJWT({
    email: 'lucia@gmail.com',
    email_verified: true,
    name: 'Lucía Pérez',
    picture: 'https://lh3.googleusercontent.com/a/foto',
    ...rest,
  })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setSubject(claims.sub ?? '110248495921238986420')
    .setAudience(aud ?? CLIENT_ID)
    .setIssuer(iss ?? 'https://accounts.google.com')
    .setIssuedAt(iat ?? now)
    .setExpirationTime(exp ?? now + 3600)
    .sign(key);
}

const GOOGLE = `mutation G($credential: String!) {
  signInWithGoogle(credential: $credential) { id name email role phone googleId pictureUrl }
}`;

async function googleSignIn(credential: string, client = app.client()) {
  return client.gql<{ signInWithGoogle: Record<string, unknown> }>(GOOGLE, { credential });
}

function expectRefused(res: Awaited<ReturnType<typeof googleSignIn>>) {
  expect(res.errors?.[0]).toMatchObject({
    message: 'ocurrió un error al iniciar sesión con Google',
    extensions: { code: 'UNAUTHENTICATED' },
  });
  expect(res.res.headers['set-cookie']).toBeUndefined();
}

describe('Google sign-in: the ID token is verified on the server', () => {
  test('a new Google account becomes a customer with no password and no phone', async () => {
    const client = app.client();
    const res = await googleSignIn(await idToken(), client);
    expect(res.errors).toBeUndefined();
    expect(res.data!.signInWithGoogle).toEqual({
      id: expect.any(Number),
      name: 'Lucía Pérez',
      email: 'lucia@gmail.com',
      role: 'user',
      phone: null,
      googleId: '110248495921238986420',
      pictureUrl: 'https://lh3.googleusercontent.com/a/foto',
    });
    const [row] = await shop.orm.em
      .fork()
      .execute<{ password_hash: string | null; phone: string | null }[]>(
        `select password_hash, phone from app_user where google_id = '110248495921238986420'`,
      );
    expect(row).toEqual({ password_hash: null, phone: null });
    const me = await client.gql<{ me: { email: string } }>('{ me { email } }');
    expect(me.data!.me.email).toBe('lucia@gmail.com');
    // REST shape: the spec's 'no' for the missing phone.
    const rest = await client.get('/api/auth/me');
    expect(rest.body).toMatchObject({ telefono: 'no', idGoogle: '110248495921238986420' });
  });

  test('the same Google id signs in to the same account, even with a changed e-mail', async () => {
    const first = await googleSignIn(await idToken({ sub: 'g-mismo', email: 'uno@gmail.com' }));
    const second = await googleSignIn(await idToken({ sub: 'g-mismo', email: 'otro@gmail.com' }));
    expect(second.data!.signInWithGoogle.id).toBe(first.data!.signInWithGoogle.id);
  });

  test('an existing password account with the same verified e-mail is linked, keeping its role', async () => {
    const [id] = await createUsers(shop.orm.em.fork(), [
      { email: 'Marta@Example.com', password: 'Marta12345', name: 'Marta' },
    ]);
    const res = await googleSignIn(
      await idToken({ sub: 'g-marta', email: 'marta@example.com', name: 'Marta G.' }),
    );
    expect(res.data!.signInWithGoogle).toMatchObject({
      id,
      name: 'Marta',
      googleId: 'g-marta',
      phone: '5512345678',
    });
    // The password still works too.
    const pw = await app
      .client()
      .post('/api/auth/login', { email: 'marta@example.com', password: 'Marta12345' });
    expect(pw.status).toBe(200);
  });

  test('an unverified e-mail never takes over an existing account', async () => {
    await createUsers(shop.orm.em.fork(), [
      { email: 'victima@example.com', password: 'Victima123' },
    ]);
    expectRefused(
      await googleSignIn(
        await idToken({ sub: 'g-atacante', email: 'victima@example.com', email_verified: false }),
      ),
    );
  });

  test.each([
    ['another audience (client id)', { aud: 'otra-app.apps.googleusercontent.com' }],
    ['another issuer', { iss: 'https://accounts.example.com' }],
    [
      'expired',
      { exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 },
    ],
  ])('refused: %s', async (_case, claims) => {
    expectRefused(await googleSignIn(await idToken({ sub: 'g-rechazado', ...claims })));
  });

  test('refused: signed with a key Google did not publish, or naming an unknown key', async () => {
    expectRefused(await googleSignIn(await idToken({ sub: 'g-falso' }, strangerKey)));
    expectRefused(await googleSignIn(await idToken({ sub: 'g-falso' }, signingKey, 'otra-clave')));
  });

  test('refused: malformed, empty or oversized credentials, and a token with alg none', async () => {
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: 'x', aud: CLIENT_ID, iss: 'accounts.google.com', exp: 9e9 }),
    ).toString('base64url')}.`;
    for (const credential of ['', 'no-es-un-jwt', 'a.b.c', unsigned, 'x'.repeat(9000)]) {
      expectRefused(await googleSignIn(credential));
    }
  });

  test('REST POST /api/auth/google: 200 with the user and the cookie, 401 in Spanish otherwise', async () => {
    const ok = await app.client().post('/api/auth/google', { credential: await idToken() });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email: 'lucia@gmail.com', rol: 'user', telefono: 'no' });
    expect(String(ok.headers['set-cookie'])).toMatch(/tienda_sesion=/);
    const bad = await app.client().post('/api/auth/google', { credential: 'nada' });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({
      error: 'ocurrió un error al iniciar sesión con Google',
      reason: 'GOOGLE_SIGN_IN_FAILED',
    });
  });

  test('without GOOGLE_CLIENT_ID Google sign-in is off: shopSettings says so, tokens are refused', async () => {
    const settings = await shop.app.gql<{ shopSettings: { googleClientId: string | null } }>(
      '{ shopSettings { googleClientId } }',
    );
    expect(settings.data!.shopSettings.googleClientId).toBeNull();
    const on = await app.gql<{ shopSettings: { googleClientId: string | null } }>(
      '{ shopSettings { googleClientId } }',
    );
    expect(on.data!.shopSettings.googleClientId).toBe(CLIENT_ID);
    expectRefused(await googleSignIn(await idToken(), shop.app.client()));
  });

  test("Google's keys are fetched once and cached, not per sign-in", () => {
    expect(certsHits).toBe(1);
  });
});
