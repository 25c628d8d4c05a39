import { Migration } from '@mikro-orm/migrations';

/**
 * Products by spreadsheet (issue 26 item 4): an import of a CSV file is a job (`product_import`)
 * with its rows staged (`product_import_row`), each already checked against the product rules
 * when the file was received. A worker on any instance claims a job that is pending, or running
 * with an expired lease (`for update skip locked`), and applies its rows in batches, one
 * transaction each, moving `last_line`, the counts and the errors with the rows it wrote: a page
 * reload reads the progress, and a restart resumes after the last committed batch. Owned by
 * modules/catalog/product-import.ts; reached only by SQL (listed in the drift test).
 */
export class Migration20261127100000ProductImport extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table product_import (
        id serial primary key,
        status text not null default 'pending'
          check (status in ('pending', 'running', 'done', 'failed')),
        file_name text not null,
        only_valid boolean not null default false,
        total_rows integer not null check (total_rows >= 0),
        staged_rows integer not null check (staged_rows >= 0),
        processed_rows integer not null default 0 check (processed_rows >= 0),
        created_count integer not null default 0,
        updated_count integer not null default 0,
        unchanged_count integer not null default 0,
        last_line integer not null default 0,
        errors jsonb not null default '[]' check (jsonb_typeof(errors) = 'array'),
        failure text,
        created_by integer references app_user (id) on delete set null,
        created_at timestamptz not null default now(),
        started_at timestamptz,
        finished_at timestamptz,
        locked_until timestamptz
      );`);
    this.addSql(`
      create index product_import_open_idx on product_import (id)
        where status in ('pending', 'running');`);
    this.addSql(`
      create table product_import_row (
        import_id integer not null references product_import (id) on delete cascade,
        line integer not null,
        product_id integer,
        data jsonb not null,
        primary key (import_id, line)
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists product_import_row;');
    this.addSql('drop table if exists product_import;');
  }
}
