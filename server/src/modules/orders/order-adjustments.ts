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
 * The statement that writes an order's named adjustments (the order calculator's,
 * `totals.adjustments`) as `order_adjustment` rows, each line's share under its order line's id:
 * for the checkout's one write of the order (checkout.ts), where the order lines are inserted by
 * the CTE `lineCte` (`id`, `cart_line_id`) of the same statement; `cartLineIds[i]` is the cart
 * line of the calculator's line i. Nothing is written when there is no adjustment.
 */
export function insertAdjustmentsStatement(
  orderId: number,
  adjustments: readonly Adjustment[],
  cartLineIds: readonly number[],
  lineCte: string,
): { sql: string; params: unknown[] } {
  const rows = adjustments.map((a) => ({
    code: a.code,
    label: a.label,
    amountCents: a.amountCents,
    shares: a.lines.map((l) => ({ cartLineId: cartLineIds[l.line], amountCents: l.amountCents })),
  }));
  return {
    sql: `insert into order_adjustment (order_id, code, label, amount_cents, line_shares)
      select ?::integer, a->>'code', a->>'label', (a->>'amountCents')::integer,
             coalesce((select jsonb_agg(jsonb_build_object('orderLineId', ol.id,
                 'amountCents', (s->>'amountCents')::integer) order by sn)
               from jsonb_array_elements(a->'shares') with ordinality as sh(s, sn)
               join ${lineCte} ol on ol.cart_line_id = (s->>'cartLineId')::integer), '[]'::jsonb)
        from jsonb_array_elements(?::jsonb) with ordinality as x(a, n)
       order by n`,
    params: [orderId, JSON.stringify(rows)],
  };
}
