import { Migration } from '@mikro-orm/migrations';

/**
 * CFDI invoices (issue 25 items 2–4), owned by `server/src/modules/invoicing/`:
 *
 * - `invoice`: one row per CFDI the shop asks its PAC (Facturapi) to stamp. `kind` is 'ingreso'
 *   (a customer's invoice of one order, `order_id` set), and later 'egreso' (a return's credit
 *   note, `related_invoice_id` the ingreso it corrects) and 'global' (the period's invoice to
 *   the public in general, `order_id` null, its orders listed by a table of its own). `status`:
 *   'stamping' (claimed, the PAC call under way or interrupted: a retry sends the same
 *   `idempotency_key`, so the PAC stamps once), 'valid', 'cancelling' (asked of the PAC, the SAT
 *   not done yet) and 'cancelled'. At most one live ingreso per order (the partial unique index):
 *   the order is the idempotency key, across clicks and instances. The receiver's fiscal data is
 *   kept as sent (`receiver`), the amounts as stamped, and the PDF and XML the PAC answered.
 * - `product_type_sat`: the SAT product key (c_ClaveProdServ) and unit (c_ClaveUnidad) of a
 *   product type's lines, when the admin set them; a type without a row takes the defaults of
 *   `modules/invoicing/sat-keys.ts` (clothing 53101600/H87, footwear 53111600/PR).
 * - `mail_attachment`: files that leave with an outbox message (the invoice's PDF and XML),
 *   owned by `modules/mail/outbox.ts`, written in the same statement as their message.
 *
 * All reached only by SQL.
 */
export class Migration20261127200100Invoices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table invoice (
        id serial primary key,
        kind text not null check (kind in ('ingreso', 'egreso', 'global')),
        order_id integer references shop_order (id) on delete restrict,
        related_invoice_id integer references invoice (id) on delete restrict,
        status text not null default 'stamping'
          check (status in ('stamping', 'valid', 'cancelling', 'cancelled')),
        idempotency_key text not null unique,
        pac_id text unique,
        uuid text unique,
        receiver jsonb not null,
        payment_form text,
        subtotal_cents integer check (subtotal_cents >= 0),
        discount_cents integer check (discount_cents >= 0),
        tax_cents integer check (tax_cents >= 0),
        total_cents integer check (total_cents >= 0),
        pdf bytea,
        xml bytea,
        cancel_motive text check (cancel_motive in ('01', '02', '03', '04')),
        cancel_error text,
        created_at timestamptz not null default now(),
        stamped_at timestamptz,
        cancelled_at timestamptz,
        check (kind = 'global' or order_id is not null),
        check (status = 'stamping' or (pac_id is not null and uuid is not null
                                       and pdf is not null and xml is not null))
      );`);
    this.addSql(
      `create unique index invoice_one_ingreso_per_order on invoice (order_id)
        where kind = 'ingreso' and status <> 'cancelled';`,
    );
    this.addSql(`create index invoice_order_idx on invoice (order_id, id);`);
    this.addSql(`
      create table product_type_sat (
        type_id integer primary key references product_type (id) on delete cascade,
        product_key text not null check (product_key ~ '^[0-9]{8}$'),
        unit_key text not null check (unit_key ~ '^[A-Z0-9]{2,3}$')
      );`);
    this.addSql(`
      create table mail_attachment (
        id bigserial primary key,
        outbox_id bigint not null references mail_outbox (id) on delete cascade,
        filename text not null,
        content_type text not null,
        content bytea not null
      );`);
    this.addSql(`create index mail_attachment_outbox_idx on mail_attachment (outbox_id, id);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists mail_attachment, product_type_sat, invoice;');
  }
}
