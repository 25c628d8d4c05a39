import { Migration } from '@mikro-orm/migrations';

/**
 * Checkout: a client-chosen idempotency key per order, so a double submit finds the order the
 * first one made instead of making a second.
 */
export class Migration20261123020000Checkout extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table shop_order add column idempotency_key text
      check (idempotency_key is null or length(idempotency_key) between 8 and 100);`);
    this
      .addSql(`create unique index shop_order_idempotency_key on shop_order (user_id, idempotency_key)
      where idempotency_key is not null;`);
    this.addSql(`create index shop_order_user_id_id_idx on shop_order (user_id, id desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index shop_order_user_id_id_idx;`);
    this.addSql(`drop index shop_order_idempotency_key;`);
    this.addSql(`alter table shop_order drop column idempotency_key;`);
  }
}
