import { Migration } from '@mikro-orm/migrations';

/**
 * The global invoice (issue 25 item 5), owned by `server/src/modules/invoicing/global-invoice.service.ts`:
 *
 * - `invoice` rows of kind 'global' (order_id null) gain their period: `period_from` and
 *   `period_to` (Mexico City dates, both included) and `periodicity` (Facturapi's
 *   InformacionGlobal: 'day', 'week', 'month'). At most one live global per period (the partial
 *   unique index), so two instances at once claim it once.
 * - `invoice_order`: the orders a global invoice lists. `order_id` is unique: an order goes into
 *   one global invoice at most, and `InvoiceService.issue` refuses an order listed here. A refused
 *   global (its claim deleted) frees its orders (on delete cascade).
 *
 * Reached only by SQL.
 */
export class Migration20261127203000GlobalInvoices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table invoice
        add column period_from date,
        add column period_to date,
        add column periodicity text check (periodicity in ('day', 'week', 'month')),
        add constraint invoice_global_period check (
          kind <> 'global' or (period_from is not null and period_to is not null
                               and period_from <= period_to and periodicity is not null));`);
    this.addSql(
      `create unique index invoice_one_global_per_period on invoice (period_from, period_to)
        where kind = 'global' and status <> 'cancelled';`,
    );
    this.addSql(`
      create table invoice_order (
        invoice_id integer not null references invoice (id) on delete cascade,
        order_id integer not null unique references shop_order (id) on delete restrict,
        total_cents integer not null check (total_cents >= 0),
        primary key (invoice_id, order_id)
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists invoice_order;');
    this.addSql('drop index if exists invoice_one_global_per_period;');
    this.addSql(
      'alter table invoice drop constraint if exists invoice_global_period, drop column if exists period_from, drop column if exists period_to, drop column if exists periodicity;',
    );
  }
}
