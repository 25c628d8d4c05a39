import { Migration } from '@mikro-orm/migrations';

/**
 * The catalogue's change log, written by triggers whoever writes (the shop's services, an admin
 * script, psql): every statement that inserts, updates or deletes products or their stock adds one
 * row per product it touched, tagged with its transaction id. Each app instance's in-memory
 * catalogue index reads the rows of transactions it may not have seen yet (xid at or above the
 * oldest transaction running when it last looked) and re-reads those products. A row with no
 * product (lookup lists changed, a truncate) asks for a full reload.
 */
export class Migration20261123050000CatalogChanges extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table catalog_change (
        seq bigserial primary key,
        xid xid8 not null default pg_current_xact_id(),
        product_id integer,
        at timestamptz not null default now()
      );`);
    this.addSql(`create index catalog_change_xid_idx on catalog_change (xid);`);
    // The oldest transaction id whose changes may have been pruned from the log.
    this.addSql(`
      create table catalog_change_pruned (
        id integer primary key default 1 check (id = 1),
        below xid8 not null
      );`);
    this.addSql(`insert into catalog_change_pruned (below) values ('0'::xid8);`);

    for (const [table, column] of [
      ['product', 'id'],
      ['product_stock', 'product_id'],
    ] as const) {
      for (const [event, transition] of [
        ['insert', 'new table as changed'],
        ['update', 'new table as changed'],
        ['delete', 'old table as changed'],
      ] as const) {
        const fn = `catalog_log_${table}_${event}`;
        this.addSql(`
          create or replace function ${fn}() returns trigger language plpgsql as $$
          begin
            insert into catalog_change (product_id) select distinct ${column} from changed;
            return null;
          end $$;`);
        this.addSql(`
          create trigger ${fn} after ${event} on ${table}
            referencing ${transition} for each statement execute function ${fn}();`);
      }
    }

    // Lookup lists (names shown in the facets) and truncates: a full reload.
    this.addSql(`
      create or replace function catalog_log_all() returns trigger language plpgsql as $$
      begin
        insert into catalog_change (product_id) values (null);
        return null;
      end $$;`);
    for (const table of ['product', 'product_stock', 'product_type', 'brand', 'color']) {
      const events =
        table === 'product' || table === 'product_stock'
          ? 'truncate'
          : 'insert or update or delete or truncate';
      this.addSql(`
        create trigger catalog_log_all_${table} after ${events} on ${table}
          for each statement execute function catalog_log_all();`);
    }
  }

  override async down(): Promise<void> {
    for (const table of ['product', 'product_stock', 'product_type', 'brand', 'color']) {
      this.addSql(`drop trigger if exists catalog_log_all_${table} on ${table};`);
    }
    for (const table of ['product', 'product_stock']) {
      for (const event of ['insert', 'update', 'delete']) {
        this.addSql(`drop trigger if exists catalog_log_${table}_${event} on ${table};`);
        this.addSql(`drop function if exists catalog_log_${table}_${event}();`);
      }
    }
    this.addSql(`drop function if exists catalog_log_all();`);
    this.addSql(`drop table catalog_change_pruned;`);
    this.addSql(`drop table catalog_change;`);
  }
}
