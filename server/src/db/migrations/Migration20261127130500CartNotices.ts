import { Migration } from '@mikro-orm/migrations';

/**
 * Truthful carts (issue 28 item 5), owned by `server/src/modules/cart/cart.service.ts`:
 *
 * - `cart_notice`: a line the shop took out of a shopper's open cart while they were away, kept
 *   until the shopper's next look at the cart says so. Deleting a product (the admin's delete, in
 *   its transaction: `CartService.dropProduct`) writes one row per open line it drops, with the
 *   product's name and the size as they were, since the product itself may be gone by the time
 *   the shopper comes back; `CartService.load` turns them into notices naming the product and
 *   deletes them. Reached only by SQL.
 */
export class Migration20261127130500CartNotices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table cart_notice (
        id serial primary key,
        user_id integer not null references app_user (id) on delete cascade,
        product_name text not null,
        size text not null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index cart_notice_user_idx on cart_notice (user_id);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists cart_notice;');
  }
}
