import { Migration } from '@mikro-orm/migrations';

/**
 * The admin audit trail (issue 23 item 9): `admin_audit`, one row per admin change, written by
 * `AuditTrail.record` (modules/audit/audit-trail.ts) in the transaction of the change itself, so
 * a change that rolls back leaves no entry.
 *
 * A row says who (`user_id` and `user_email` as they were: no foreign key, so an entry outlives
 * any change to the account), when (`created_at`: the change's transaction time), from where
 * (`ip`, the request's client address), what (`action`, an English code such as
 * 'product.update'; `object_kind`, `object_id`, `object_label`) and the changed fields only,
 * before and after (`before`, `after`: JSON objects with the same keys; `{}` on a creation's
 * `before` and a deletion's `after`).
 *
 * Append-only: the app has no path that updates or deletes a row, and the triggers below refuse
 * UPDATE, DELETE and TRUNCATE for every role that does not disable triggers (a superuser could;
 * the app's role should not be one).
 *
 * Indexes: the Actividad screen lists newest first (`created_at desc, id desc`) with optional
 * filters by admin, by action and by a date range; each filter has an index that ends in that
 * order, so a page reads only its rows (EXPLAIN ANALYZE at 200,000 entries in the report of
 * issue 23 item 9: a filtered or unfiltered first page reads one index backwards and stops after
 * the page).
 */
export class Migration20261127040000AdminAudit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table admin_audit (
        id bigint generated always as identity primary key,
        created_at timestamptz not null default now(),
        user_id integer not null,
        user_email text not null,
        ip text not null,
        action text not null check (action ~ '^[a-z][a-z_]*(\\.[a-z][a-z_]*)+$'),
        object_kind text not null,
        object_id text,
        object_label text not null,
        before jsonb not null default '{}' check (jsonb_typeof(before) = 'object'),
        after jsonb not null default '{}' check (jsonb_typeof(after) = 'object')
      );`);
    this.addSql(`create index admin_audit_time_idx on admin_audit (created_at desc, id desc);`);
    this.addSql(
      `create index admin_audit_user_idx on admin_audit (user_id, created_at desc, id desc);`,
    );
    this.addSql(
      `create index admin_audit_action_idx on admin_audit (action, created_at desc, id desc);`,
    );
    this.addSql(`
      create function admin_audit_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'admin_audit es de solo inserción: % no está permitido', tg_op
          using errcode = 'insufficient_privilege';
      end $$;`);
    this.addSql(`
      create trigger admin_audit_no_change before update or delete on admin_audit
        for each row execute function admin_audit_append_only();`);
    this.addSql(`
      create trigger admin_audit_no_truncate before truncate on admin_audit
        for each statement execute function admin_audit_append_only();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists admin_audit;`);
    this.addSql(`drop function if exists admin_audit_append_only();`);
  }
}
