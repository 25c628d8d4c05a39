import { Migration } from '@mikro-orm/migrations';

/**
 * 'Resumen', the owner's home screen (issue 26 item 2): when an order was paid, on the order.
 *
 * `shop_order.paid_at`: the moment the order's payment was approved (the `approved_at` of the
 * payment recorded with its change into PAID: both are the transaction's `now()`), kept while the
 * order is paid, shipped or delivered, null while it waits for payment, once it is cancelled, and
 * for an order shipped unpaid by an admin's override (no payment). A trigger keeps it, whoever
 * writes the status: entering 'Pagado' or 'Pagado por mercadopago' sets it (an insert may bring
 * its own, as the seed does), 'Cancelado por falta de pago' clears it, anything else keeps it.
 *
 * `shop_order_paid_at_idx`: the paid orders by that moment, with what the summary sums
 * (`total_cents`, `discount_cents`), so a range of days is one index-only range scan; the units
 * and best sellers join `order_line` by its order index (bench/notes/summary.md has the plans).
 *
 * Backfill: every paid, shipped or delivered order with an approved payment takes the latest one's
 * `approved_at` (a cancelled order reactivated as paid has one payment per time it was paid).
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
        if new.status in ('Pagado', 'Pagado por mercadopago') then
          if tg_op = 'INSERT' then
            new.paid_at := coalesce(new.paid_at, now());
          elsif old.status not in ('Pagado', 'Pagado por mercadopago') then
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
      create index shop_order_paid_at_idx on shop_order (paid_at)
        include (id, total_cents, discount_cents) where paid_at is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists shop_order_paid_at_idx;`);
    this.addSql(`drop trigger if exists shop_order_paid_at on shop_order;`);
    this.addSql(`drop function if exists shop_order_paid_at();`);
    this.addSql(`alter table shop_order drop column if exists paid_at;`);
  }
}
