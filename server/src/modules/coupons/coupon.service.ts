import type { EntityManager } from '@mikro-orm/postgresql';
import {
  COUPON_FORM_MESSAGES,
  type CouponDraft,
  couponProblems,
  normalizeCoupon,
} from '@tienda/rules';
import { type Actor, checkAccess } from '../accounts/access.js';
import { type AuditFields, AuditTrail } from '../audit/audit-trail.js';
import { conflict, notFound, refuseFirst } from '../shared/errors.js';
import { checkPage, type Page } from '../shared/paging.js';
import { withTransaction } from '../shared/transaction.js';
import { COUPON_COLUMNS, type CouponRow, type CouponView, toCouponView } from './coupon-records.js';

/** Most coupons per page of the admin's list. */
export const MAX_COUPONS_PAGE_SIZE = 100;
/** The longest search the list takes (a code is at most 30 characters). */
export const MAX_COUPON_SEARCH = 100;

export const COUPON_MESSAGES = {
  ...COUPON_FORM_MESSAGES,
  notFound: 'Cupón no encontrado',
} as const;

export interface CouponPage {
  items: CouponView[];
  total: number;
}

/** The fields an audit entry keeps of a coupon. */
const auditFields = (c: CouponDraft): AuditFields => ({
  code: c.code,
  kind: c.kind,
  value: c.value,
  validFrom: c.validFrom,
  validUntil: c.validUntil,
  maxUses: c.maxUses,
  maxUsesPerCustomer: c.maxUsesPerCustomer,
  minimumCents: c.minimumCents,
  nonPromotionalOnly: c.nonPromotionalOnly,
  active: c.active,
});

const draftOf = (c: CouponView): CouponDraft => ({
  code: c.code,
  kind: c.kind,
  value: c.value,
  validFrom: c.validFrom,
  validUntil: c.validUntil,
  maxUses: c.maxUses,
  maxUsesPerCustomer: c.maxUsesPerCustomer,
  minimumCents: c.minimumCents,
  nonPromotionalOnly: c.nonPromotionalOnly,
  active: c.active,
});

const COUPON_VALUES = `?, ?, ?, ?::date, ?::date, ?, ?, ?, ?, ?`;
const draftParams = (d: CouponDraft) => [
  d.code,
  d.kind,
  d.value,
  d.validFrom,
  d.validUntil,
  d.maxUses,
  d.maxUsesPerCustomer,
  d.minimumCents,
  d.nonPromotionalOnly,
  d.active,
];

/**
 * The admin's coupons: list, read, create, edit and deactivate. Every write checks the draft
 * with `couponProblems` (@tienda/rules, the form's own rules), keeps codes unique
 * case-insensitively (the `upper(code)` unique index decides under a race), refuses to change
 * the kind or value of a coupon already used (`usedKindOrValue`: it may still be deactivated,
 * re-dated or given other limits) and writes its audit entry in its transaction. A coupon is never
 * deleted: its orders keep their history.
 */
