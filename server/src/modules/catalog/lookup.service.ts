import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../accounts/access.js';
import { AuditTrail } from '../audit/audit-trail.js';
import { badInput, conflict, notFound } from '../shared/errors.js';
import { withTransaction } from '../shared/transaction.js';
import { LOOKUP_KINDS, type LookupKind } from './lookup.entity.js';

/** The longest name an admin may give a type, brand or colour. */
export const MAX_LOOKUP_NAME = 100;

/** What a brand's creation adds after its name: '{brand} Dama' and '{brand} Niño' (spec §5). */
export const BRAND_VARIANT_SUFFIXES = [' Dama', ' Niño'] as const;

export const LOOKUP_MESSAGES = {
  required: 'El nombre es obligatorio',
  tooLong: `El nombre no puede tener más de ${MAX_LOOKUP_NAME} caracteres`,
  controlChars: 'El nombre no puede contener caracteres de control',
  duplicate: 'Este nombre ya existe',
  variants: 'Error al crear las variantes de la marca',
  notFound: 'El elemento no existe',
  inUse: 'No se puede eliminar este elemento porque hay productos que lo usan',
} as const;

export interface LookupItem {
  id: number;
  name: string;
}

/** The table and the product column of each list. */
const TABLES: Record<LookupKind, { table: string; productColumn: string }> = {
  type: { table: 'product_type', productColumn: 'type_id' },
  brand: { table: 'brand', productColumn: 'brand_id' },
  color: { table: 'color', productColumn: 'color_id' },
};

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { code?: unknown }).code === '23505' ||
    (err as { name?: unknown }).name === 'UniqueConstraintViolationException');

/**
 * The admin-managed lists of product types, brands and colours. Names are trimmed, required,
 * bounded, free of control characters and unique case-insensitively within their list (the
 * tables' `lower(name)` unique indexes back this up against races). The catalogue index follows
 * every change through the lookup tables' triggers.
 */
export class LookupService {
  constructor(
    private readonly em: EntityManager,
    /** The admin making the changes, for the audit trail ('lookup.*' entries). */
    private readonly actor: Actor,
  ) {}

  list(kind: LookupKind) {
    return this.em.find(LOOKUP_KINDS[kind], {}, { orderBy: { name: 'asc', id: 'asc' } });
  }

  /** Creates an item; a brand comes with its two variants, all in one transaction or none. */
  async create(
    kind: LookupKind,
    rawName: string,
  ): Promise<{ item: LookupItem; variants: LookupItem[] }> {
    const name = validName(rawName);
    const { table } = TABLES[kind];
    return withTransaction(this.em, async (tx) => {
      await assertFree(tx, table, name, null);
      const item = await insert(tx, table, name);
      const variants: LookupItem[] = [];
      if (kind === 'brand') {
        for (const suffix of BRAND_VARIANT_SUFFIXES) {
          const variantName = name + suffix;
          if (await nameTaken(tx, table, variantName, null))
            throw conflict(LOOKUP_MESSAGES.variants);
          variants.push(await insert(tx, table, variantName, LOOKUP_MESSAGES.variants));
        }
      }
      await AuditTrail.record(tx, this.actor, {
        action: 'lookup.create',
        object: { kind, id: item.id, label: item.name },
        before: {},
        after: {
          name: item.name,
          ...(kind === 'brand' ? { variants: variants.map((v) => v.name) } : {}),
        },
      });
      return { item, variants };
    });
  }

  async rename(kind: LookupKind, id: number, rawName: string): Promise<LookupItem> {
    const name = validName(rawName);
    const { table } = TABLES[kind];
    await assertFree(this.em, table, name, id);
    try {
      return await withTransaction(this.em, async (tx) => {
        const [old] = await tx.execute<LookupItem[]>(
          `select id, name from ${table} where id = ? for update`,
          [id],
        );
        if (!old) throw notFound(LOOKUP_MESSAGES.notFound);
        const [row] = await tx.execute<LookupItem[]>(
          `update ${table} set name = ? where id = ? returning id, name`,
          [name, id],
        );
        await AuditTrail.record(tx, this.actor, {
          action: 'lookup.rename',
          object: { kind, id, label: row!.name },
          before: { name: old.name },
          after: { name: row!.name },
        });
        return row!;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(LOOKUP_MESSAGES.duplicate, 'name');
      throw err;
    }
  }

  /**
   * Deletes an item no product uses; one in use is refused (its products' generated names embed
   * it, and the storefront filters by it). The row lock keeps a product from taking it meanwhile.
   */
  async delete(kind: LookupKind, id: number): Promise<LookupItem> {
    const { table, productColumn } = TABLES[kind];
    return withTransaction(this.em, async (tx) => {
      const [row] = await tx.execute<LookupItem[]>(
        `select id, name from ${table} where id = ? for update`,
        [id],
      );
      if (!row) throw notFound(LOOKUP_MESSAGES.notFound);
      const used = await tx.execute(`select 1 from product where ${productColumn} = ? limit 1`, [
        id,
      ]);
      if (used.length > 0) throw conflict(LOOKUP_MESSAGES.inUse);
      await tx.execute(`delete from ${table} where id = ?`, [id]);
      await AuditTrail.record(tx, this.actor, {
        action: 'lookup.delete',
        object: { kind, id, label: row.name },
        before: { name: row.name },
        after: {},
      });
      return row;
    });
  }
}

function validName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw badInput(LOOKUP_MESSAGES.required, 'name');
  if (CONTROL_CHARS.test(name)) throw badInput(LOOKUP_MESSAGES.controlChars, 'name');
  if ([...name].length > MAX_LOOKUP_NAME) throw badInput(LOOKUP_MESSAGES.tooLong, 'name');
  return name;
}

async function nameTaken(
  em: EntityManager,
  table: string,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  const rows = await em.execute(
    `select 1 from ${table} where lower(name) = lower(?) and id <> ? limit 1`,
    [name, exceptId ?? 0],
  );
  return rows.length > 0;
}

async function assertFree(em: EntityManager, table: string, name: string, exceptId: number | null) {
  if (await nameTaken(em, table, name, exceptId)) throw conflict(LOOKUP_MESSAGES.duplicate, 'name');
}

async function insert(
  em: EntityManager,
  table: string,
  name: string,
  clashMessage: string = LOOKUP_MESSAGES.duplicate,
): Promise<LookupItem> {
  try {
    const [row] = await em.execute<LookupItem[]>(
      `insert into ${table} (name) values (?) returning id, name`,
      [name],
    );
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(clashMessage, 'name');
    throw err;
  }
}
