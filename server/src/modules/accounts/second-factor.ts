import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { badInput, conflict, DomainError, forbidden, unauthenticated } from '../shared/errors.js';
import { RateLimiter, type RateLimitRule } from '../shared/rate-limit.js';
import { withTransaction } from '../shared/transaction.js';
import { AuditTrail } from '../audit/audit-trail.js';
import { type Actor, requireUser, type SessionUser } from './access.js';

/**
 * Two-factor sign-in (issue 23, item 8): TOTP codes (RFC 6238: SHA-1, 6 digits, 30-second steps,
 * the authenticator apps' common ground) from the `otpauth` library, and ten single-use recovery
 * codes. Tables `user_second_factor` and `second_factor_recovery_code`
 * (Migration20261127000000SecondFactor), owned by this file.
 *
 * Who: admins only. Customers are refused (TOTP_ADMINS_ONLY): the back office is what a stolen
 * password opens; a shopper's account holds their own orders and addresses, and most sign in with
 * Google. `ADMIN_2FA=required` (SecondFactorPolicy) keeps admins who have not turned it on out of
 * the admin operations (`checkAccess` in access.ts) until they do.
 */

/** ADMIN_2FA: 'off' (admins may turn it on) or 'required' (admins must, before the back office). */
export type SecondFactorPolicy = 'off' | 'required';

export const SECOND_FACTOR_MESSAGES = {
  required:
    'Escribe el código de 6 dígitos de tu app de autenticación, o uno de tus códigos de recuperación.',
  invalid:
    'El código no es válido o ya se usó. Escribe el código que muestra ahora tu app de autenticación.',
  enrolmentRequired:
    'Para usar la administración, activa la verificación en dos pasos en tu perfil (Mi cuenta).',
  adminsOnly: 'La verificación en dos pasos es solo para cuentas de administrador.',
  alreadyEnabled: 'La verificación en dos pasos ya está activada en tu cuenta.',
  notStarted:
    'Primero pide el código QR para activar la verificación en dos pasos y escanéalo con tu app.',
  notEnabled: 'La verificación en dos pasos no está activada en tu cuenta.',
} as const;

export const SECOND_FACTOR_REASONS = {
  required: 'TOTP_REQUIRED',
  invalid: 'TOTP_INVALID',
  enrolmentRequired: 'TOTP_ENROLMENT_REQUIRED',
  adminsOnly: 'TOTP_ADMINS_ONLY',
  alreadyEnabled: 'TOTP_ALREADY_ENABLED',
  notStarted: 'TOTP_NOT_STARTED',
  notEnabled: 'TOTP_NOT_ENABLED',
} as const;

/**
 * Wrong codes (TOTP or recovery) per account, from anywhere: a million six-digit codes, three
 * accepted at any moment (the step before, this one and the next), so 5 tries per 15 minutes
 * leave a guesser about one chance in 70,000 a day.
 *
 * The one place this file counts attempts (`SecondFactorLimit`): the password lockout is being
 * reworked apart from it; align the two here.
 */
export const SECOND_FACTOR_RATE_LIMIT = {
  limit: 5,
  windowSeconds: 15 * 60,
} satisfies RateLimitRule;
export const secondFactorFailureKey = (userId: number) => `second-factor:account:${userId}`;

class SecondFactorLimit {
  private readonly limiter: RateLimiter;
  constructor(em: EntityManager, enabled: boolean) {
    this.limiter = new RateLimiter(em, enabled);
  }
  /** Refuses (TOO_MANY_REQUESTS) an account whose wrong codes used up the window. */
  check(userId: number): Promise<void> {
    return this.limiter.check(secondFactorFailureKey(userId), SECOND_FACTOR_RATE_LIMIT);
  }
  /** Counts one wrong code. */
  failed(userId: number): Promise<void> {
    return this.limiter.consume(secondFactorFailureKey(userId), SECOND_FACTOR_RATE_LIMIT);
  }
}

/** 403 TOTP_ENROLMENT_REQUIRED: an admin without a second factor under ADMIN_2FA=required. */
export const secondFactorEnrolmentRequired = () =>
  forbidden(SECOND_FACTOR_MESSAGES.enrolmentRequired, SECOND_FACTOR_REASONS.enrolmentRequired);

/** Whether the policy keeps this user out of the admin operations until they turn 2FA on. */
export function secondFactorMissing(
  user: Pick<SessionUser, 'role' | 'twoFactorEnabled'>,
  policy: SecondFactorPolicy,
): boolean {
  return policy === 'required' && user.role === 'admin' && !user.twoFactorEnabled;
}

