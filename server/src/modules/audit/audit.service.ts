import type { EntityManager } from '@mikro-orm/postgresql';
import { type Actor, checkAccess } from '../accounts/access.js';
import { badInput } from '../shared/errors.js';
import { checkPage, type Page } from '../shared/paging.js';
import { AUDIT_ACTIONS, type AuditFields } from './audit-trail.js';

export const MAX_AUDIT_PAGE_SIZE = 100;

export const AUDIT_MESSAGES = {
  unknownAction: 'La acción no existe',
  badRange: 'La fecha inicial debe ser anterior a la final',
} as const;

/** One entry of the trail as the back office reads it. */
export interface AuditEntryView {
  id: number;
  at: Date;
  userId: number;
  userEmail: string;
  ip: string;
  action: string;
  objectKind: string;
  objectId: string | null;
  objectLabel: string;
  before: AuditFields;
  after: AuditFields;
}

/** What the list may be narrowed to: one admin, one action, a time range [from, to). */
export interface AuditFilter {
  userId?: number | null;
  action?: string | null;
  from?: Date | null;
  to?: Date | null;
}

/** An admin who appears in the trail, for the screen's filter. */
export interface AuditAdmin {
  userId: number;
  email: string;
}

interface AuditRow {
  id: string;
  created_at: Date | string;
  user_id: number;
  user_email: string;
  ip: string;
  action: string;
  object_kind: string;
  object_id: string | null;
  object_label: string;
  before: AuditFields;
  after: AuditFields;
}

const toView = (r: AuditRow): AuditEntryView => ({
  id: Number(r.id),
  at: new Date(r.created_at),
  userId: r.user_id,
  userEmail: r.user_email,
  ip: r.ip,
  action: r.action,
  objectKind: r.object_kind,
  objectId: r.object_id,
  objectLabel: r.object_label,
  before: r.before,
  after: r.after,
});

/**
 * The back office's reading of the audit trail (admins only). Newest first; each filter (admin,
 * action, time range) is served by an index that ends in the list's order
 * (Migration20261127040000AdminAudit), so a page reads its rows and stops.
 */
export class AuditService {
  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor,
  ) {}

  /** A page of entries, newest first, and how many match. */
  async list(filter: AuditFilter, page: Page): Promise<{ items: AuditEntryView[]; total: number }> {
    checkAccess(this.actor.user, 'admin');
    checkPage(page, MAX_AUDIT_PAGE_SIZE, 'entradas');
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.userId != null) {
      where.push('user_id = ?');
      params.push(filter.userId);
    }
    if (filter.action != null) {
      if (!(AUDIT_ACTIONS as readonly string[]).includes(filter.action)) {
        throw badInput(AUDIT_MESSAGES.unknownAction, 'action', 'UNKNOWN_ACTION');
      }
      where.push('action = ?');
      params.push(filter.action);
    }
    for (const [name, date] of [
      ['from', filter.from],
      ['to', filter.to],
    ] as const) {
      if (date != null && Number.isNaN(date.getTime())) {
        throw badInput('La fecha no es válida', name, 'INVALID_DATE');
      }
    }
    if (filter.from != null && filter.to != null && filter.from >= filter.to) {
      throw badInput(AUDIT_MESSAGES.badRange, 'to', 'INVALID_RANGE');
    }
    if (filter.from != null) {
      where.push('created_at >= ?');
      params.push(filter.from);
    }
    if (filter.to != null) {
      where.push('created_at < ?');
      params.push(filter.to);
    }
    const clause = where.length > 0 ? `where ${where.join(' and ')}` : '';
    const [rows, [count]] = await Promise.all([
      this.em.execute<AuditRow[]>(
        `select id, created_at, user_id, user_email, ip, action, object_kind, object_id,
                object_label, before, after
           from admin_audit ${clause}
          order by created_at desc, id desc offset ? limit ?`,
        [...params, page.offset, page.limit],
      ),
      this.em.execute<{ n: number }[]>(
        `select count(*)::int as n from admin_audit ${clause}`,
        params,
      ),
    ]);
    return { items: rows.map(toView), total: count?.n ?? 0 };
  }

  /**
   * The admins the trail names (id and their latest e-mail there), by e-mail: one loose index
   * scan over the admins' index, whatever the number of entries.
   */
  async admins(): Promise<AuditAdmin[]> {
    checkAccess(this.actor.user, 'admin');
    const rows = await this.em.execute<{ user_id: number; email: string }[]>(
      `with recursive u(user_id) as (
         (select user_id from admin_audit order by user_id limit 1)
         union all
         select (select a.user_id from admin_audit a where a.user_id > u.user_id
                  order by a.user_id limit 1)
           from u where u.user_id is not null)
       select u.user_id,
              (select a.user_email from admin_audit a where a.user_id = u.user_id
                order by a.created_at desc, a.id desc limit 1) as email
         from u where u.user_id is not null
        order by email, user_id`,
    );
    return rows.map((r) => ({ userId: r.user_id, email: r.email }));
  }
}
