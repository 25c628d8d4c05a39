import { Migration } from '@mikro-orm/migrations';

const PAID_LABELS = `('Pagado', 'Pagado por mercadopago')`;

/**
 * 'Resumen', the owner's home screen (issue 26 item 2): when an order was paid, and the paid
 * orders' figures per Mexico City day, kept by triggers so the screen reads a few hundred rows
 * whatever the number of orders (bench/notes/summary.md: summing the orders and their lines for a
 * year took 1.9 s at 200,000 orders).
 *
 * `shop_order.paid_at`: the moment the order's payment was approved (the `approved_at` of the
 * payment recorded with its change into PAID: both are the transaction's `now()`), kept while the
 * order is paid, shipped or delivered; null while it waits for payment, once it is cancelled, and
 * for an order shipped unpaid by an admin's override (no payment). The BEFORE trigger keeps it,
 * whoever writes the status: entering 'Pagado' or 'Pagado por mercadopago' sets it to now()
 * (unless the statement sets it itself, as the seed does), 'Cancelado por falta de pago' clears
 * it, anything else keeps it.
 *
 * `sales_day` (orders, units, revenue = the orders' totals, discounts = their adjustments) and
 * `sales_day_product` (units and units × unit price per product; a deleted product's lines, with
 * no product id, under 0 and the name they kept): the paid orders per Mexico City day of
 * `paid_at`. The AFTER trigger adds an order when it gets a `paid_at` and takes it off when it
 * loses it (cancelled) or is deleted (BEFORE DELETE, while its lines are still there); a change of
 * its total or discount while paid moves the difference. An order's lines are read when it is
 * paid: the shop writes them at checkout, before, and never changes them after. TRUNCATE skips
 * the triggers (tests empty these tables with it). Read only by modules/summary. Their rows are
 * updated in place at every payment: room is left in each page (fillfactor 70) so the new
 * versions stay on the page (HOT) and a day's rows stay together.
 *
 * Two partial indexes for the screen's lists (bench/notes/summary.md): the unpaid orders by
 * age, and the coupons' held uses by when they were taken (the coupons module's table; the index
 * changes none of its statements).
 */
