import { Migration } from '@mikro-orm/migrations';

/**
 * The shop's settings (issue 26, 'Ajustes'): one row (`id` 1), created empty. `data` holds the
 * values the back office saved, by their English field names (`name`, `clabe`, `ordersEmails`…);
 * what it lacks comes from the environment (config.ts), so an empty row behaves as before.
 * `version` grows by one on every write; the trigger sends `NOTIFY shop_settings` with it, and
 * every instance's ShopSettingsStore (modules/settings) reads the row again on it (and polls the
 * version in case its LISTEN connection dropped). Owned by modules/settings/settings.service.ts.
 */
export class Migration20261127090000ShopSettings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table shop_settings (
        id smallint primary key default 1 check (id = 1),
        data jsonb not null default '{}' check (jsonb_typeof(data) = 'object'),
        version bigint not null default 0,
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`insert into shop_settings (id) values (1);`);
    this.addSql(`
      create function shop_settings_notify() returns trigger language plpgsql as $$
      begin
        perform pg_notify('shop_settings', new.version::text);
        return null;
      end $$;`);
    this.addSql(`
      create trigger shop_settings_notify after insert or update on shop_settings
        for each row execute function shop_settings_notify();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists shop_settings;`);
    this.addSql(`drop function if exists shop_settings_notify();`);
  }
}
