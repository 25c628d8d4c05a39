import { Migration } from '@mikro-orm/migrations';

/**
 * Cart and addresses:
 * - a cart line outlives its product (product_id set to null), so loading the cart can tell the
 *   shopper a product is gone instead of the line vanishing silently;
 * - one open line per user, product and size: adding the same again merges (an upsert);
 * - addresses are deleted softly: orders keep pointing at the address they were sent to.
 */
export class Migration20261123010000CartAddresses extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table cart_line alter column product_id drop not null;`);
    this.addSql(`alter table cart_line drop constraint cart_line_product_id_fkey;`);
    this.addSql(`
      alter table cart_line add constraint cart_line_product_id_fkey
        foreign key (product_id) references product (id) on delete set null;`);
    this.addSql(`
      create unique index cart_line_open_key on cart_line (user_id, product_id, size)
        where not purchased;`);
    this.addSql(`alter table address add column deleted_at timestamptz;`);
    this.addSql(`drop index address_user_id_idx;`);
    this.addSql(
      `create index address_user_id_idx on address (user_id, id) where deleted_at is null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index address_user_id_idx;`);
    this.addSql(`create index address_user_id_idx on address (user_id);`);
    this.addSql(`alter table address drop column deleted_at;`);
    this.addSql(`drop index cart_line_open_key;`);
    this.addSql(`delete from cart_line where product_id is null;`);
    this.addSql(`alter table cart_line drop constraint cart_line_product_id_fkey;`);
    this.addSql(`
      alter table cart_line add constraint cart_line_product_id_fkey
        foreign key (product_id) references product (id) on delete cascade;`);
    this.addSql(`alter table cart_line alter column product_id set not null;`);
  }
}
