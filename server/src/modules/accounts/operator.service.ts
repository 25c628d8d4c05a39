import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MailQueue } from '../mail/outbox.js';
import {
  emailProblem,
  NAME_MAX_LENGTH,
  newPasswordProblems,
  normalizeEmail,
  REQUIRED_MESSAGES,
} from '@tienda/rules';
import { AuditTrail, CONSOLE_ACTOR } from '../audit/audit-trail.js';
import { badInput, conflict, notFound, refuseFirst } from '../shared/errors.js';
import { withTransaction } from '../shared/transaction.js';
import type { SessionUser } from './access.js';
import { ACCOUNT_REASONS } from './account-messages.js';
import { hashPassword } from './password.js';
import { passwordChangedMail } from './password.service.js';
import { secondFactorFailureKey } from './second-factor.js';
import {
  SESSION_USER_COLUMNS,
  SessionStore,
  type SessionUserRow,
  toSessionUser,
} from './session-store.js';
import { signInFailureKey } from './sign-in-limits.js';
import type { Role } from './user.entity.js';

/**
 * What the operator's command line (`npm run admin`, scripts/admin.ts) says when it refuses, in
 * Spanish. The registration's own messages (e-mail, password, name) come from @tienda/rules.
 */
export const OPERATOR_MESSAGES = {
  noAccount: (email: string) => `No hay ninguna cuenta con el email ${email}.`,
  emailTaken: (email: string) =>
    `Ya hay una cuenta con el email ${email}: para hacerla administradora usa «promover».`,
  nameTooLong: `El nombre no puede tener más de ${NAME_MAX_LENGTH} caracteres.`,
  lastAdmin:
    'No se puede quitar el rol de administrador a la última cuenta de administrador activa: ' +
    'promueve o crea otra antes.',
  noSecondFactor: (email: string) =>
    `La cuenta ${email} no tiene activada la verificación en dos pasos.`,
} as const;

export const OPERATOR_REASONS = {
  noAccount: 'ACCOUNT_NOT_FOUND',
  lastAdmin: 'LAST_ADMIN',
  noSecondFactor: 'TOTP_NOT_ENABLED',
} as const;

/** An admin as `listar-admins` shows them. */
export type AdminAccount = SessionUser;

/** A role change's outcome: the account after it, and whether anything changed. */
export interface RoleChange {
  user: SessionUser;
  changed: boolean;
}

/**
 * The operator's tools (issue 26 item 5): what someone with a shell on the server does when
 * nobody can sign in (no admin yet, a forgotten password with e-mail off, a lost authenticator).
 * No actor: whoever runs the command line holds the database already. Every change is one
 * transaction with its audit entry, written as 'consola' (AuditTrail, CONSOLE_ACTOR).
 */
export class OperatorService {
  constructor(
    private readonly em: EntityManager,
    /** The outbox, for 'Tu contraseña cambió' after a reset (none: no e-mail). */
    private readonly mail: MailQueue | null = null,
  ) {}

  /** A new active admin account with this e-mail, name and password (the shop's password rule). */
  async createAdmin(input: {
    email: string;
    name: string;
    password: string;
  }): Promise<SessionUser> {
    const email = normalizeEmail(input.email);
    const name = input.name.trim();
    const emailAtFault = emailProblem(email);
    if (emailAtFault) refuseFirst([emailAtFault]);
    if (name === '') throw badInput(REQUIRED_MESSAGES.name, 'name', 'REQUIRED');
    if ([...name].length > NAME_MAX_LENGTH) {
      throw badInput(OPERATOR_MESSAGES.nameTooLong, 'name', 'TOO_LONG');
    }
    refuseFirst(newPasswordProblems(input.password));
    const passwordHash = await hashPassword(input.password);
    return withTransaction(this.em, async (tx) => {
      const [row] = await tx.execute<SessionUserRow[]>(
        `insert into app_user as u (name, email, password_hash, role, active)
           values (?, ?, ?, 'admin', true)
         on conflict ((lower(email))) do nothing
         returning ${SESSION_USER_COLUMNS}`,
        [name, email, passwordHash],
      );
      if (!row) {
        throw conflict(OPERATOR_MESSAGES.emailTaken(email), 'email', ACCOUNT_REASONS.emailTaken);
      }
      const user = toSessionUser(row);
      await AuditTrail.record(tx, CONSOLE_ACTOR, {
        action: 'user.create',
        object: { kind: 'user', id: user.id, label: user.email },
        before: {},
        after: { email: user.email, name: user.name, role: 'admin', active: true },
      });
      return user;
    });
  }

