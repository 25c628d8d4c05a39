import type { EntityManager } from '@mikro-orm/postgresql';
import { visibleProduct } from './product-rules.js';

/** One size of one product. */
export interface StockSize {
  productId: number;
  size: string;
}

/** A change to one size's stock: negative takes units, positive returns them. */
export interface StockChange extends StockSize {
  delta: number;
}

export const stockKey = (s: StockSize): string => `${s.productId}\u0000${s.size}`;

/**
 * Locks the stock rows of these sizes (inside the caller's transaction) in (product, size)
 * order, the one order every writer of stock uses, so two transactions never wait on each other
 * in a circle. Returns the units each size has now, by `stockKey`; a size without a row is
 * absent.
 */
export async function lockStock(
  tx: EntityManager,
  sizes: readonly StockSize[],
): Promise<Map<string, number>> {
  if (sizes.length === 0) return new Map();
  const rows = await tx.execute<{ product_id: number; size: string; quantity: number }[]>(
    `select product_id, size, quantity from product_stock
      where (product_id, size) in (${sizes.map(() => '(?, ?)').join(', ')})
      order by product_id, size
      for update`,
    sizes.flatMap((s) => [s.productId, s.size]),
  );
  return new Map(
    rows.map((r) => [stockKey({ productId: r.product_id, size: r.size }), r.quantity]),
  );
}

/**
 * Applies the changes in one statement (lock the rows with `lockStock` first). The table's
 * CHECK keeps every quantity at 0 or more, whatever a caller computed.
 */
export async function changeStock(tx: EntityManager, changes: readonly StockChange[]) {
  if (changes.length === 0) return;
  await tx.execute(
    `update product_stock s set quantity = s.quantity + v.delta
       from (values ${changes.map(() => '(?::int, ?::text, ?::int)').join(', ')})
            v(product_id, size, delta)
      where s.product_id = v.product_id and s.size = v.size`,
    changes.flatMap((c) => [c.productId, c.size, c.delta]),
  );
}

/** The units of one size now, or undefined when the product has no such size. */
export async function sizeQuantity(
  em: EntityManager,
  size: StockSize,
): Promise<number | undefined> {
  const [row] = await em.execute<{ quantity: number }[]>(
    'select quantity from product_stock where product_id = ? and size = ?',
    [size.productId, size.size],
  );
  return row?.quantity;
}

/**
 * Whether a product shoppers see exists (false: none, or deleted) and the units of one of its
 * sizes (null: no such size): one statement.
 */
export async function shownSizeQuantity(
  em: EntityManager,
  size: StockSize,
): Promise<{ shown: false } | { shown: true; quantity: number | null }> {
  const [row] = await em.execute<{ quantity: number | null }[]>(
    `select s.quantity from product p
       left join product_stock s on s.product_id = p.id and s.size = ?
      where p.id = ? and ${visibleProduct('p')}`,
    [size.size, size.productId],
  );
  return row ? { shown: true, quantity: row.quantity } : { shown: false };
}

/**
 * For another module's statement that must read a size's stock in the same statement as its own
 * write (the cart's capped merge): the units in stock of the size with product id and size bound
 * as two parameters, no row when it is sold out or absent.
 */
export const IN_STOCK_QUANTITY_SQL =
  'select quantity from product_stock where product_id = ? and size = ? and quantity > 0';
