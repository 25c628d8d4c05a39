import type { RateLimiter, RateLimitRule } from '../shared/rate-limit.js';
import type { Actor } from './access.js';

/**
 * How wrong passwords are counted (OWASP's "device cookies"): a browser that signed in to an
 * account before holds a signed device cookie for it (http/device-cookie.ts, verified into
 * `Actor.devices`). Its failures count for that (account, device) alone; every other client's
 * count for the account as one "untrusted clients" counter. So strangers guessing from any number
 * of addresses use up only the untrusted counter and never stop the owner's browser, their
 * guesses stay bounded per account whatever addresses they come from, and a stolen device cookie
 * is bounded (then refused) on its own.
 */
export const PASSWORD_FAILURE_LIMITS = {
  /** Wrong passwords for one account from clients without its device cookie, from anywhere. */
  untrustedPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  /** Wrong passwords from one browser holding the account's device cookie. */
  perDevice: { limit: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

/** The untrusted clients' counter of one account's failed password sign-ins. */
export const signInFailureKey = (email: string) => `sign-in:account:${email}`;

/** The counter of one trusted device's failed passwords for its account. */
export const deviceFailureKey = (userId: number, deviceId: string) =>
  `sign-in:device:${userId}:${deviceId}`;

/**
 * The limits a password attempt for this account answers to. A trusted client (the request
 * carries a verified device cookie entry for this very account, `userId`; an entry for another
 * account, or none, makes it untrusted) answers only to its device's failure counter: neither
 * the per-address limit nor strangers' failures can refuse it. An untrusted one is counted under
 * `address` (one attacker's attempts) and answers to the account's untrusted counter. Sign-in and
 * the password change both use it.
 */
export function passwordFailures(
  limiter: RateLimiter,
  actor: Pick<Actor, 'devices'>,
  email: string,
  userId: number | undefined,
  address: { key: string; rule: RateLimitRule },
) {
  const device = userId === undefined ? undefined : actor.devices?.find((d) => d.userId === userId);
  const key = device ? deviceFailureKey(userId!, device.deviceId) : signInFailureKey(email);
  const rule = device
    ? PASSWORD_FAILURE_LIMITS.perDevice
    : PASSWORD_FAILURE_LIMITS.untrustedPerAccount;
  return {
    /** Whether this client is trusted for the account (holds its device cookie). */
    trusted: device !== undefined,
    /**
     * Counts the attempt under the address (untrusted clients only), then answers 429
     * 'Demasiados intentos…' when the failure counter has used up its window.
     */
    admit: async () => {
      if (!device) await limiter.consume(address.key, address.rule);
      await limiter.check(key, rule);
    },
    /** Counts one wrong password. */
    failed: () => limiter.consume(key, rule),
  };
}
