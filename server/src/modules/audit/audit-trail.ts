import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../accounts/access.js';

/** A value an entry keeps for a field: JSON. */
export type AuditValue =
  string | number | boolean | null | readonly AuditValue[] | { readonly [key: string]: AuditValue };

/** Fields by name (English: 'priceCents', 'status', 'size:M'…), with their values. */
export type AuditFields = Record<string, AuditValue>;

/**
 * The action codes the shop writes: `<object>.<verb>` in English. A module that audits a new
 * kind of change adds its code here (the Actividad screen's filter and its Spanish words list
 * the same codes: client/src/admin/activity/actions.ts). 'settings.update' is the shop's settings
 * (modules/settings). Reserved for what is coming: 2FA on/off ('account.two_factor_on',
 * 'account.two_factor_off') and coupons ('coupon.create', 'coupon.update', 'coupon.delete').
 */
export const AUDIT_ACTIONS = [
  'product.create',
  'product.update',
  'product.stock',
  'product.photos',
  'product.delete',
  'product.hide',
  'lookup.create',
  'lookup.rename',
  'lookup.delete',
  'lookup.sat_keys',
  'order.status',
  'order.tracking',
  'email.resend',
  'user.create',
  'user.update',
  'user.password',
  'account.two_factor_on',
  'account.two_factor_off',
  'settings.update',
  'coupon.create',
  'coupon.update',
  'coupon.delete',
  'product.import',
  'legal.update',
  'return.update',
  'order.refund',
  'synonym.create',
  'synonym.update',
  'synonym.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One admin change as its service describes it. */
export interface AuditEntry {
  action: AuditAction;
  /** What changed: its kind ('product', 'order', 'brand'…), its id and a name a person reads. */
  object: { kind: string; id: number | string | null; label: string };
  /** The fields as they were ({} for a creation). Unchanged fields are dropped. */
  before: AuditFields;
  /** The fields as they are now ({} for a deletion). Unchanged fields are dropped. */
  after: AuditFields;
  /**
   * Written even when no field changed (an e-mail sent again): the action itself is the change.
   * Otherwise an entry whose fields are all unchanged is not written.
   */
  always?: boolean;
}

const MAX_LABEL = 200;

/**
 * The operator's command line (`npm run admin`, scripts/admin.ts): a change made there has no
 * signed-in user and no client address. Its entries say 'consola' as the e-mail and the address,
 * with user id 0, which no account has (Migration20261127091000AuditConsole's check).
 */
export const CONSOLE_ACTOR = 'consola';
export type ConsoleActor = typeof CONSOLE_ACTOR;
/** The user id of the console's entries. */
export const CONSOLE_USER_ID = 0;

const same = (a: AuditValue | undefined, b: AuditValue | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The fields of `before` and `after` that differ, each side keeping only its own keys. */
export function changedFields(
  before: AuditFields,
  after: AuditFields,
): { before: AuditFields; after: AuditFields } {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => !same(before[key], after[key]),
  );
  const pick = (fields: AuditFields) =>
    Object.fromEntries(keys.filter((key) => key in fields).map((key) => [key, fields[key]!]));
  return { before: pick(before), after: pick(after) };
}

/**
 * The admin audit trail's one door for writes (the table `admin_audit`,
 * Migration20261127040000AdminAudit). A service that makes an admin change calls `record` with
 * the EntityManager of the change's own transaction, so the entry commits with the change or not
 * at all. Append-only: nothing in the app updates or deletes an entry, and the table's triggers
 * refuse it.
 */
export const AuditTrail = {
  /**
   * Writes who (the actor's user id and e-mail now, or 'consola'), when (the transaction's time),
   * from where (the actor's ip, or 'consola'), what, and the changed fields before and after. Returns whether an entry
   * was written (not when nothing changed, unless `always`).
   */
  async record(
    tx: EntityManager,
    actor: Actor | ConsoleActor,
    entry: AuditEntry,
  ): Promise<boolean> {
    const who =
      actor === CONSOLE_ACTOR
        ? { id: CONSOLE_USER_ID, email: CONSOLE_ACTOR, ip: CONSOLE_ACTOR }
        : actor.user && { id: actor.user.id, email: actor.user.email, ip: actor.ip };
    if (!who) throw new Error(`Cambio de administración sin usuario: ${entry.action}`);
    const { before, after } = changedFields(entry.before, entry.after);
    if (!entry.always && Object.keys(before).length + Object.keys(after).length === 0) {
      return false;
    }
    await tx.execute(
      `insert into admin_audit (user_id, user_email, ip, action, object_kind, object_id,
                                object_label, before, after)
       values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb)`,
      [
        who.id,
        who.email,
        who.ip,
        entry.action,
        entry.object.kind,
        entry.object.id === null ? null : String(entry.object.id),
        [...entry.object.label].slice(0, MAX_LABEL).join(''),
        JSON.stringify(before),
        JSON.stringify(after),
      ],
    );
    return true;
  },
};
