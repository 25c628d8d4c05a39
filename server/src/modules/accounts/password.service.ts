import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MailQueue, OutgoingMail } from '../mail/outbox.js';
import {
  EMAIL_MAX_LENGTH,
  newPasswordProblems,
  normalizeEmail,
  PASSWORD_MAX_LENGTH,
} from '@tienda/rules';
import { badInput, refuseFirst, unauthenticated } from '../shared/errors.js';
import { RateLimiter, type RateLimitRule } from '../shared/rate-limit.js';
import { withTransaction } from '../shared/transaction.js';
import { type Actor, requireUser, type SessionUser } from './access.js';
import { ACCOUNT_MESSAGES, ACCOUNT_REASONS } from './account-messages.js';
import { RATE_LIMITS, type SignedIn } from './account.service.js';
import { hashPassword, verifyPassword } from './password.js';
import type { SecondFactorService } from './second-factor.js';
import {
  newSessionToken,
  SESSION_USER_COLUMNS,
  SessionStore,
  type SessionUserRow,
  tokenHash,
  toSessionUser,
} from './session-store.js';
import { passwordFailures } from './sign-in-limits.js';

/** A reset link is valid this long, once. */
export const RESET_VALID_MINUTES = 60;

/** Counted in PostgreSQL for every instance, like sign-in's. */
export const PASSWORD_RATE_LIMITS = {
  /** '¿Olvidaste tu contraseña?' requests from one address. */
  resetRequestPerAddress: { limit: 10, windowSeconds: 60 * 60 },
  /**
   * Reset e-mails for one e-mail address (known or not, so it tells nothing), from anywhere.
   * Never a refusal: past it a request answers the same sentence and queues nothing, and the
   * newest link already in the owner's mailbox stays the valid one. So strangers' requests can
   * neither keep the owner from a link nor flood the owner's mailbox.
   */
  resetMailPerAccount: { limit: 3, windowSeconds: 15 * 60 },
  /** Tries of a reset link from one address. */
  resetPerAddress: { limit: 30, windowSeconds: 15 * 60 },
  /** Password changes from one address (browsers without the account's device cookie). */
  changePerAddress: RATE_LIMITS.signInPerAddress,
  /**
   * Wrong current passwords: counted with sign-in's failures, under its rules (per account for an
   * untrusted browser, per device for one holding the account's device cookie).
   */
  failedPerAccount: RATE_LIMITS.failedSignInPerAccount,
  failedPerDevice: RATE_LIMITS.failedSignInPerDevice,
} satisfies Record<string, RateLimitRule>;

interface ResetRow {
  id: string;
  user_id: number;
  expired: boolean;
  used_at: Date | null;
  superseded_at: Date | null;
}

/**
 * A forgotten password (a single-use link by e-mail, valid one hour) and a changed one. Either
 * ends every session of the account and signs this browser in afresh, and tells the account's
 * address ('Tu contraseña cambió').
 */
