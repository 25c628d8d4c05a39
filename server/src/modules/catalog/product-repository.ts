import type { EntityManager } from '@mikro-orm/postgresql';
import type { Page } from '../shared/paging.js';
import { likeContains, placeholders } from '../shared/sql.js';
import type { Gender } from './product.entity.js';
import { visibleProduct } from './product-rules.js';
import { PRODUCT_VIEW_JOINS, PRODUCT_VIEW_SELECT, type ProductViewRow } from './product-view.js';

/**
 * The admin's reads and writes of the product tables (product, product_stock, product_image)
 * and the lookup lists they name, in SQL: the product admin service decides, this writes. Every
 * function runs on the EntityManager it is given (the caller's transaction for writes).
 */

/** A product's own columns as the admin writes them. */
export interface ProductColumns {
  name: string;
  description: string;
  priceCents: number;
  promotion: boolean;
  promotionPriceCents: number | null;
  special: boolean;
  gender: Gender;
  typeId: number | null;
  brandId: number | null;
  colorId: number | null;
}

export interface ImageRow {
  id: number;
  file_name: string;
  position: number;
}

export type LookupKey = 'type' | 'brand' | 'color';

export interface LookupRow {
  kind: LookupKey;
  id: number;
  name: string;
}

const values = (c: ProductColumns) => [
  c.name,
  c.description,
  c.priceCents,
  c.promotion,
  c.promotionPriceCents,
  c.special,
  c.gender,
  c.typeId,
  c.brandId,
  c.colorId,
];

/**
 * A page of the visible products, newest first, and how many there are: with `words`, only those
 * whose name or one of whose sizes contains every word (case- and accent-insensitive). Two
 * statements per page, whatever its size (EXPLAIN ANALYZE at 100,000 products in the migration
 * ProductHidden's note and the report).
 */
