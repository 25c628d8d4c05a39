import { Migration } from '@mikro-orm/migrations';

/**
 * Two-factor sign-in for admins (issue 23, item 8), owned by
 * `modules/accounts/second-factor.ts`.
 *
 * `user_second_factor`: an account's TOTP secret (RFC 6238, base32), one row per account.
 * `enabled_at` is null while the enrolment waits for its first code (a new enrolment replaces a
 * pending one); `last_used_step` is the 30-second time step of the last code accepted, so a code
 * is accepted once: a later code must belong to a later step.
 *
 * `second_factor_recovery_code`: the ten single-use recovery codes given at enrolment, as the
 * SHA-256 of each code (60 random bits each: no dictionary to try, so a fast hash is enough and
 * the code is found by its hash in one indexed statement). `used_at` marks the one use.
 */
export class Migration20261127000000SecondFactor extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table user_second_factor (
        user_id integer primary key references app_user (id) on delete cascade,
        secret text not null,
        enabled_at timestamptz,
        last_used_step bigint,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table second_factor_recovery_code (
        user_id integer not null references app_user (id) on delete cascade,
        code_hash bytea not null,
        used_at timestamptz,
        primary key (user_id, code_hash)
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists second_factor_recovery_code;');
    this.addSql('drop table if exists user_second_factor;');
  }
}
