import { Migration } from '@mikro-orm/migrations';

/**
 * The admin's order search: a word that only a customer's name can match finds the customers
 * through a trigram index on the name's search form (as the catalogue's product names), and
 * their orders through shop_order's user_id index. Orders are listed by id (the primary key);
 * the status index already exists.
 */
export class Migration20261123040000OrdersAdmin extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index app_user_name_search_idx on app_user using gin (f_search_text(name) gin_trgm_ops);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index app_user_name_search_idx;`);
  }
}
