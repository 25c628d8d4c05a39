import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Request, Response } from 'express';
import { parse } from 'cookie';
import type { StartedSession } from '../modules/accounts/session-store.js';

export const SESSION_COOKIE = 'tienda_sesion';

/**
 * On a response to a request that presented a session cookie naming no live session (signed out
 * elsewhere, expired, its account deactivated, or signed with an old secret): `Session-Ended:
 * true`. The cookie is httpOnly and the response only clears it, which a client cannot see; with
 * this header the shop's client can tell a session that ended from a visitor who never signed in,
 * and forget the shopper. Not sent when the same response starts or ends a session (sign-in,
 * registration, sign-out).
 */
export const SESSION_ENDED_HEADER = 'Session-Ended';
const SECRET_FILE = 'session-secret';

/**
 * The session cookie: `token.signature`. The token is the session's random secret (its hash is
 * the session row's key); the HMAC lets a forged or mangled cookie be refused without a query.
 */
export class SessionCookie {
  constructor(
    private readonly secret: string,
    private readonly secure: boolean,
  ) {}

  private sign(token: string): string {
    return createHmac('sha256', this.secret).update(token).digest('base64url');
  }

  /** The session token the request carries, when its signature is ours. */
  read(req: Request): string | null {
    const header = req.headers.cookie;
    if (!header || header.length > 8192) return null;
    const value = parse(header)[SESSION_COOKIE];
    if (!value || value.length > 200) return null;
    const dot = value.lastIndexOf('.');
    if (dot <= 0) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(this.sign(token));
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }

  /** Whether the request carries a session cookie at all (live or not). */
  presented(req: Request): boolean {
    const header = req.headers.cookie;
    if (!header) return false;
    if (header.length > 8192) return header.includes(`${SESSION_COOKIE}=`);
    return Boolean(parse(header)[SESSION_COOKIE]);
  }

  /** The cookie's value for a session token. */
  value(token: string): string {
    return `${token}.${this.sign(token)}`;
  }

  /** httpOnly, SameSite=Lax, Secure in production; lasts as long as the session. */
  set(res: Response, session: StartedSession): void {
    res.removeHeader(SESSION_ENDED_HEADER);
    res.cookie(SESSION_COOKIE, this.value(session.token), {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      path: '/',
      expires: session.expiresAt,
    });
  }

  /** Clears the cookie (sign-out): the response answers for the session, no `Session-Ended`. */
  clear(res: Response): void {
    res.removeHeader(SESSION_ENDED_HEADER);
    res.clearCookie(SESSION_COOKIE, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      path: '/',
    });
  }

  /** The request's cookie names no live session: cleared, and the response says so. */
  ended(res: Response): void {
    this.clear(res);
    res.setHeader(SESSION_ENDED_HEADER, 'true');
  }
}

/**
 * SESSION_SECRET, or (outside production) a random secret generated on first start and kept in
 * DATA_DIR, readable only by its owner, so sessions survive restarts.
 */
export async function sessionSecret(configured: string | undefined, dataDir: string) {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another instance on the same DATA_DIR wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  }
  return secret;
}
