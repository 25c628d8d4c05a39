import { Migration } from '@mikro-orm/migrations';

/**
 * Coupons (issue 24 item 4), owned by `server/src/modules/coupons/`:
 *
 * - `coupon`: the admin's coupons. `code` is stored normalised (trimmed, upper case) and unique
 *   case-insensitively (`upper(code)`); `value` is a whole percent 1–100 (PERCENTAGE), centavos
 *   (FIXED) or 0 (FREE_SHIPPING); `valid_from`/`valid_until` are Mexico City days, inclusive.
 * - `coupon_use`: one row per order placed with a coupon (`order_id` unique), its customer, when
 *   it was taken and when it was given back (`released_at`, null while held). A coupon's uses are
 *   its rows held now, counted through the partial index (no counter on the coupon's row, so a
 *   coupon without a global limit is never a row every checkout waits on).
 * - `shop_order.coupon_code`: the code an order was placed with, as the shopper reads it.
 */
export class Migration20261127070000Coupons extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table coupon (
        id serial primary key,
        code text not null check (code = upper(btrim(code)) and length(code) between 3 and 30),
        kind text not null check (kind in ('PERCENTAGE', 'FIXED', 'FREE_SHIPPING')),
        value integer not null,
        valid_from date,
        valid_until date,
        max_uses integer check (max_uses > 0),
        max_uses_per_customer integer check (max_uses_per_customer > 0),
        minimum_cents integer check (minimum_cents > 0),
        non_promotional_only boolean not null default true,
        active boolean not null default true,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        check (
          (kind = 'PERCENTAGE' and value between 1 and 100) or
          (kind = 'FIXED' and value > 0) or
          (kind = 'FREE_SHIPPING' and value = 0)),
        check (valid_until is null or valid_from is null or valid_until >= valid_from)
      );`);
    this.addSql(`create unique index coupon_code_key on coupon (upper(code));`);
    this.addSql(`
      create table coupon_use (
        id serial primary key,
        coupon_id integer not null references coupon (id) on delete restrict,
        order_id integer not null unique references shop_order (id) on delete cascade,
        user_id integer not null references app_user (id) on delete restrict,
        taken_at timestamptz not null default now(),
        released_at timestamptz
      );`);
    this.addSql(
      `create index coupon_use_customer_idx on coupon_use (coupon_id, user_id) where released_at is null;`,
    );
    this.addSql(`alter table shop_order add column coupon_code text;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table shop_order drop column if exists coupon_code;`);
    this.addSql(`drop table if exists coupon_use, coupon;`);
  }
}
