import { Migration } from '@mikro-orm/migrations';

/** Card payments: the Mercado Pago payment that settled an order (at most one, once). */
export class Migration20261123030000Payments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table shop_order add column payment_id text unique;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table shop_order drop column payment_id;`);
  }
}
