import { Migration } from '@mikro-orm/migrations';

/**
 * Products taken off the shop (issue 9): deleting a product that order lines name only hides it
 * (`hidden_at`), so those orders keep their product's photos and data; shoppers, the catalogue
 * index and the admin list see visible products only. The catalogue's triggers already log every
 * update of `product`, so hiding one reaches each app instance's index at once.
 *
 * For the admin list (newest first; every word in the name or the sizes, accent- and
 * case-insensitive; issue 9): the visible products by id (page and count without a search); the
 * name's search form stored (`search_name`, f_search_text of the name) in a covering index with
 * the id, so that a search word is one index-only scan with a cheap LIKE per entry (at 100,000
 * products it beat the trigram index, whose heap rechecks cost more, and works for one- and
 * two-letter words too) instead of unaccent() on every product; and product_stock by (size,
 * product_id), so that the few distinct sizes are read with a loose index scan and the products
 * of the matching sizes with an index-only scan.
 */
export class Migration20261123060000ProductHidden extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table product add column hidden_at timestamptz;`);
    this.addSql(
      `create index product_visible_id_idx on product (id desc) where hidden_at is null;`,
    );
    this.addSql(
      `alter table product add column search_name text generated always as (f_search_text(name)) stored;`,
    );
    this.addSql(
      `create index product_search_name_id_idx on product (search_name, id) where hidden_at is null;`,
    );
    this.addSql(`create index product_stock_size_idx on product_stock (size, product_id);`);
    // The few hidden products, taken out of what a size matched.
    this.addSql(`create index product_hidden_idx on product (id) where hidden_at is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists product_hidden_idx;`);
    this.addSql(`drop index if exists product_stock_size_idx;`);
    this.addSql(`drop index if exists product_search_name_id_idx;`);
    this.addSql(`alter table product drop column if exists search_name;`);
    this.addSql(`drop index if exists product_visible_id_idx;`);
    this.addSql(`alter table product drop column hidden_at;`);
  }
}
