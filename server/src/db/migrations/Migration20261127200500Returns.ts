import { Migration } from '@mikro-orm/migrations';

/**
 * Returns and exchanges (issue 25 item 6).
 *
 * - `shop_order.status` may be 'Cancelado con reembolso': a paid order the shop cannot fulfil,
 *   cancelled with its money given back (its units back in stock). Like 'Cancelado por falta de
 *   pago' it clears `paid_at`, so the summary's sales lose it (`shop_order_paid_at()` again).
 * - `shop_order.delivered_at`: when the order became 'Entregado' (the returns' five business days
 *   count from it), set by a BEFORE trigger whoever writes the status; existing delivered orders
 *   take their last change's time.
 * - `order_event.type` gains 'order.refunded' (a paid order cancelled with a refund) and
 *   'order.return_refunded' (a return's refund: the invoicing module's credit note reacts to it).
 * - `order_return` and `order_return_line`, owned by `modules/returns/` (reached only by SQL):
 *   the request, its status and who moved it when, the refund; each line with the order line it
 *   takes back, the quantity, the reason, the new size of an exchange and its refund (the line's
 *   paid share, from the order calculator's prorations). `exchange_reserved` says the new size's
 *   units are held (taken from stock at the request, given back if the return is rejected).
 */
export class Migration20261127200500Returns extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table shop_order drop constraint shop_order_status_check;`);
    this.addSql(`
      alter table shop_order add constraint shop_order_status_check check (status in (
        'En espera de pago', 'Pagado', 'Enviado', 'Entregado', 'Cancelado por falta de pago',
        'Pagado por mercadopago', 'Cancelado con reembolso'));`);
    this.addSql(`alter table shop_order add column delivered_at timestamptz;`);
    this.addSql(`update shop_order set delivered_at = updated_at where status = 'Entregado';`);
    this.addSql(`
      create function shop_order_delivered_at() returns trigger language plpgsql as $$
      begin
        if new.status = 'Entregado' then
          if tg_op = 'INSERT' then
            new.delivered_at := coalesce(new.delivered_at, now());
          elsif old.status <> 'Entregado' and new.delivered_at is not distinct from old.delivered_at then
            new.delivered_at := now();
          end if;
        end if;
        return new;
      end $$;`);
    this.addSql(`
      create trigger shop_order_delivered_at before insert or update of status on shop_order
        for each row execute function shop_order_delivered_at();`);
    this.addSql(`
      create or replace function shop_order_paid_at() returns trigger language plpgsql as $$
      begin
        if new.status in ('Pagado', 'Pagado por mercadopago') then
          if tg_op = 'INSERT' then
            new.paid_at := coalesce(new.paid_at, now());
          elsif old.status not in ('Pagado', 'Pagado por mercadopago')
                and new.paid_at is not distinct from old.paid_at then
            new.paid_at := now();
          end if;
        elsif new.status in ('Cancelado por falta de pago', 'Cancelado con reembolso') then
          new.paid_at := null;
        end if;
        return new;
      end $$;`);

    this.addSql(`alter table order_event drop constraint order_event_type_check;`);
    this.addSql(`
      alter table order_event add constraint order_event_type_check check (type in (
        'order.placed', 'order.paid', 'order.shipped', 'order.delivered', 'order.cancelled',
        'order.reactivated', 'order.refunded', 'order.return_refunded'));`);

    this.addSql(`
      create table order_return (
        id serial primary key,
        order_id integer not null references shop_order (id) on delete cascade,
        user_id integer not null references app_user (id) on delete restrict,
        status text not null default 'REQUESTED'
          check (status in ('REQUESTED', 'RECEIVED', 'REFUNDED', 'REJECTED')),
        refund_cents integer not null check (refund_cents >= 0),
        shipping_refund_cents integer not null default 0 check (shipping_refund_cents >= 0),
        shop_fault boolean not null default false,
        refund_method text check (refund_method in ('MERCADOPAGO', 'TRANSFER')),
        clabe text check (clabe ~ '^[0-9]{18}$'),
        provider_refund_id text,
        exchange_order_id integer references shop_order (id) on delete set null,
        requested_at timestamptz not null default now(),
        received_at timestamptz,
        received_by integer references app_user (id) on delete set null,
        restocked_at timestamptz,
        refunded_at timestamptz,
        refunded_by integer references app_user (id) on delete set null,
        rejected_at timestamptz,
        rejected_by integer references app_user (id) on delete set null
      );`);
    this.addSql(`create index order_return_order_idx on order_return (order_id);`);
    this.addSql(`create index order_return_status_idx on order_return (status, id);`);
    this.addSql(`
      create table order_return_line (
        id serial primary key,
        return_id integer not null references order_return (id) on delete cascade,
        order_line_id integer not null references order_line (id) on delete cascade,
        product_id integer,
        product_name text not null,
        size text not null,
        quantity integer not null check (quantity > 0),
        reason text not null,
        new_size text,
        exchange_reserved boolean not null default false,
        refund_cents integer not null check (refund_cents >= 0)
      );`);
    this.addSql(`create index order_return_line_return_idx on order_return_line (return_id);`);
    this.addSql(
      `create index order_return_line_order_line_idx on order_return_line (order_line_id);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists order_return_line;');
    this.addSql('drop table if exists order_return;');
  }
}
