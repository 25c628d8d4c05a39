import { Migration } from '@mikro-orm/migrations';

/**
 * Products taken off the shop (issue 9): deleting a product that order lines name only hides it
 * (`hidden_at`), so those orders keep their product's photos and data; shoppers, the catalogue
 * index and the admin list see visible products only. The catalogue's triggers already log every
 * update of `product`, so hiding one reaches each app instance's index at once.
 *
 * Indexes for the admin list (newest first, every word in the name or the sizes): the visible
 * products by id, and trigram indexes on the normalised size text (the name's exists).
 */
export class Migration20261123060000ProductHidden extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table product add column hidden_at timestamptz;`);
    this.addSql(
      `create index product_visible_id_idx on product (id desc) where hidden_at is null;`,
    );
    this.addSql(
      `create index product_stock_size_search_idx on product_stock using gin (f_search_text(size) gin_trgm_ops);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists product_stock_size_search_idx;`);
    this.addSql(`drop index if exists product_visible_id_idx;`);
    this.addSql(`alter table product drop column hidden_at;`);
  }
}
