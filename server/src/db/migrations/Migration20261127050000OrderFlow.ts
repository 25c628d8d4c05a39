import { Migration } from '@mikro-orm/migrations';

/**
 * Payments as records and order events (issue 24, items 2 and 3).
 *
 * `payment`: one row per payment of an order, whatever its method (`transfer`, `mercadopago`; a
 * new method is a handler in `modules/payments/payment-methods.ts` and a value here), the amount
 * in centavos, the provider's reference (Mercado Pago's payment id; unique per method, so a
 * replayed notification records nothing twice) and its state. Backfilled from the orders: a
 * `payment_id` or a 'Pagado por mercadopago' status is an approved Mercado Pago payment of the
 * card charge; any other paid, shipped or delivered order an approved transfer of its total.
 * `shop_order.payment_id` is dropped: the payment record holds it.
 *
 * `order_event`: what happened to an order (placed, paid, shipped, delivered, cancelled,
 * reactivated), its payload and who did it, written in the transaction of the change.
 * `event_delivery`: one row per event and deferred subscriber (modules/orders/order-events.ts),
 * claimed `for update skip locked` by the event worker with its own attempts and state, so a
 * subscriber that fails is retried without repeating the others.
 */
export class Migration20261127050000OrderFlow extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table payment (
        id bigserial primary key,
        order_id integer not null references shop_order (id) on delete cascade,
        method text not null check (method in ('transfer', 'mercadopago')),
        amount_cents integer not null check (amount_cents >= 0),
        provider_ref text,
        state text not null default 'pending'
          check (state in ('pending', 'approved', 'rejected', 'refunded')),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        approved_at timestamptz
      );`);
    this.addSql(`create index payment_order_idx on payment (order_id, id);`);
    this.addSql(
      `create unique index payment_provider_ref_uniq on payment (method, provider_ref)
        where provider_ref is not null;`,
    );
    // The card charge (pricing.ts cardChargeCents): floor((total × 10349 + 4000000) / 1e6) pesos.
    this.addSql(`
      insert into payment (order_id, method, amount_cents, provider_ref, state, created_at,
                           updated_at, approved_at)
      select id,
             case when payment_id is not null or status = 'Pagado por mercadopago'
                  then 'mercadopago' else 'transfer' end,
             case when payment_id is not null or status = 'Pagado por mercadopago'
                  then ((total_cents::bigint * 10349 + 4000000) / 1000000 * 100)::integer
                  else total_cents end,
             payment_id, 'approved', updated_at, updated_at, updated_at
        from shop_order
       where payment_id is not null
          or status in ('Pagado', 'Pagado por mercadopago', 'Enviado', 'Entregado')
       order by id;`);
    this.addSql(`alter table shop_order drop column payment_id;`);

    this.addSql(`
      create table order_event (
        id bigserial primary key,
        order_id integer not null references shop_order (id) on delete cascade,
        type text not null check (type in ('order.placed', 'order.paid', 'order.shipped',
          'order.delivered', 'order.cancelled', 'order.reactivated')),
        payload jsonb not null default '{}',
        actor_id integer references app_user (id) on delete set null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index order_event_order_idx on order_event (order_id, id);`);

    this.addSql(`
      create table event_delivery (
        id bigserial primary key,
        event_id bigint not null references order_event (id) on delete cascade,
        subscriber text not null,
        status text not null default 'pending' check (status in ('pending', 'done', 'failed')),
        attempts integer not null default 0,
        next_attempt_at timestamptz not null default now(),
        locked_until timestamptz,
        last_error text,
        created_at timestamptz not null default now(),
        done_at timestamptz,
        unique (event_id, subscriber)
      );`);
    this.addSql(
      `create index event_delivery_due_idx on event_delivery (next_attempt_at, id)
        where status = 'pending';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists event_delivery;`);
    this.addSql(`drop table if exists order_event;`);
    this.addSql(`alter table shop_order add column payment_id text unique;`);
    this.addSql(`
      update shop_order o set payment_id = p.provider_ref
        from payment p where p.order_id = o.id and p.method = 'mercadopago'
         and p.state = 'approved' and p.provider_ref is not null;`);
    this.addSql(`drop table if exists payment;`);
  }
}
