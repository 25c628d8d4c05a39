import { Migration } from '@mikro-orm/migrations';

/**
 * Named adjustments (issue 24 item 1): `order_adjustment`, one row per amount the order
 * calculator (`rules/src/order-calculator.ts`) took off an order: its code ('BULK_DISCOUNT',
 * 'COUPON', 'FREE_SHIPPING'), its Spanish label as the shopper read it, its amount in centavos,
 * and its shares per order line (`line_shares`: `[{ "orderLineId": 7, "amountCents": 10000 }]`,
 * adding up to the amount exactly; empty for one on shipping), so a later refund of one line is
 * exact. Written by checkout (modules/orders/checkout.ts) in the order's transaction;
 * `shop_order.discount_cents` stays the sum of the order's adjustments.
 *
 * Backfill: every existing order with `discount_cents > 0` gets a BULK_DISCOUNT 'Descuento por
 * mayoreo' for that amount, prorated over its lines not on promotion by their units (largest
 * remainder, the lowest line id first on a tie: $50 per unit when the rule of the day applied).
 */
export class Migration20261127060000OrderAdjustments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table order_adjustment (
        id serial primary key,
        order_id integer not null references shop_order (id) on delete cascade,
        code text not null check (code in ('BULK_DISCOUNT', 'COUPON', 'FREE_SHIPPING')),
        label text not null,
        amount_cents integer not null check (amount_cents > 0),
        line_shares jsonb not null default '[]' check (jsonb_typeof(line_shares) = 'array')
      );`);
    this.addSql(`create index order_adjustment_order_id_idx on order_adjustment (order_id, id);`);
    this.addSql(`
      with l as (
        select ol.id, ol.order_id, o.discount_cents::bigint as d, ol.quantity::bigint as q,
               sum(ol.quantity) over (partition by ol.order_id)::bigint as qt
          from order_line ol join shop_order o on o.id = ol.order_id
         where o.discount_cents > 0 and not ol.on_promotion
      ), s as (
        select l.*, (d * q) / qt as base, (d * q) % qt as rem from l
      ), r as (
        select s.*, d - sum(base) over (partition by order_id) as leftover,
               row_number() over (partition by order_id order by rem desc, id) as rn
          from s
      )
      insert into order_adjustment (order_id, code, label, amount_cents, line_shares)
      select order_id, 'BULK_DISCOUNT', 'Descuento por mayoreo', max(d),
             jsonb_agg(jsonb_build_object(
               'orderLineId', id,
               'amountCents', base + case when rn <= leftover then 1 else 0 end) order by id)
        from r group by order_id order by order_id;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists order_adjustment;`);
  }
}
