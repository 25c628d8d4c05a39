import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { parse } from 'cookie';
import type { TrustedDevice } from '../modules/accounts/access.js';

export const DEVICE_COOKIE = 'tienda_dispositivo';

/** A device cookie is kept, and honoured, this long after the sign-in that issued it. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Accounts one browser is remembered for (the newest sign-ins); older entries are dropped. */
export const DEVICE_COOKIE_MAX_ACCOUNTS = 5;

const ENTRY = /^(\d{1,10})\.(\d{1,12})\.([\w-]{22})\.([\w-]{43})$/;

/**
 * OWASP's "device cookies" against online guessing: after a successful sign-in the browser gets,
 * for that account, `userId.issuedAt.nonce.signature` (HMAC-SHA256 with the session secret, under
 * a label of its own so it can never pass for a session cookie). One cookie holds the entries of
 * the last few accounts signed in on this browser, `~`-separated. Only entries whose signature is
 * ours and that are under a year old reach the services (`Actor.devices`); which account an entry
 * names is what binds it: the sign-in rules trust an entry only for its own account
 * (modules/accounts/sign-in-limits.ts).
 */
export class DeviceCookie {
  constructor(
    private readonly secret: string,
    private readonly secure: boolean,
    private readonly now: () => number = Date.now,
  ) {}

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(`device-cookie:${payload}`).digest('base64url');
  }

  /** The verified, unexpired entries the request carries (none when absent or all forged). */
  read(req: Request): TrustedDevice[] {
    return this.verified(req).map((v) => v.device);
  }

  /** Each entry of the request's cookie whose signature is ours and age under a year. */
  private verified(req: Request): { entry: string; device: TrustedDevice }[] {
    const header = req.headers.cookie;
    if (!header || header.length > 8192) return [];
    const value = parse(header)[DEVICE_COOKIE];
    if (!value || value.length > 1024) return [];
    const nowSeconds = Math.floor(this.now() / 1000);
    const found: { entry: string; device: TrustedDevice }[] = [];
    for (const entry of value.split('~').slice(0, DEVICE_COOKIE_MAX_ACCOUNTS)) {
      const match = ENTRY.exec(entry);
      if (!match) continue;
      const [, userId, issuedAt, nonce, signature] = match as unknown as [
        string,
        string,
        string,
        string,
        string,
      ];
      const given = Buffer.from(signature);
      const expected = Buffer.from(this.sign(`${userId}.${issuedAt}.${nonce}`));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) continue;
      const age = nowSeconds - Number(issuedAt);
      if (age < -300 || age > DEVICE_COOKIE_MAX_AGE_SECONDS) continue;
      found.push({ entry, device: { userId: Number(userId), deviceId: nonce } });
    }
    return found;
  }

  /** One signed entry for `userId` with a fresh nonce. */
  entry(userId: number, nonce = randomBytes(16).toString('base64url')): string {
    const payload = `${userId}.${Math.floor(this.now() / 1000)}.${nonce}`;
    return `${payload}.${this.sign(payload)}`;
  }

  /**
   * After a successful sign-in (or registration, reset, password change) for `userId`: the
   * browser's cookie gets a new entry for that account in front (a fresh nonce, so the failures
   * counted on the old one are left behind), keeping its valid entries for other accounts.
   * httpOnly, SameSite=Lax, Secure in production, like the session cookie; kept a year.
   */
  remember(req: Request, res: Response, userId: number): void {
    const others = this.verified(req)
      .filter((v) => v.device.userId !== userId)
      .map((v) => v.entry);
    const entries = [this.entry(userId), ...others].slice(0, DEVICE_COOKIE_MAX_ACCOUNTS);
    res.cookie(DEVICE_COOKIE, entries.join('~'), {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      path: '/',
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS * 1000,
    });
  }
}