export class Migration20261127120000Summary extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table shop_order add column paid_at timestamptz;`);
    this.addSql(`
      update shop_order o set paid_at = p.approved_at
        from (select order_id, max(approved_at) as approved_at from payment
               where state = 'approved' group by order_id) p
       where p.order_id = o.id
         and o.status in ('Pagado', 'Pagado por mercadopago', 'Enviado', 'Entregado');`);
    this.addSql(`
      create function shop_order_paid_at() returns trigger language plpgsql as $$
      begin
        if new.status in ${PAID_LABELS} then
          if tg_op = 'INSERT' then
            new.paid_at := coalesce(new.paid_at, now());
          elsif old.status not in ${PAID_LABELS} and new.paid_at is not distinct from old.paid_at then
            new.paid_at := now();
          end if;
        elsif new.status = 'Cancelado por falta de pago' then
          new.paid_at := null;
        end if;
        return new;
      end $$;`);
    this.addSql(`
      create trigger shop_order_paid_at before insert or update of status on shop_order
        for each row execute function shop_order_paid_at();`);

    this.addSql(`
      create table sales_day (
        day date primary key,
        orders integer not null default 0,
        units bigint not null default 0,
        revenue_cents bigint not null default 0,
        discount_cents bigint not null default 0
      ) with (fillfactor = 70);`);
    this.addSql(`
      create table sales_day_product (
        day date not null,
        product_id integer not null,
        gone_name text not null default '',
        units bigint not null default 0,
        revenue_cents bigint not null default 0,
        primary key (day, product_id, gone_name)
      ) with (fillfactor = 70);`);
    this.addSql(`
      create function sales_day_apply(o_id integer, at timestamptz, total bigint, discount bigint,
                                      sign integer) returns void language sql as $$
        insert into sales_day as s (day, orders, units, revenue_cents, discount_cents)
        select (at at time zone 'America/Mexico_City')::date, sign,
               sign * coalesce((select sum(quantity) from order_line where order_id = o_id), 0),
               sign * total, sign * discount
        on conflict (day) do update set
          orders = s.orders + excluded.orders, units = s.units + excluded.units,
          revenue_cents = s.revenue_cents + excluded.revenue_cents,
          discount_cents = s.discount_cents + excluded.discount_cents;
        insert into sales_day_product as s (day, product_id, gone_name, units, revenue_cents)
        select (at at time zone 'America/Mexico_City')::date, coalesce(product_id, 0),
               case when product_id is null then product_name else '' end,
               sign * sum(quantity), sign * sum(quantity::bigint * unit_price_cents)
          from order_line where order_id = o_id
         group by 1, 2, 3
        on conflict (day, product_id, gone_name) do update set
          units = s.units + excluded.units,
          revenue_cents = s.revenue_cents + excluded.revenue_cents;
      $$;`);
    this.addSql(`
      create function shop_order_sales() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') and old.paid_at is not null then
          perform sales_day_apply(old.id, old.paid_at, old.total_cents, old.discount_cents, -1);
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.paid_at is not null then
          perform sales_day_apply(new.id, new.paid_at, new.total_cents, new.discount_cents, 1);
        end if;
        return case when tg_op = 'DELETE' then old else null end;
      end $$;`);
    this.addSql(`
      create trigger shop_order_sales_insert after insert on shop_order
        for each row when (new.paid_at is not null) execute function shop_order_sales();`);
    this.addSql(`
      create trigger shop_order_sales_update after update on shop_order
        for each row when (old.paid_at is distinct from new.paid_at
          or (new.paid_at is not null and (old.total_cents <> new.total_cents
                                           or old.discount_cents <> new.discount_cents)))
        execute function shop_order_sales();`);
    this.addSql(`
      create trigger shop_order_sales_delete before delete on shop_order
        for each row when (old.paid_at is not null) execute function shop_order_sales();`);

    // The screen's other lists: the unpaid orders by age (the sweep's own set, small, where the
    // status index holds every order that ever waited), and the coupons' held uses by when.
    this.addSql(`
      create index shop_order_awaiting_payment_idx on shop_order (created_at, id)
        where status = 'En espera de pago';`);
    this.addSql(`
      create index coupon_use_taken_at_idx on coupon_use (taken_at) where released_at is null;`);

    // The orders paid so far.
    this.addSql(`
      insert into sales_day (day, orders, units, revenue_cents, discount_cents)
      select (o.paid_at at time zone 'America/Mexico_City')::date, count(*),
             coalesce(sum((select sum(quantity) from order_line l where l.order_id = o.id)), 0),
             sum(o.total_cents), sum(o.discount_cents)
        from shop_order o where o.paid_at is not null group by 1;`);
    this.addSql(`
      insert into sales_day_product (day, product_id, gone_name, units, revenue_cents)
      select (o.paid_at at time zone 'America/Mexico_City')::date, coalesce(l.product_id, 0),
             case when l.product_id is null then l.product_name else '' end,
             sum(l.quantity), sum(l.quantity::bigint * l.unit_price_cents)
        from shop_order o join order_line l on l.order_id = o.id
       where o.paid_at is not null group by 1, 2, 3;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists shop_order_sales_insert on shop_order;`);
    this.addSql(`drop trigger if exists shop_order_sales_update on shop_order;`);
    this.addSql(`drop trigger if exists shop_order_sales_delete on shop_order;`);
    this.addSql(`drop function if exists shop_order_sales();`);
    this.addSql(
      `drop function if exists sales_day_apply(integer, timestamptz, bigint, bigint, integer);`,
    );
    this.addSql(`drop table if exists sales_day_product, sales_day;`);
    this.addSql(`drop index if exists shop_order_awaiting_payment_idx;`);
    this.addSql(`drop index if exists coupon_use_taken_at_idx;`);
    this.addSql(`drop trigger if exists shop_order_paid_at on shop_order;`);
    this.addSql(`drop function if exists shop_order_paid_at();`);
    this.addSql(`alter table shop_order drop column if exists paid_at;`);
  }
}
