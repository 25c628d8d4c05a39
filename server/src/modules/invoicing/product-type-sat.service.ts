import type { EntityManager } from '@mikro-orm/postgresql';
import { normalizeSatKeys, satKeysProblems, type SatKeysValues } from '@tienda/rules';
import { type Actor, checkAccess } from '../accounts/access.js';
import { AuditTrail } from '../audit/audit-trail.js';
import { notFound, refuseFirst } from '../shared/errors.js';
import { placeholders } from '../shared/sql.js';
import { withTransaction } from '../shared/transaction.js';
import { defaultSatKeys } from './sat-keys.js';

/** A type's SAT keys as its invoice lines carry them: the admin's, else the defaults. */
export interface TypeSatKeys extends SatKeysValues {
  typeId: number;
  /** False: the defaults of sat-keys.ts (by the type's name); true: set by the admin. */
  custom: boolean;
}

/**
 * The SAT keys of the product types (`product_type_sat`, Migration20261127200100Invoices), which
 * the admin edits on the type in 'Tipos, marcas y colores'. A type without a row takes the
 * defaults of `defaultSatKeys` (clothing 53101600/H87, footwear 53111600/PR).
 */
export class ProductTypeSatService {
  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor,
  ) {}

  /** The keys of these types, in the order asked (one statement, for a per-request loader). */
  async forTypes(typeIds: readonly number[]): Promise<(TypeSatKeys | undefined)[]> {
    if (typeIds.length === 0) return [];
    const rows = await this.em.execute<
      { id: number; name: string; product_key: string | null; unit_key: string | null }[]
    >(
      `select t.id, t.name, s.product_key, s.unit_key
         from product_type t left join product_type_sat s on s.type_id = t.id
        where t.id in (${placeholders(typeIds.length)})`,
      [...typeIds],
    );
    const byId = new Map(
      rows.map((r) => {
        const keys =
          r.product_key && r.unit_key
            ? { productKey: r.product_key, unitKey: r.unit_key }
            : defaultSatKeys(r.name);
        return [r.id, { typeId: r.id, ...keys, custom: r.product_key !== null }] as const;
      }),
    );
    return typeIds.map((id) => byId.get(id));
  }

  /** Sets a type's keys (admin), with its audit entry in the same transaction. */
  async set(typeId: number, input: SatKeysValues): Promise<TypeSatKeys> {
    checkAccess(this.actor.user, 'admin');
    refuseFirst(satKeysProblems(input));
    const keys = normalizeSatKeys(input);
    return withTransaction(this.em, async (tx) => {
      const [type] = await tx.execute<{ name: string }[]>(
        'select name from product_type where id = ? for update',
        [typeId],
      );
      if (!type) throw notFound('Tipo no encontrado');
      const [before] = await new ProductTypeSatService(tx, this.actor).forTypes([typeId]);
      await tx.execute(
        `insert into product_type_sat (type_id, product_key, unit_key) values (?, ?, ?)
         on conflict (type_id) do update
           set product_key = excluded.product_key, unit_key = excluded.unit_key`,
        [typeId, keys.productKey, keys.unitKey],
      );
      await AuditTrail.record(tx, this.actor, {
        action: 'lookup.sat_keys',
        object: { kind: 'type', id: typeId, label: type.name },
        before: { satProductKey: before!.productKey, satUnitKey: before!.unitKey },
        after: { satProductKey: keys.productKey, satUnitKey: keys.unitKey },
      });
      return { typeId, ...keys, custom: true };
    });
  }
}
