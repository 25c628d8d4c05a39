import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../accounts/access.js';
import { type AuditFields, AuditTrail } from '../audit/audit-trail.js';
import { productAuditRow, type ProductAuditRow } from './product-repository.js';

/**
 * The catalogue's entries in the admin audit trail: a product's state is read in the change's
 * transaction (before and after it), and its changes become entries there, so they commit with
 * the change or not at all. An update writes up to three entries, one per kind of change: its
 * own fields ('product.update': price, promotion, name…), its stock ('product.stock': one field
 * per size, 'size:M', its quantity or null when absent; 'sizes' when only their order changed)
 * and its photos ('product.photos': the photos' ids in display order).
 */

/** The product's own fields, as the trail names them. */
function ownFields(row: ProductAuditRow): AuditFields {
  return {
    name: row.name,
    description: row.description,
    priceCents: row.price_cents,
    promotion: row.promotion,
    promotionPriceCents: row.promotion_price_cents,
    special: row.special,
    type: row.type,
    brand: row.brand,
    color: row.color,
  };
}

/** One field per size: its quantity. */
function stockFields(row: ProductAuditRow): AuditFields {
  return Object.fromEntries(row.stock.map((s) => [`size:${s.size}`, s.quantity]));
}

/** Everything: for a creation's `after` and a deletion's `before`. */
function allFields(row: ProductAuditRow): AuditFields {
  return {
    ...ownFields(row),
    sizes: row.stock.map((s) => s.size),
    ...stockFields(row),
    photos: row.photos,
  };
}

const productObject = (id: number, row: ProductAuditRow) => ({
  kind: 'product',
  id,
  label: row.name,
});

/** The product's state now, in the transaction (before a change, or after it). */
export async function productState(tx: EntityManager, id: number): Promise<ProductAuditRow> {
  const row = await productAuditRow(tx, id);
  if (!row) throw new Error(`Producto ${id} ausente al auditar`);
  return row;
}

export async function auditProductCreated(tx: EntityManager, actor: Actor, id: number) {
  const row = await productState(tx, id);
  await AuditTrail.record(tx, actor, {
    action: 'product.create',
    object: productObject(id, row),
    before: {},
    after: allFields(row),
  });
}

export async function auditProductUpdated(
  tx: EntityManager,
  actor: Actor,
  id: number,
  before: ProductAuditRow,
) {
  const after = await productState(tx, id);
  const object = productObject(id, after);
  await AuditTrail.record(tx, actor, {
    action: 'product.update',
    object,
    before: ownFields(before),
    after: ownFields(after),
  });
  const beforeStock = stockFields(before);
  const afterStock = stockFields(after);
  // Sizes that come or go show as null on one side; the order alone only when nothing else moved.
  for (const key of Object.keys(afterStock)) if (!(key in beforeStock)) beforeStock[key] = null;
  for (const key of Object.keys(beforeStock)) if (!(key in afterStock)) afterStock[key] = null;
  const sameSet =
    before.stock.length === after.stock.length &&
    before.stock.every((s) => after.stock.some((a) => a.size === s.size));
  if (sameSet) {
    beforeStock.sizes = before.stock.map((s) => s.size);
    afterStock.sizes = after.stock.map((s) => s.size);
  }
  await AuditTrail.record(tx, actor, {
    action: 'product.stock',
    object,
    before: beforeStock,
    after: afterStock,
  });
  await AuditTrail.record(tx, actor, {
    action: 'product.photos',
    object,
    before: { photos: before.photos },
    after: { photos: after.photos },
  });
}

/** A deletion ('product.delete'), or a hiding ('product.hide': orders name it). */
export async function auditProductRemoved(
  tx: EntityManager,
  actor: Actor,
  id: number,
  before: ProductAuditRow,
  hidden: boolean,
) {
  await AuditTrail.record(tx, actor, {
    action: hidden ? 'product.hide' : 'product.delete',
    object: productObject(id, before),
    before: hidden ? { ...allFields(before), hidden: false } : allFields(before),
    after: hidden ? { hidden: true } : {},
  });
}
