import type { EntityManager } from '@mikro-orm/postgresql';

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
