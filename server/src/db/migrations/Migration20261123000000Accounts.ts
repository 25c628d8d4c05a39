import { Migration } from '@mikro-orm/migrations';

/**
 * Accounts: server-side sessions (shared by every app instance; a sign-out revokes at once),
 * rate-limit counters (likewise shared), and the Google profile picture.
 */
export class Migration20261123000000Accounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table app_user add column picture_url text;`);

    // The cookie carries a random token; only its SHA-256 is stored, so a leaked table row
    // cannot be replayed as a cookie.
    this.addSql(`
      create table user_session (
        token_hash bytea primary key check (octet_length(token_hash) = 32),
        user_id integer not null references app_user (id) on delete cascade,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null
      );`);
    this.addSql(`create index user_session_user_id_idx on user_session (user_id);`);
    this.addSql(`create index user_session_expires_at_idx on user_session (expires_at);`);

    // Fixed-window counters: one row per limited key (e.g. 'sign-in:ip:203.0.113.7').
    this.addSql(`
      create table rate_limit (
        key text primary key,
        window_start timestamptz not null,
        window_end timestamptz not null,
        hits integer not null check (hits > 0)
      );`);
    this.addSql(`create index rate_limit_window_end_idx on rate_limit (window_end);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists rate_limit, user_session;`);
    this.addSql(`alter table app_user drop column if exists picture_url;`);
  }
}
