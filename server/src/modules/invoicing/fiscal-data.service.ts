import type { EntityManager } from '@mikro-orm/postgresql';
import { fiscalProblems, type FiscalValues, normalizeFiscalData } from '@tienda/rules';
import { type Actor, assertSelfOrAdmin, requireUser } from '../accounts/access.js';
import { AuditTrail } from '../audit/audit-trail.js';
import { notFound, refuseFirst } from '../shared/errors.js';
import { withTransaction } from '../shared/transaction.js';

/** A customer's fiscal data as stored (the receiver of their CFDI). */
export interface FiscalDataView extends FiscalValues {
  userId: number;
  updatedAt: Date;
}

interface FiscalDataRow {
  user_id: number;
  rfc: string;
  legal_name: string;
  tax_regime: string;
  cfdi_use: string;
  postal_code: string;
  updated_at: Date | string;
}

const COLUMNS = 'user_id, rfc, legal_name, tax_regime, cfdi_use, postal_code, updated_at';

const toView = (r: FiscalDataRow): FiscalDataView => ({
  userId: r.user_id,
  rfc: r.rfc,
  legalName: r.legal_name,
  taxRegime: r.tax_regime,
  cfdiUse: r.cfdi_use,
  postalCode: r.postal_code,
  updatedAt: new Date(r.updated_at),
});

export const USER_NOT_FOUND = 'Usuario no encontrado';

/**
 * The invoicing module's fiscal data (issue 25 item 1): the table `fiscal_data`
 * (Migration20261127200000FiscalData), one row per customer. A customer reads and saves only
 * their own; an admin anyone's, and an admin's change to another's is in the audit trail.
 */
export class FiscalDataService {
  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor,
  ) {}

  /** The fiscal data of `userId` (default: the signed-in user), or null when none was saved. */
  async get(userId?: number): Promise<FiscalDataView | null> {
    const owner = userId ?? requireUser(this.actor.user).id;
    assertSelfOrAdmin(this.actor.user, owner);
    return this.read(this.em, owner);
  }

  /**
   * Saves (creates or replaces) the fiscal data of `userId` (default: the signed-in user) after
   * the rules of `rules/src/fiscal.ts`: RFC and name stored uppercase, as the SAT keeps them.
   */
  async save(input: FiscalValues, userId?: number): Promise<FiscalDataView> {
    const actorUser = requireUser(this.actor.user);
    const owner = userId ?? actorUser.id;
    assertSelfOrAdmin(actorUser, owner);
    refuseFirst(fiscalProblems(input));
    const data = normalizeFiscalData(input);
    return withTransaction(this.em, async (tx) => {
      const [user] = await tx.execute<{ email: string }[]>(
        'select email from app_user where id = ? for update',
        [owner],
      );
      if (!user) throw notFound(USER_NOT_FOUND);
      const before = await this.read(tx, owner);
      const [row] = await tx.execute<FiscalDataRow[]>(
        `insert into fiscal_data as f (user_id, rfc, legal_name, tax_regime, cfdi_use, postal_code)
           values (?, ?, ?, ?, ?, ?)
         on conflict (user_id) do update
           set rfc = excluded.rfc, legal_name = excluded.legal_name,
               tax_regime = excluded.tax_regime, cfdi_use = excluded.cfdi_use,
               postal_code = excluded.postal_code, updated_at = now()
         returning ${COLUMNS}`,
        [owner, data.rfc, data.legalName, data.taxRegime, data.cfdiUse, data.postalCode],
      );
      const saved = toView(row!);
      if (owner !== actorUser.id) {
        await AuditTrail.record(tx, this.actor, {
          action: 'user.update',
          object: { kind: 'user', id: owner, label: user.email },
          before: before ? auditFieldsOf(before) : {},
          after: auditFieldsOf(saved),
        });
      }
      return saved;
    });
  }

  private async read(em: EntityManager, owner: number): Promise<FiscalDataView | null> {
    const [row] = await em.execute<FiscalDataRow[]>(
      `select ${COLUMNS} from fiscal_data where user_id = ?`,
      [owner],
    );
    return row ? toView(row) : null;
  }
}

const auditFieldsOf = (f: FiscalValues) => ({
  'fiscal:rfc': f.rfc,
  'fiscal:legalName': f.legalName,
  'fiscal:taxRegime': f.taxRegime,
  'fiscal:cfdiUse': f.cfdiUse,
  'fiscal:postalCode': f.postalCode,
});