export class CouponService {
  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor,
  ) {}

  /** Newest first; `search` matches the code (case-insensitive, anywhere in it). */
  async list(search: string | null | undefined, page: Page): Promise<CouponPage> {
    checkAccess(this.actor.user, 'admin');
    checkPage(page, MAX_COUPONS_PAGE_SIZE, 'cupones');
    const term = [...(search ?? '').trim()].slice(0, MAX_COUPON_SEARCH).join('').toUpperCase();
    const where = term === '' ? 'true' : 'strpos(upper(c.code), ?) > 0';
    const params = term === '' ? [] : [term];
    const [rows, [count]] = await Promise.all([
      this.em.execute<CouponRow[]>(
        `select ${COUPON_COLUMNS} from coupon c where ${where}
          order by c.created_at desc, c.id desc offset ? limit ?`,
        [...params, page.offset, page.limit],
      ),
      this.em.execute<{ n: number }[]>(
        `select count(*)::int as n from coupon c where ${where}`,
        params,
      ),
    ]);
    return { items: rows.map(toCouponView), total: count?.n ?? 0 };
  }

  async get(id: number): Promise<CouponView> {
    checkAccess(this.actor.user, 'admin');
    const [row] = await this.em.execute<CouponRow[]>(
      `select ${COUPON_COLUMNS} from coupon c where c.id = ?`,
      [id],
    );
    if (!row) throw notFound(COUPON_MESSAGES.notFound, 'COUPON_NOT_FOUND');
    return toCouponView(row);
  }

  async create(input: CouponDraft): Promise<CouponView> {
    checkAccess(this.actor.user, 'admin');
    const draft = checkDraft(input);
    return withTransaction(this.em, async (tx) => {
      const [row] = await tx.execute<CouponRow[]>(
        `insert into coupon as c (code, kind, value, valid_from, valid_until, max_uses,
            max_uses_per_customer, minimum_cents, non_promotional_only, active)
          values (${COUPON_VALUES})
          on conflict ((upper(code))) do nothing
          returning ${COUPON_COLUMNS}`,
        draftParams(draft),
      );
      if (!row) throw codeTaken();
      const coupon = toCouponView(row);
      await AuditTrail.record(tx, this.actor, {
        action: 'coupon.create',
        object: { kind: 'coupon', id: coupon.id, label: coupon.code },
        before: {},
        after: auditFields(draft),
      });
      return coupon;
    });
  }

  /**
   * Replaces the coupon's fields (the whole form), under its row's lock. A coupon an order was
   * placed with keeps its kind and value.
   */
  async update(id: number, input: CouponDraft): Promise<CouponView> {
    checkAccess(this.actor.user, 'admin');
    const draft = checkDraft(input);
    return withTransaction(this.em, async (tx) => {
      const before = await this.lock(tx, id);
      if (draft.kind !== before.kind || draft.value !== before.value) {
        const [used] = await tx.execute('select 1 from coupon_use where coupon_id = ? limit 1', [
          id,
        ]);
        if (used) throw conflict(COUPON_MESSAGES.usedKindOrValue, 'kind', 'COUPON_USED');
      }
      if (draft.code !== before.code) {
        const [taken] = await tx.execute(
          'select 1 from coupon where upper(code) = ? and id <> ? limit 1',
          [draft.code, id],
        );
        if (taken) throw codeTaken();
      }
      const [row] = await uniqueCode(() =>
        tx.execute<CouponRow[]>(
          `update coupon c set (code, kind, value, valid_from, valid_until, max_uses,
            max_uses_per_customer, minimum_cents, non_promotional_only, active) =
            (${COUPON_VALUES}), updated_at = now()
          where c.id = ? returning ${COUPON_COLUMNS}`,
          [...draftParams(draft), id],
        ),
      );
      const coupon = toCouponView(row!);
      await AuditTrail.record(tx, this.actor, {
        action: 'coupon.update',
        object: { kind: 'coupon', id, label: coupon.code },
        before: auditFields(draftOf(before)),
        after: auditFields(draft),
      });
      return coupon;
    });
  }

  /** Deactivates the coupon (the REST facade's DELETE): its orders keep it. */
  async deactivate(id: number): Promise<CouponView> {
    checkAccess(this.actor.user, 'admin');
    return withTransaction(this.em, async (tx) => {
      const before = await this.lock(tx, id);
      const [row] = await tx.execute<CouponRow[]>(
        `update coupon c set active = false, updated_at = now() where c.id = ?
          returning ${COUPON_COLUMNS}`,
        [id],
      );
      await AuditTrail.record(tx, this.actor, {
        action: 'coupon.delete',
        object: { kind: 'coupon', id, label: before.code },
        before: { active: before.active },
        after: { active: false },
        always: true,
      });
      return toCouponView(row!);
    });
  }

  private async lock(tx: EntityManager, id: number): Promise<CouponView> {
    const [row] = await tx.execute<CouponRow[]>(
      `select ${COUPON_COLUMNS} from coupon c where c.id = ? for update`,
      [id],
    );
    if (!row) throw notFound(COUPON_MESSAGES.notFound, 'COUPON_NOT_FOUND');
    return toCouponView(row);
  }
}

/** The draft checked by the form's rules and normalised (code upper case, free shipping 0). */
function checkDraft(input: CouponDraft): CouponDraft {
  refuseFirst(couponProblems(input));
  return normalizeCoupon(input);
}

/** A unique-index race on the code (another admin saved it first) is the same refusal. */
async function uniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const e = error as { code?: unknown; name?: unknown };
    if (e.code === '23505' || e.name === 'UniqueConstraintViolationException') throw codeTaken();
    throw error;
  }
}

const codeTaken = () => conflict(COUPON_MESSAGES.codeTaken, 'code', 'COUPON_CODE_TAKEN');