/** The TOTP parameters every authenticator app reads from the QR code. */
const PERIOD_SECONDS = 30;
/** Codes of the step before and after the current one are accepted too (clock drift). */
const WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
/** 32 symbols without I, O, 0 and 1 (easy to misread): 5 bits each, 12 per code = 60 bits. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const RECOVERY_LENGTH = 12;

/** 'K7MQ-2XRT-9ABC': 60 random bits, shown once at enrolment. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(RECOVERY_LENGTH);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b & 31]!).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/**
 * Recovery codes are stored as their SHA-256, not argon2: argon2's slowness protects passwords
 * people choose (guessable), whereas each code is 60 random bits, beyond any search of its hash.
 * A fast hash lets the sign-in find and spend the code in one indexed statement.
 */
function recoveryHash(normalized: string): Buffer {
  return createHash('sha256').update(normalized).digest();
}

/** The code as typed, without spaces or hyphens, in upper case. */
function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

function totpOf(secret: string, label: string, issuer: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

export interface SecondFactorDeps {
  rateLimits: boolean;
  /** The name authenticator apps show beside the account (SHOP_NAME). */
  issuer: string;
}

/** What an admin scans when turning two-factor sign-in on. */
export interface Enrolment {
  /** Base32, for typing into the app by hand. */
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code: an SVG image as a data: URL. */
  qrCode: string;
}

interface FactorRow {
  secret: string;
  enabled: boolean;
  email: string;
}

/** The signed-in user's second factor (enrol, confirm, turn off) and the sign-in check. */
export class SecondFactorService {
  private readonly limit: SecondFactorLimit;

  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor,
    private readonly deps: SecondFactorDeps,
  ) {
    this.limit = new SecondFactorLimit(em, deps.rateLimits);
  }

  /**
   * Starts an enrolment: a new secret (160 bits, RFC 4226's recommendation), kept server-side and
   * waiting for its first code. A pending enrolment is replaced; an active one must be turned off
   * first. The secret is answered here only, never again.
   */
  async start(): Promise<Enrolment> {
    const me = this.admin();
    const secret = new Secret({ size: 20 }).base32;
    const [row] = await this.em.execute<{ user_id: number }[]>(
      `insert into user_second_factor as f (user_id, secret) values (?, ?)
       on conflict (user_id) do update set secret = excluded.secret, last_used_step = null,
         created_at = now()
         where f.enabled_at is null
       returning f.user_id`,
      [me.id, secret],
    );
    if (!row) throw this.alreadyEnabled();
    const otpauthUrl = totpOf(secret, me.email, this.deps.issuer).toString();
    const svg = await QRCode.toString(otpauthUrl, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
    });
    return {
      secret,
      otpauthUrl,
      qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    };
  }

  /**
   * The first code from the app turns two-factor sign-in on and answers the ten recovery codes
   * (shown once; only their hashes are kept). Wrong codes count toward the account's limit.
   */
  async confirm(code: string): Promise<string[]> {
    const me = this.admin();
    const factor = await this.factorOf(me.id);
    if (!factor) {
      throw badInput(SECOND_FACTOR_MESSAGES.notStarted, 'code', SECOND_FACTOR_REASONS.notStarted);
    }
    if (factor.enabled) throw this.alreadyEnabled();
    await this.limit.check(me.id);
    const step = this.acceptedStep(factor, normalizeCode(code));
    if (step === null || !(await this.spendStep(me.id, step, false))) {
      await this.limit.failed(me.id);
      throw badInput(SECOND_FACTOR_MESSAGES.invalid, 'code', SECOND_FACTOR_REASONS.invalid);
    }
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await withTransaction(this.em, async (tx) => {
      await tx.execute('update user_second_factor set enabled_at = now() where user_id = ?', [
        me.id,
      ]);
      await tx.execute('delete from second_factor_recovery_code where user_id = ?', [me.id]);
      await tx.execute(
        `insert into second_factor_recovery_code (user_id, code_hash)
           values ${codes.map(() => '(?, ?)').join(', ')}`,
        codes.flatMap((c) => [me.id, recoveryHash(normalizeCode(c))]),
      );
      await AuditTrail.record(tx, this.actor, {
        action: 'account.two_factor_on',
        object: { kind: 'account', id: me.id, label: me.email },
        before: { twoFactor: false },
        after: { twoFactor: true },
      });
    });
    return codes;
  }

  /** Turns two-factor sign-in off, given a current code (or a recovery code). */
  async disable(code: string): Promise<void> {
    const me = requireUser(this.actor.user);
    const factor = await this.factorOf(me.id);
    if (!factor?.enabled) {
      throw badInput(SECOND_FACTOR_MESSAGES.notEnabled, 'code', SECOND_FACTOR_REASONS.notEnabled);
    }
    if (!(await this.verify(me.id, factor, code))) {
      throw badInput(SECOND_FACTOR_MESSAGES.invalid, 'code', SECOND_FACTOR_REASONS.invalid);
    }
    await withTransaction(this.em, async (tx) => {
      await tx.execute('delete from second_factor_recovery_code where user_id = ?', [me.id]);
      await tx.execute('delete from user_second_factor where user_id = ?', [me.id]);
      await AuditTrail.record(tx, this.actor, {
        action: 'account.two_factor_off',
        object: { kind: 'account', id: me.id, label: me.email },
        before: { twoFactor: true },
        after: { twoFactor: false },
      });
    });
  }

  /**
   * The sign-in's second step, after the password (or Google, or a reset link) proved the rest:
   * nothing for an account without two-factor sign-in; else a current code or an unused
   * recovery code, or 401 TOTP_REQUIRED (none given) / TOTP_INVALID (wrong, or already used).
   */
  async checkSignIn(
    account: number | Pick<SessionUser, 'id' | 'twoFactorEnabled'>,
    code: string | null | undefined,
  ): Promise<void> {
    // An account read with the session columns says whether it has one: no statement when not.
    if (typeof account !== 'number' && !account.twoFactorEnabled) return;
    const userId = typeof account === 'number' ? account : account.id;
    const factor = await this.factorOf(userId);
    if (!factor?.enabled) return;
    if (!code?.trim()) {
      throw unauthenticated(SECOND_FACTOR_MESSAGES.required, SECOND_FACTOR_REASONS.required);
    }
    if (!(await this.verify(userId, factor, code))) {
      throw unauthenticated(SECOND_FACTOR_MESSAGES.invalid, SECOND_FACTOR_REASONS.invalid);
    }
  }

  /** A TOTP code of an unused step, or an unused recovery code (spent by this call). */
  private async verify(userId: number, factor: FactorRow, code: string): Promise<boolean> {
    await this.limit.check(userId);
    const normalized = normalizeCode(code);
    let ok = false;
    if (/^\d{6}$/.test(normalized)) {
      const step = this.acceptedStep(factor, normalized);
      ok = step !== null && (await this.spendStep(userId, step, true));
    } else if (normalized.length === RECOVERY_LENGTH) {
      const spent = await this.em.execute<{ user_id: number }[]>(
        `update second_factor_recovery_code set used_at = now()
          where user_id = ? and code_hash = ? and used_at is null
          returning user_id`,
        [userId, recoveryHash(normalized)],
      );
      ok = spent.length === 1;
    }
    if (!ok) await this.limit.failed(userId);
    return ok;
  }

  /** The time step the code belongs to (this one or a neighbour), or null when it matches none. */
  private acceptedStep(factor: FactorRow, token: string): number | null {
    if (!/^\d{6}$/.test(token)) return null;
    const now = Date.now();
    const delta = totpOf(factor.secret, factor.email, this.deps.issuer).validate({
      token,
      timestamp: now,
      window: WINDOW_STEPS,
    });
    return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
  }

  /** Records the step as used; false when that step (or a later one) was used already. */
  private async spendStep(userId: number, step: number, enabled: boolean): Promise<boolean> {
    const rows = await this.em.execute<{ user_id: number }[]>(
      `update user_second_factor set last_used_step = ?
        where user_id = ? and (enabled_at is not null) = ?
          and (last_used_step is null or last_used_step < ?)
        returning user_id`,
      [step, userId, enabled, step],
    );
    return rows.length === 1;
  }

  private async factorOf(userId: number): Promise<FactorRow | undefined> {
    const [row] = await this.em.execute<FactorRow[]>(
      `select f.secret, f.enabled_at is not null as enabled, u.email
         from user_second_factor f join app_user u on u.id = f.user_id
        where f.user_id = ?`,
      [userId],
    );
    return row;
  }

  private admin(): SessionUser {
    const me = requireUser(this.actor.user);
    if (me.role !== 'admin') {
      throw forbidden(SECOND_FACTOR_MESSAGES.adminsOnly, SECOND_FACTOR_REASONS.adminsOnly);
    }
    return me;
  }

  private alreadyEnabled(): DomainError {
    return conflict(
      SECOND_FACTOR_MESSAGES.alreadyEnabled,
      undefined,
      SECOND_FACTOR_REASONS.alreadyEnabled,
    );
  }
}
