import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SessionUser } from './access.js';
import type { Role } from './user.entity.js';

/** A session lasts 30 days from sign-in; signing in again starts a new one. */
export const SESSION_TTL_DAYS = 30;

/** A new session's secret: 256 random bits, URL-safe. Only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** The user columns a request needs, as SQL and as a row. */
export const SESSION_USER_COLUMNS =
  'u.id, u.name, u.email, u.role, u.phone, u.google_id, u.picture_url, u.active, u.created_at, ' +
  '(u.password_hash is not null) as has_password, ' +
  '(exists (select 1 from user_second_factor f where f.user_id = u.id and f.enabled_at is not null)) as two_factor_enabled';

export interface SessionUserRow {
  id: number;
  name: string;
  email: string;
  role: Role;
  phone: string | null;
  google_id: string | null;
  picture_url: string | null;
  active: boolean;
  created_at: Date | string;
  has_password: boolean;
  two_factor_enabled: boolean;
}

export function toSessionUser(row: SessionUserRow): SessionUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    phone: row.phone,
    googleId: row.google_id,
    pictureUrl: row.picture_url,
    active: row.active,
    hasPassword: row.has_password,
    twoFactorEnabled: row.two_factor_enabled,
    createdAt: new Date(row.created_at),
  };
}

/** A started session: the token for the cookie and when it ends. */
export interface StartedSession {
  token: string;
  expiresAt: Date;
}

/**
 * Sessions live in PostgreSQL, so every app instance sees the same ones and a sign-out (a deleted
 * row) takes effect at once everywhere.
 */
export class SessionStore {
  constructor(private readonly em: EntityManager) {}

  /** Starts a session for the user (and drops that user's expired ones): one statement. */
  async start(userId: number): Promise<StartedSession> {
    const token = newSessionToken();
    const [row] = await this.em.execute<{ expires_at: Date | string }[]>(
      `with purged as (
         delete from user_session where user_id = ? and expires_at <= now()
       )
       insert into user_session (token_hash, user_id, expires_at)
         values (?, ?, now() + make_interval(days => ?))
       returning expires_at`,
      [userId, tokenHash(token), userId, SESSION_TTL_DAYS],
    );
    return { token, expiresAt: new Date(row!.expires_at) };
  }

  /** The active user of a live session, or null (unknown, expired, or account deactivated). */
  async resolve(token: string): Promise<SessionUser | null> {
    const [row] = await this.em.execute<SessionUserRow[]>(
      `select ${SESSION_USER_COLUMNS}
         from user_session s join app_user u on u.id = s.user_id
        where s.token_hash = ? and s.expires_at > now() and u.active`,
      [tokenHash(token)],
    );
    return row ? toSessionUser(row) : null;
  }

  async revoke(token: string): Promise<void> {
    await this.em.execute('delete from user_session where token_hash = ?', [tokenHash(token)]);
  }

  /** Ends every session of the user, on every device (after a password reset or change). */
  async revokeAll(userId: number): Promise<void> {
    await this.em.execute('delete from user_session where user_id = ?', [userId]);
  }
}

/** Removes ended sessions. Safe to run from any number of instances. */
export async function purgeExpiredSessions(em: EntityManager): Promise<number> {
  const result = await em.execute<{ affectedRows?: number }>(
    'delete from user_session where expires_at <= now()',
    [],
    'run',
  );
  return result.affectedRows ?? 0;
}