  /**
   * Sets a new password (the shop's rule) on the account with this e-mail: every session of it
   * ends, its open reset links die, and the account's failed sign-in count is cleared, so its
   * owner can sign in at once with the new password; an active account is told by e-mail ('Tu
   * contraseña cambió', through the outbox, in the same transaction).
   */
  async resetPassword(emailIn: string, password: string): Promise<SessionUser> {
    const email = normalizeEmail(emailIn);
    refuseFirst(newPasswordProblems(password));
    const passwordHash = await hashPassword(password);
    return withTransaction(this.em, async (tx) => {
      const [row] = await tx.execute<SessionUserRow[]>(
        `update app_user u set password_hash = ? where lower(u.email) = ?
          returning ${SESSION_USER_COLUMNS}`,
        [passwordHash, email],
      );
      if (!row) throw this.noAccount(email);
      const user = toSessionUser(row);
      await new SessionStore(tx).revokeAll(user.id);
      await tx.execute(
        `update password_reset set superseded_at = now()
          where user_id = ? and used_at is null and superseded_at is null`,
        [user.id],
      );
      await tx.execute('delete from rate_limit where key = ?', [signInFailureKey(user.email)]);
      // 'Tu contraseña cambió', as after any other change (sent by the shop's mail worker).
      if (user.active && this.mail) {
        await this.mail.enqueue(tx, [passwordChangedMail(user, `console:${randomUUID()}`)]);
      }
      await AuditTrail.record(tx, CONSOLE_ACTOR, {
        action: 'user.password',
        object: { kind: 'user', id: user.id, label: user.email },
        before: {},
        after: {},
        always: true,
      });
      return user;
    });
  }

  /**
   * Makes the account an admin ('admin') or a customer ('user'). The last active admin cannot
   * be demoted (the shop would have nobody to run it); the admins are locked while that is
   * checked, so two demotions at once cannot both pass.
   */
  async setRole(emailIn: string, role: Role): Promise<RoleChange> {
    const email = normalizeEmail(emailIn);
    return withTransaction(this.em, async (tx) => {
      if (role === 'user') {
        await tx.execute(`select id from app_user where role = 'admin' order by id for update`);
      }
      const [current] = await tx.execute<{ id: number; role: Role; active: boolean }[]>(
        'select id, role, active from app_user where lower(email) = ? for update',
        [email],
      );
      if (!current) throw this.noAccount(email);
      if (current.role !== role && role === 'user' && current.active) {
        const [others] = await tx.execute<{ n: number }[]>(
          `select count(*)::int as n from app_user where role = 'admin' and active and id <> ?`,
          [current.id],
        );
        if ((others?.n ?? 0) === 0) {
          throw conflict(OPERATOR_MESSAGES.lastAdmin, 'email', OPERATOR_REASONS.lastAdmin);
        }
      }
      const [row] = await tx.execute<SessionUserRow[]>(
        `update app_user u set role = ? where u.id = ? returning ${SESSION_USER_COLUMNS}`,
        [role, current.id],
      );
      const user = toSessionUser(row!);
      const changed = await AuditTrail.record(tx, CONSOLE_ACTOR, {
        action: 'user.update',
        object: { kind: 'user', id: user.id, label: user.email },
        before: { role: current.role },
        after: { role },
      });
      return { user, changed };
    });
  }

  /**
   * Turns off the account's two-factor sign-in (an admin who lost their authenticator and their
   * recovery codes): its secret and recovery codes are deleted and its wrong-code count cleared.
   * The owner signs in with the password alone and may turn it on again from 'Mi cuenta'.
   */
  async disableSecondFactor(emailIn: string): Promise<SessionUser> {
    const email = normalizeEmail(emailIn);
    return withTransaction(this.em, async (tx) => {
      const [row] = await tx.execute<SessionUserRow[]>(
        `select ${SESSION_USER_COLUMNS} from app_user u where lower(u.email) = ? for update`,
        [email],
      );
      if (!row) throw this.noAccount(email);
      const user = toSessionUser(row);
      if (!user.twoFactorEnabled) {
        throw badInput(
          OPERATOR_MESSAGES.noSecondFactor(user.email),
          'email',
          OPERATOR_REASONS.noSecondFactor,
        );
      }
      await tx.execute('delete from second_factor_recovery_code where user_id = ?', [user.id]);
      await tx.execute('delete from user_second_factor where user_id = ?', [user.id]);
      await tx.execute('delete from rate_limit where key = ?', [secondFactorFailureKey(user.id)]);
      await AuditTrail.record(tx, CONSOLE_ACTOR, {
        action: 'account.two_factor_off',
        object: { kind: 'account', id: user.id, label: user.email },
        before: { twoFactor: true },
        after: { twoFactor: false },
      });
      return { ...user, twoFactorEnabled: false };
    });
  }

  /** Every admin account (active or not), oldest first. */
  async listAdmins(): Promise<AdminAccount[]> {
    const rows = await this.em.execute<SessionUserRow[]>(
      `select ${SESSION_USER_COLUMNS} from app_user u where u.role = 'admin' order by u.id`,
    );
    return rows.map(toSessionUser);
  }

  private noAccount(email: string) {
    return notFound(OPERATOR_MESSAGES.noAccount(email), OPERATOR_REASONS.noAccount);
  }
}