export async function adminProductPage(
  em: EntityManager,
  words: readonly string[],
  page: Page,
): Promise<{ rows: ProductViewRow[]; total: number }> {
  if (words.length === 0) {
    const [rows, [count]] = await Promise.all([
      em.execute<ProductViewRow[]>(
        `select ${PRODUCT_VIEW_SELECT} from product p ${PRODUCT_VIEW_JOINS}
          where ${visibleProduct('p')} order by p.id desc offset ? limit ?`,
        [page.offset, page.limit],
      ),
      em.execute<{ n: number }[]>(
        `select count(*)::int as n from product p where ${visibleProduct('p')}`,
      ),
    ]);
    return { rows, total: count?.n ?? 0 };
  }
  // Per word, the products whose name or one of whose sizes contains it, each set built from
  // index-only scans (the stored search form of the names; the few distinct sizes, read by a
  // loose index scan, then their products); the sets intersected, hidden products taken out.
  // The page sorts only what was found. No unaccent() per product (see the migration
  // ProductHidden for the indexes and the plans at 100,000 products).
  const perWord = words.map(
    () => `(select id from product p where ${visibleProduct('p')} and search_name like f_search_text(?)
            union
            select product_id from product_stock
             where size = any(array(
               select size from size_names where f_search_text(size) like f_search_text(?))))`,
  );
  const found = `with recursive size_names(size) as (
      (select size from product_stock order by size limit 1)
      union all
      select (select s.size from product_stock s where s.size > n.size order by s.size limit 1)
        from size_names n where n.size is not null),
    found(id) as ((${perWord.join(' intersect ')})
      except select id from product where hidden_at is not null)`;
  const params = words.map(likeContains).flatMap((p) => [p, p]);
  const [rows, [count]] = await Promise.all([
    em.execute<ProductViewRow[]>(
      `${found} select ${PRODUCT_VIEW_SELECT} from product p ${PRODUCT_VIEW_JOINS}
        where p.id in (select id from found order by id desc offset ? limit ?)
        order by p.id desc`,
      [...params, page.offset, page.limit],
    ),
    em.execute<{ n: number }[]>(`${found} select count(*)::int as n from found`, params),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Locks a visible product's row until the transaction ends; false when there is none. */
export async function lockShownProduct(tx: EntityManager, id: number): Promise<boolean> {
  const rows = await tx.execute<{ id: number }[]>(
    `select id from product p where id = ? and ${visibleProduct('p')} for update`,
    [id],
  );
  return rows.length > 0;
}

/**
 * Whether another visible product (not `exceptId`) has this name, case-insensitively. An
 * advisory lock on the name first, so two concurrent writes of the same name wait for each
 * other.
 */
export async function nameTaken(
  tx: EntityManager,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  await tx.execute("select pg_advisory_xact_lock(hashtext('product-name:' || lower(?)))", [name]);
  const taken = await tx.execute(
    `select 1 from product p where lower(name) = lower(?) and ${visibleProduct('p')} and id <> ? limit 1`,
    [name, exceptId ?? 0],
  );
  return taken.length > 0;
}

/** Every type, brand and colour: one statement. */
export function lookupLists(tx: EntityManager): Promise<LookupRow[]> {
  return tx.execute<LookupRow[]>(
    `select 'type' as kind, id, name from product_type
     union all select 'brand', id, name from brand
     union all select 'color', id, name from color`,
  );
}

/** Creates a product's row; returns its id. */
export async function insertProduct(tx: EntityManager, columns: ProductColumns): Promise<number> {
  const [row] = await tx.execute<{ id: number }[]>(
    `insert into product (name, description, price_cents, promotion, promotion_price_cents,
                          special, gender, type_id, brand_id, color_id)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    values(columns),
  );
  return row!.id;
}

export async function updateProduct(
  tx: EntityManager,
  id: number,
  columns: ProductColumns,
): Promise<void> {
  await tx.execute(
    `update product set name = ?, description = ?, price_cents = ?, promotion = ?,
            promotion_price_cents = ?, special = ?, gender = ?, type_id = ?, brand_id = ?,
            color_id = ?, updated_at = now()
      where id = ?`,
    [...values(columns), id],
  );
}

/**
 * The product's sizes become these, in this display order with these quantities: the sizes
 * left out go (when `removeOthers`), the others are upserted (one statement each).
 */
export async function writeSizes(
  tx: EntityManager,
  productId: number,
  sizes: readonly string[],
  quantities: readonly number[],
  { removeOthers }: { removeOthers: boolean },
): Promise<void> {
  if (removeOthers) {
    await tx.execute(
      `delete from product_stock
        where product_id = ? and size not in (select json_array_elements_text(?::json))`,
      [productId, JSON.stringify(sizes)],
    );
  }
  await tx.execute(
    `insert into product_stock (product_id, size, position, quantity)
     select ?, s.size, s.ord::int - 1, q.quantity::int
       from json_array_elements_text(?::json) with ordinality as s(size, ord)
       join json_array_elements_text(?::json) with ordinality as q(quantity, ord) using (ord)
     on conflict (product_id, size)
     do update set position = excluded.position, quantity = excluded.quantity`,
    [productId, JSON.stringify(sizes), JSON.stringify(quantities)],
  );
}

/** A product's photos in display order. */
export function productImages(tx: EntityManager, productId: number): Promise<ImageRow[]> {
  return tx.execute<ImageRow[]>(
    'select id, file_name, position from product_image where product_id = ? order by position',
    [productId],
  );
}

/**
 * A product's photos become `kept` (renumbered from 0 in this order) followed by `added`; the
 * photos `removed` go.
 */
export async function writeImages(
  tx: EntityManager,
  productId: number,
  images: {
    kept: readonly ImageRow[];
    removed: readonly ImageRow[];
    added: readonly string[];
  },
): Promise<void> {
  const { kept, removed, added } = images;
  if (removed.length > 0) {
    await tx.execute(
      `delete from product_image where id in (${placeholders(removed.length)})`,
      removed.map((i) => i.id),
    );
  }
  if (kept.length > 0 && kept.some((image, i) => image.position !== i)) {
    // (product_id, position) is unique row by row: out of the way first, then in place.
    await tx.execute('update product_image set position = -1 - position where product_id = ?', [
      productId,
    ]);
    await tx.execute(
      `update product_image i set position = v.ord - 1
         from json_array_elements_text(?::json) with ordinality as v(id, ord)
        where i.id = v.id::int`,
      [JSON.stringify(kept.map((i) => i.id))],
    );
  }
  if (added.length === 0) return;
  await tx.execute(
    `insert into product_image (product_id, file_name, position)
     select ?, v.file_name, v.position
       from json_to_recordset(?::json) as v(file_name text, position int)`,
    [
      productId,
      JSON.stringify(
        added.map((fileName, i) => ({ file_name: fileName, position: kept.length + i })),
      ),
    ],
  );
}

/** Hides a product: kept for the orders that name it, gone from the shop and the admin list. */
export async function hideProduct(tx: EntityManager, id: number): Promise<void> {
  await tx.execute('update product set hidden_at = now() where id = ?', [id]);
}

/** Deletes a product with its sizes and photos; returns its photos' file names. */
export async function deleteProduct(tx: EntityManager, id: number): Promise<string[]> {
  const images = await tx.execute<{ file_name: string }[]>(
    'select file_name from product_image where product_id = ?',
    [id],
  );
  await tx.execute('delete from product where id = ?', [id]);
  return images.map((i) => i.file_name);
}

/** A product as the audit trail keeps it: its fields, lookups by name, sizes, photo ids. */
export interface ProductAuditRow {
  name: string;
  description: string;
  price_cents: number;
  promotion: boolean;
  promotion_price_cents: number | null;
  special: boolean;
  type: string | null;
  brand: string | null;
  color: string | null;
  stock: { size: string; quantity: number }[];
  photos: number[];
}

/** One statement: the product's audit state (undefined when there is no such product). */
export async function productAuditRow(
  tx: EntityManager,
  id: number,
): Promise<ProductAuditRow | undefined> {
  const [row] = await tx.execute<ProductAuditRow[]>(
    `select p.name, p.description, p.price_cents, p.promotion, p.promotion_price_cents, p.special,
            t.name as type, b.name as brand, c.name as color,
            coalesce((select json_agg(json_build_object('size', s.size, 'quantity', s.quantity)
                                      order by s.position)
                        from product_stock s where s.product_id = p.id), '[]') as stock,
            coalesce((select json_agg(i.id order by i.position)
                        from product_image i where i.product_id = p.id), '[]') as photos
       from product p
       left join product_type t on t.id = p.type_id
       left join brand b on b.id = p.brand_id
       left join color c on c.id = p.color_id
      where p.id = ?`,
    [id],
  );
  return row;
}
