import { forbidden, unauthenticated } from '../shared/errors.js';
import { secondFactorEnrolmentRequired } from './second-factor.js';
import type { Role } from './user.entity.js';

/** The signed-in user as the server knows them for one request (from the session row). */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  phone: string | null;
  googleId: string | null;
  pictureUrl: string | null;
  /** The spec's `estado`; a deactivated account cannot sign in. */
  active: boolean;
  /** False for accounts that only sign in with Google (they may set one through a reset). */
  hasPassword: boolean;
  /** Whether the account signs in with a second factor too (TOTP, second-factor.ts). */
  twoFactorEnabled: boolean;
  /**
   * Set by the request context under ADMIN_2FA=required for an admin who has not turned two-factor
   * sign-in on: admin operations answer 403 TOTP_ENROLMENT_REQUIRED until they do.
   */
  secondFactorMissing?: boolean;
  createdAt: Date;
}

/** Who is asking: the user (null when anonymous) and the address the request came from. */
export interface Actor {
  user: SessionUser | null;
  /** The client's IP address, for per-address rate limits. */
  ip: string;
  /**
   * The browser's device cookie entries whose signature the HTTP layer verified (none for an
   * untrusted client): which accounts this browser has signed in to before (sign-in-limits.ts).
   */
  devices?: readonly TrustedDevice[];
}

/** One verified device cookie entry: this browser signed in to `userId` before. */
export interface TrustedDevice {
  userId: number;
  /** The entry's random nonce: the device's name in the failure counters. */
  deviceId: string;
}

/**
 * Who may call an operation or route: anyone, any signed-in user, or admins only. Every GraphQL
 * root field and every REST route declares one; both doors check it with `checkAccess`.
 */
export const ACCESS_RULES = ['public', 'signedIn', 'admin'] as const;
export type Access = (typeof ACCESS_RULES)[number];

/** Throws UNAUTHENTICATED (nobody signed in) or FORBIDDEN (signed in, wrong role). */
export function checkAccess(user: SessionUser | null, access: Access): void {
  if (access === 'public') return;
  if (!user) throw unauthenticated();
  if (access === 'admin' && user.role !== 'admin') throw forbidden();
  if (access === 'admin' && user.secondFactorMissing) throw secondFactorEnrolmentRequired();
}

/** The signed-in user, or UNAUTHENTICATED (with a message for the case, if given). */
export function requireUser(user: SessionUser | null, message?: string): SessionUser {
  if (!user) throw unauthenticated(message);
  return user;
}

/**
 * A customer reaches only their own records (cart, addresses, orders, profile); an admin reaches
 * everyone's. Another user's id answers FORBIDDEN.
 */
export function assertSelfOrAdmin(user: SessionUser | null, ownerId: number): SessionUser {
  if (!user) throw unauthenticated();
  if (user.role !== 'admin' && user.id !== ownerId) throw forbidden();
  if (user.id !== ownerId && user.secondFactorMissing) throw secondFactorEnrolmentRequired();
  return user;
}