export class PasswordService {
  private readonly sessions: SessionStore;
  private readonly limiter: RateLimiter;

  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor & { sessionToken: string | null },
    private readonly deps: {
      rateLimits: boolean;
      mail: MailQueue;
      secondFactor?: SecondFactorService;
    },
  ) {
    this.sessions = new SessionStore(em);
    this.limiter = new RateLimiter(em, deps.rateLimits);
  }

  /**
   * Sends a reset link to the account with this e-mail, if there is an active one, and always
   * answers the same sentence. The work is the same whether or not the account exists (the same
   * statements, one of them writing the link and its e-mail only when it does), so neither the
   * answer nor its timing tells. A new link voids the earlier ones. Refused per address only; per
   * e-mail, past `resetMailPerAccount` nothing more is queued in the window, but the answer is the
   * same (a stranger's requests must not keep the owner from a link).
   */
  async requestReset(emailIn: string): Promise<string> {
    const email = normalizeEmail(emailIn).slice(0, EMAIL_MAX_LENGTH + 1);
    await this.limiter.consume(
      `password-reset:ip:${this.actor.ip}`,
      PASSWORD_RATE_LIMITS.resetRequestPerAddress,
    );
    const send = await this.limiter.allow(
      `password-reset-mail:email:${email}`,
      PASSWORD_RATE_LIMITS.resetMailPerAccount,
    );
    const token = newSessionToken();
    await withTransaction(this.em, async (tx) => {
      const rows = await tx.execute<{ id: string; user_id: number; name: string; email: string }[]>(
        `with account as (
           select id, name, email from app_user where lower(email) = ? and active and ?
         ), voided as (
           update password_reset set superseded_at = now()
            where user_id in (select id from account) and used_at is null
              and superseded_at is null
         )
         insert into password_reset (user_id, token_hash, expires_at)
         select id, ?, now() + make_interval(mins => ?) from account
         returning id, user_id,
           (select name from account) as name, (select email from account) as email`,
        [email, send, tokenHash(token), RESET_VALID_MINUTES],
      );
      await this.deps.mail.enqueue(
        tx,
        rows.map((r) => ({
          eventKey: `password-reset:${r.id}`,
          recipient: r.email,
          userId: r.user_id,
          message: {
            kind: 'password-reset' as const,
            props: { name: r.name, token: '', validMinutes: RESET_VALID_MINUTES },
          },
          secretProps: { token },
        })),
      );
    });
    return ACCOUNT_MESSAGES.resetRequested;
  }

  /**
   * Sets a new password with a reset link's token (once, within the hour, the newest link only):
   * every session of the account ends and this browser is signed in afresh.
   */
  async reset(
    token: string,
    password: string,
    passwordConfirmation?: string | null,
    code?: string | null,
  ): Promise<SignedIn> {
    await this.limiter.consume(
      `password-reset-use:ip:${this.actor.ip}`,
      PASSWORD_RATE_LIMITS.resetPerAddress,
    );
    if (token.length < 20 || token.length > 100) {
      throw badInput(ACCOUNT_MESSAGES.resetInvalid, 'token', ACCOUNT_REASONS.resetInvalid);
    }
    refuseFirst(newPasswordProblems(password, passwordConfirmation));
    // A live link of an account with two-factor sign-in signs in only with its code too.
    const [owner] = await this.em.execute<{ user_id: number }[]>(
      `select user_id from password_reset where token_hash = ? and used_at is null
          and superseded_at is null and expires_at > now()`,
      [tokenHash(token)],
    );
    if (owner) await this.deps.secondFactor?.checkSignIn(owner.user_id, code);
    const passwordHash = await hashPassword(password);
    const user = await withTransaction(this.em, async (tx) => {
      const [reset] = await tx.execute<ResetRow[]>(
        `select id, user_id, expires_at <= now() as expired, used_at, superseded_at
           from password_reset where token_hash = ? for update`,
        [tokenHash(token)],
      );
      if (!reset)
        throw badInput(ACCOUNT_MESSAGES.resetInvalid, 'token', ACCOUNT_REASONS.resetInvalid);
      if (reset.used_at)
        throw badInput(ACCOUNT_MESSAGES.resetUsed, 'token', ACCOUNT_REASONS.resetUsed);
      if (reset.superseded_at)
        throw badInput(ACCOUNT_MESSAGES.resetSuperseded, 'token', ACCOUNT_REASONS.resetSuperseded);
      if (reset.expired)
        throw badInput(ACCOUNT_MESSAGES.resetExpired, 'token', ACCOUNT_REASONS.resetExpired);
      await tx.execute('update password_reset set used_at = now() where id = ?', [reset.id]);
      const changed = await this.setPassword(tx, reset.user_id, passwordHash);
      if (!changed)
        throw badInput(ACCOUNT_MESSAGES.resetInvalid, 'token', ACCOUNT_REASONS.resetInvalid);
      await this.announceChange(tx, changed, `reset:${reset.id}`);
      return changed;
    });
    return this.startFresh(user);
  }

  /**
   * The signed-in user's new password, given the current one (wrong ones count toward sign-in's
   * per-account limit). Every other session of the account ends; this one starts afresh.
   */
  async change(
    currentPassword: string,
    newPassword: string,
    passwordConfirmation?: string | null,
  ): Promise<SignedIn> {
    const me = requireUser(this.actor.user);
    // Sign-in's counters: this browser's own when it holds the account's device cookie.
    const failures = passwordFailures(this.limiter, this.actor, me.email, me.id, {
      key: `password-change:ip:${this.actor.ip}`,
      rule: PASSWORD_RATE_LIMITS.changePerAddress,
    });
    await failures.admit();
    const [row] = await this.em.execute<{ password_hash: string | null }[]>(
      'select password_hash from app_user where id = ?',
      [me.id],
    );
    if (!row?.password_hash)
      throw badInput(ACCOUNT_MESSAGES.noPassword, 'currentPassword', ACCOUNT_REASONS.noPassword);
    if (currentPassword === '') {
      throw badInput(ACCOUNT_MESSAGES.currentPasswordRequired, 'currentPassword', 'REQUIRED');
    }
    const ok =
      currentPassword.length <= PASSWORD_MAX_LENGTH &&
      (await verifyPassword(row.password_hash, currentPassword));
    if (!ok) {
      await failures.failed();
      throw badInput(
        ACCOUNT_MESSAGES.wrongCurrentPassword,
        'currentPassword',
        ACCOUNT_REASONS.wrongCurrentPassword,
      );
    }
    refuseFirst(newPasswordProblems(newPassword, passwordConfirmation, 'newPassword'));
    const passwordHash = await hashPassword(newPassword);
    const user = await withTransaction(this.em, async (tx) => {
      const changed = await this.setPassword(tx, me.id, passwordHash);
      if (!changed) throw unauthenticated();
      await this.announceChange(tx, changed, `change:${randomUUID()}`);
      return changed;
    });
    return this.startFresh(user);
  }

  /** Writes the hash and ends every session of the account; null when it is not active. */
  private async setPassword(tx: EntityManager, userId: number, passwordHash: string) {
    const [row] = await tx.execute<SessionUserRow[]>(
      `update app_user u set password_hash = ? where u.id = ? and u.active
        returning ${SESSION_USER_COLUMNS}`,
      [passwordHash, userId],
    );
    if (!row) return null;
    await new SessionStore(tx).revokeAll(userId);
    // Open reset links of the account die with the old password.
    await tx.execute(
      `update password_reset set superseded_at = now()
        where user_id = ? and used_at is null and superseded_at is null`,
      [userId],
    );
    return toSessionUser(row);
  }

  private announceChange(tx: EntityManager, user: SessionUser, event: string) {
    return this.deps.mail.enqueue(tx, [passwordChangedMail(user, event)]);
  }

  private async startFresh(user: SessionUser): Promise<SignedIn> {
    return { user, session: await this.sessions.start(user.id) };
  }
}

/**
 * 'Tu contraseña cambió' to the account's address, for the change `event` (unique per change):
 * after a reset by link, a change in the account, or the operator's `restablecer-contrasena`.
 */
export function passwordChangedMail(
  user: Pick<SessionUser, 'id' | 'email' | 'name'>,
  event: string,
): OutgoingMail<'password-changed'> {
  return {
    eventKey: `password-changed:${user.id}:${event}`,
    recipient: user.email,
    userId: user.id,
    message: {
      kind: 'password-changed',
      props: { name: user.name, changedAt: new Date().toISOString() },
    },
  };
}
