import { Migration } from '@mikro-orm/migrations';

/**
 * Photos join the catalogue's change log (issue 16): a statement that inserts, updates or deletes
 * product_image rows logs each product it touched, like product and product_stock do, and a
 * truncate asks for a full reload. Visitors' product answers are kept per product until its log
 * moves (http/product-answer-cache.ts), so a photo added, removed or reordered shows at once on
 * every instance.
 */
export class Migration20261125010000ProductImageChanges extends Migration {
  override async up(): Promise<void> {
    for (const [event, transition] of [
      ['insert', 'new table as changed'],
      ['update', 'new table as changed'],
      ['delete', 'old table as changed'],
    ] as const) {
      const fn = `catalog_log_product_image_${event}`;
      this.addSql(`
        create or replace function ${fn}() returns trigger language plpgsql as $$
        begin
          insert into catalog_change (product_id) select distinct product_id from changed;
          return null;
        end $$;`);
      this.addSql(`
        create trigger ${fn} after ${event} on product_image
          referencing ${transition} for each statement execute function ${fn}();`);
    }
    this.addSql(`
      create trigger catalog_log_all_product_image after truncate on product_image
        for each statement execute function catalog_log_all();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists catalog_log_all_product_image on product_image;`);
    for (const event of ['insert', 'update', 'delete']) {
      this.addSql(`drop trigger if exists catalog_log_product_image_${event} on product_image;`);
      this.addSql(`drop function if exists catalog_log_product_image_${event}();`);
    }
  }
}
