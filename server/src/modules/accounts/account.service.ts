import type { EntityManager } from '@mikro-orm/postgresql';
import {
  EMAIL_MAX_LENGTH,
  isValidEmail,
  normalizeEmail,
  normalizeRegistration,
  PASSWORD_MAX_LENGTH,
  type Registration,
  registrationProblems,
} from '@tienda/rules';
import { badInput, conflict, refuseFirst, unauthenticated } from '../shared/errors.js';
import { checkPage, type Page } from '../shared/paging.js';
import { RateLimiter, type RateLimitRule } from '../shared/rate-limit.js';
import { type Actor, assertSelfOrAdmin, checkAccess, type SessionUser } from './access.js';
import { ACCOUNT_MESSAGES, ACCOUNT_REASONS } from './account-messages.js';
import { GoogleTokenError, type GoogleIdTokenVerifier } from './google-id-token.js';
import { hashPassword, verifyPassword } from './password.js';
import type { SecondFactorService } from './second-factor.js';
import {
  SESSION_USER_COLUMNS,
  SessionStore,
  type SessionUserRow,
  type StartedSession,
  toSessionUser,
} from './session-store.js';
import { PASSWORD_FAILURE_LIMITS, passwordFailures } from './sign-in-limits.js';

/** Per-address and per-account limits, shared by every app instance (PostgreSQL counters). */
export const RATE_LIMITS = {
  /** Sign-in attempts (password or Google) from one address. */
  signInPerAddress: { limit: 30, windowSeconds: 15 * 60 },
  /** Failed password sign-ins for one account from clients without its device cookie. */
  failedSignInPerAccount: PASSWORD_FAILURE_LIMITS.untrustedPerAccount,
  /** Failed password sign-ins from one browser holding the account's device cookie. */
  failedSignInPerDevice: PASSWORD_FAILURE_LIMITS.perDevice,
  /** Accounts created from one address. */
  registrationPerAddress: { limit: 10, windowSeconds: 60 * 60 },
  /** E-mail availability checks (the sign-up form's as-you-type check) from one address. */
  emailCheckPerAddress: { limit: 120, windowSeconds: 10 * 60 },
} satisfies Record<string, RateLimitRule>;

export const MAX_USERS_PAGE_SIZE = 100;

/** A signed-in user and the session the front door puts in a cookie. */
export interface SignedIn {
  user: SessionUser;
  session: StartedSession;
}

export interface AccountDeps {
  rateLimits: boolean;
  /** null when Google sign-in is not configured (no GOOGLE_CLIENT_ID). */
  google: GoogleIdTokenVerifier | null;
  /** Two-factor sign-in's second step (second-factor.ts); absent: no account is asked a code. */
  secondFactor?: SecondFactorService;
  log?: (message: string) => void;
}

let dummyHash: Promise<string> | undefined;
/**
 * Verifying against a throw-away hash when the e-mail is unknown makes a failed sign-in take the
 * same time whether or not the account exists.
 */
function unknownAccountHash(): Promise<string> {
  dummyHash ??= hashPassword('Cuenta-inexistente-1');
  return dummyHash;
}

