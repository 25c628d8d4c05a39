import type { EntityManager } from '@mikro-orm/postgresql';
import type { Adjustment } from '../pricing/pricing.js';

/**
 * An order's named adjustments (`order_adjustment`, Migration20261127060000OrderAdjustments):
 * what the order calculator took off, kept as rows with their per-line shares.
 */

/**
 * A select-list column: the adjustments of the order aliased `order` as one jsonb array
 * `[{ code, label, amountCents, lines: [{ orderLineId, amountCents }] }]`, in the calculator's
 * order (through the (order_id, id) index), so a read of orders needs no other statement.
 */
export const adjustmentsColumn = (order = 'o', as = 'adjustments') =>
  `coalesce((select jsonb_agg(jsonb_build_object('code', adj.code, 'label', adj.label,
      'amountCents', adj.amount_cents, 'lines', adj.line_shares) order by adj.id)
    from order_adjustment adj where adj.order_id = ${order}.id), '[]'::jsonb) as ${as}`;

/** The driver hands jsonb back parsed; a string (another driver's habit) is parsed here. */
export const parseAdjustments = <T>(value: T[] | string): T[] =>
  typeof value === 'string' ? (JSON.parse(value) as T[]) : value;

/**
 * Writes an order's named adjustments (the order calculator's, `totals.adjustments`) as
 * `order_adjustment` rows, each line's share under its order line's id (`orderLineIds[i]` is the
 * id of the calculator's line i). One statement; nothing when there is no adjustment.
 */
export async function saveAdjustments(
  tx: EntityManager,
  orderId: number,
  adjustments: readonly Adjustment[],
  orderLineIds: readonly number[],
): Promise<void> {
  if (adjustments.length === 0) return;
  await tx.execute(
    `insert into order_adjustment (order_id, code, label, amount_cents, line_shares)
      values ${adjustments.map(() => '(?, ?, ?, ?, ?::jsonb)').join(', ')}`,
    adjustments.flatMap((a) => [
      orderId,
      a.code,
      a.label,
      a.amountCents,
      JSON.stringify(
        a.lines.map((l) => ({ orderLineId: orderLineIds[l.line], amountCents: l.amountCents })),
      ),
    ]),
  );
}
