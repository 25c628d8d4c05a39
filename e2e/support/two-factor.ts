// Two-factor sign-in helpers for admin-2fa.spec.ts and the screenshot tool (issue 23, item 8):
// the authenticator app's code (the same TOTP library as the server, `otpauth`) and a clean-up
// that turns the admin's two-factor sign-in off over REST with recovery codes, so the shared
// admin account signs in with the password alone again for the other specs and screens.
import { request } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { baseUrl } from '../browser.ts';

export const ADMIN = { email: 'admin@tienda.local', password: 'Admin12345' };

/**
 * The code the app shows `steps` 30-second steps from now. The server accepts one step of drift
 * each way and each step once: a sign-in right after enrolling uses the next step's code.
 */
export function totpCode(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
}

/** A REST client with its own cookies (apart from any browser context), from its own address. */
async function restClient(ip: string) {
  return request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { 'X-Forwarded-For': ip } });
}

/**
 * Turns the admin's two-factor sign-in on over REST: the secret and the recovery codes. `ip`
 * names the address the sign-in counts under.
 */
export async function enableAdminTwoFactor(
  ip: string,
): Promise<{ secret: string; recovery: string[] }> {
  const api = await restClient(ip);
  try {
    const signedIn = await api.post('/api/auth/login', { data: ADMIN });
    if (!signedIn.ok()) throw new Error(`sign-in: ${signedIn.status()} ${await signedIn.text()}`);
    const started = await api.post('/api/auth/2fa');
    const { secreto } = (await started.json()) as { secreto: string };
    const confirmed = await api.post('/api/auth/2fa/confirmar', {
      data: { codigo: totpCode(secreto) },
    });
    if (!confirmed.ok()) throw new Error(`confirm: ${await confirmed.text()}`);
    const { codigosRecuperacion } = (await confirmed.json()) as { codigosRecuperacion: string[] };
    await api.post('/api/auth/logout');
    return { secret: secreto, recovery: codigosRecuperacion };
  } finally {
    await api.dispose();
  }
}

/**
 * Turns the admin's two-factor sign-in off with two recovery codes (one signs in, the other turns
 * it off). Nothing happens when the password alone signs in (it is off already).
 */
export async function disableAdminTwoFactor(recovery: string[], ip: string): Promise<void> {
  const api = await restClient(ip);
  try {
    const plain = await api.post('/api/auth/login', { data: ADMIN });
    if (plain.ok()) return;
    const [signInCode, disableCode] = recovery.slice(-2);
    const signedIn = await api.post('/api/auth/login', {
      data: { ...ADMIN, codigo: signInCode },
    });
    if (!signedIn.ok()) throw new Error(`sign-in with a recovery code: ${await signedIn.text()}`);
    const off = await api.post('/api/auth/2fa/desactivar', { data: { codigo: disableCode } });
    if (off.status() !== 204) throw new Error(`turn off: ${await off.text()}`);
    await api.post('/api/auth/logout');
  } finally {
    await api.dispose();
  }
}