/** Registration, sign-in (password and Google), sign-out and the users list. */
export class AccountService {
  private readonly sessions: SessionStore;
  private readonly limiter: RateLimiter;

  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor & { sessionToken: string | null },
    private readonly deps: AccountDeps,
  ) {
    this.sessions = new SessionStore(em);
    this.limiter = new RateLimiter(em, deps.rateLimits);
  }

  /** The signed-in user, or null. */
  me(): SessionUser | null {
    return this.actor.user;
  }

  /** Whether no account uses this e-mail (case-insensitive). The sign-up form asks as you type. */
  async emailAvailable(emailIn: string): Promise<boolean> {
    const email = normalizeEmail(emailIn);
    if (!isValidEmail(email)) {
      throw badInput(ACCOUNT_MESSAGES.invalidEmail, 'email', 'INVALID_EMAIL');
    }
    await this.limiter.consume(`email-check:ip:${this.actor.ip}`, RATE_LIMITS.emailCheckPerAddress);
    return (await this.findByEmail(email)) === undefined;
  }

  /** Creates a customer account (role user, whatever the client sends) and signs it in. */
  async register(input: Registration): Promise<SignedIn> {
    refuseFirst(registrationProblems(input));
    const { name, phone, email, password } = normalizeRegistration(input);
    await this.limiter.consume(`register:ip:${this.actor.ip}`, RATE_LIMITS.registrationPerAddress);
    const [row] = await this.em.execute<SessionUserRow[]>(
      `insert into app_user as u (name, email, phone, password_hash, role, active)
         values (?, ?, ?, ?, 'user', true)
       on conflict ((lower(email))) do nothing
       returning ${SESSION_USER_COLUMNS}`,
      [name, email, phone, await hashPassword(password)],
    );
    if (!row) throw conflict(ACCOUNT_MESSAGES.emailTaken, 'email', ACCOUNT_REASONS.emailTaken);
    return this.startSession(toSessionUser(row));
  }

  /**
   * Email and password. Any mismatch answers the same 'Email o contraseña incorrectos'. Then, for
   * an account with two-factor sign-in, `code` (second-factor.ts: TOTP_REQUIRED, TOTP_INVALID).
   */
  async signIn(emailIn: string, password: string, code?: string | null): Promise<SignedIn> {
    const email = normalizeEmail(emailIn);
    const wrong = unauthenticated(
      ACCOUNT_MESSAGES.wrongCredentials,
      ACCOUNT_REASONS.wrongCredentials,
    );
    if (email.length > EMAIL_MAX_LENGTH || password.length > PASSWORD_MAX_LENGTH) throw wrong;
    const found = await this.findByEmail(email, true);
    // Per (account, device) for a browser holding the account's device cookie, else per address
    // and per account (sign-in-limits.ts): strangers never lock the owner's browser out.
    const failures = passwordFailures(this.limiter, this.actor, email, found?.id, {
      key: `sign-in:ip:${this.actor.ip}`,
      rule: RATE_LIMITS.signInPerAddress,
    });
    await failures.admit();
    const ok = await verifyPassword(found?.password_hash ?? (await unknownAccountHash()), password);
    if (!found || !found.password_hash || !ok) {
      await failures.failed();
      throw wrong;
    }
    if (!found.active)
      throw unauthenticated(ACCOUNT_MESSAGES.inactiveAccount, ACCOUNT_REASONS.inactiveAccount);
    await this.deps.secondFactor?.checkSignIn(toSessionUser(found), code);
    return this.startSession(toSessionUser(found));
  }

  /**
   * Google Identity Services: the ID token is verified on the server; the account is found by
   * Google id, else by (verified) e-mail, else created as a customer with no password or phone.
   */
  async signInWithGoogle(credential: string, code?: string | null): Promise<SignedIn> {
    await this.limiter.consume(`sign-in:ip:${this.actor.ip}`, RATE_LIMITS.signInPerAddress);
    const failed = unauthenticated(ACCOUNT_MESSAGES.googleFailed, ACCOUNT_REASONS.googleFailed);
    if (!this.deps.google) throw failed;
    let profile;
    try {
      profile = await this.deps.google.verify(credential);
    } catch (error) {
      if (error instanceof GoogleTokenError) {
        this.deps.log?.(`Token de Google rechazado: ${error.message}`);
        throw failed;
      }
      throw error;
    }
    const email = normalizeEmail(profile.email);
    // Google id first; then an existing account with the same (verified) e-mail is linked.
    const [linked] = await this.em.execute<SessionUserRow[]>(
      `update app_user u set
         google_id = ?, picture_url = coalesce(?, u.picture_url)
        where u.id = (
          select id from app_user
           where google_id = ? or (? and google_id is null and lower(email) = ?)
           order by (google_id = ?) desc nulls last limit 1)
        returning ${SESSION_USER_COLUMNS}`,
      [
        profile.googleId,
        profile.pictureUrl,
        profile.googleId,
        profile.emailVerified,
        email,
        profile.googleId,
      ],
    );
    let user: SessionUserRow;
    if (linked) {
      user = linked;
    } else {
      const [created] = await this.em.execute<SessionUserRow[]>(
        `insert into app_user as u (name, email, google_id, picture_url, role, active)
           values (?, ?, ?, ?, 'user', true)
         on conflict do nothing
         returning ${SESSION_USER_COLUMNS}`,
        [profile.name.slice(0, 100), email, profile.googleId, profile.pictureUrl],
      );
      // The e-mail belongs to an account this token may not claim (unverified e-mail, or
      // already linked to another Google account).
      if (!created) throw failed;
      user = created;
    }
    if (!user.active)
      throw unauthenticated(ACCOUNT_MESSAGES.inactiveAccount, ACCOUNT_REASONS.inactiveAccount);
    await this.deps.secondFactor?.checkSignIn(toSessionUser(user), code);
    return this.startSession(toSessionUser(user));
  }

  /** Ends the current session (if any). Safe to repeat. */
  async signOut(): Promise<void> {
    if (this.actor.sessionToken) await this.sessions.revoke(this.actor.sessionToken);
  }

  /** Admin: users by id, a page at a time, with the total. */
  async listUsers(page: Page): Promise<{ items: SessionUser[]; total: number }> {
    checkAccess(this.actor.user, 'admin');
    checkPage(page, MAX_USERS_PAGE_SIZE, 'usuarios');
    const [rows, [count]] = await Promise.all([
      this.em.execute<SessionUserRow[]>(
        `select ${SESSION_USER_COLUMNS} from app_user u order by u.id offset ? limit ?`,
        [page.offset, page.limit],
      ),
      this.em.execute<{ n: number }[]>('select count(*)::int as n from app_user'),
    ]);
    return { items: rows.map(toSessionUser), total: count?.n ?? 0 };
  }

  /** One user: themself, or anyone for an admin. */
  async getUser(id: number): Promise<SessionUser | null> {
    assertSelfOrAdmin(this.actor.user, id);
    const [row] = await this.em.execute<SessionUserRow[]>(
      `select ${SESSION_USER_COLUMNS} from app_user u where u.id = ?`,
      [id],
    );
    return row ? toSessionUser(row) : null;
  }

  private async findByEmail(email: string, withSecret = false) {
    const [row] = await this.em.execute<(SessionUserRow & { password_hash?: string | null })[]>(
      `select ${SESSION_USER_COLUMNS}${withSecret ? ', u.password_hash' : ''}
         from app_user u where lower(u.email) = ?`,
      [email],
    );
    return row;
  }

  /** A new session; the one the request came with (if any) ends, so a session id never carries over. */
  private async startSession(user: SessionUser): Promise<SignedIn> {
    if (this.actor.sessionToken) await this.sessions.revoke(this.actor.sessionToken);
    return { user, session: await this.sessions.start(user.id) };
  }
}
