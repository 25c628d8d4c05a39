import { Migration } from '@mikro-orm/migrations';

/**
 * The transfer refund of an order 'Cancelado con reembolso' (issue 25 item 6), owned by
 * `modules/returns/transfer-refunds.ts` (reached only by SQL). A card payment goes back through
 * Mercado Pago by itself; a transfer payment is sent back by hand to the customer's CLABE, so the
 * cancellation writes this row 'PENDING' and the admin marks it 'REFUNDED' with the CLABE (its
 * check digit verified), who and when. One row per order (`order_id` unique): cancelling twice,
 * or from two instances, records one refund.
 */
export class Migration20261127211000OrderRefunds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table order_refund (
        id serial primary key,
        order_id integer not null unique references shop_order (id) on delete cascade,
        status text not null default 'PENDING' check (status in ('PENDING', 'REFUNDED')),
        amount_cents integer not null check (amount_cents >= 0),
        clabe text check (clabe ~ '^[0-9]{18}$'),
        created_at timestamptz not null default now(),
        created_by integer references app_user (id) on delete set null,
        refunded_at timestamptz,
        refunded_by integer references app_user (id) on delete set null,
        check ((status = 'REFUNDED') = (refunded_at is not null and clabe is not null))
      );`);
    this.addSql(
      `create index order_refund_pending_idx on order_refund (id) where status = 'PENDING';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists order_refund;');
  }
}
