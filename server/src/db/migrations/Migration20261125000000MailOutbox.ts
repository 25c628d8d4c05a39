import { Migration } from '@mikro-orm/migrations';

/**
 * Talking to customers (issue 14).
 *
 * `mail_outbox`: every e-mail is a row written in the transaction of the change that causes it
 * (checkout, a status change, a reset request), so a rolled-back change sends nothing and a
 * committed one always sends. `event_key` is unique: one message per order and event (or per
 * reset request), however often the event is announced. Workers on any number of instances
 * claim due rows one at a time (`for update skip locked`) with a lease (`locked_until`): a
 * worker that dies mid-send leaves only that row to be sent again once the lease ends. `props`
 * is the message's data as it was at the event; `sends` counts deliveries (an admin may send a
 * message again, under a new Message-ID); `secret` holds what must not sit in the
 * database in clear (the reset link's token, encrypted) and is wiped once sent.
 *
 * `password_reset`: a reset link's token, stored as its SHA-256 hash, valid until `expires_at`,
 * used once (`used_at`); requesting a new link voids the earlier ones (`superseded_at`).
 */
export class Migration20261125000000MailOutbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table mail_outbox (
        id bigserial primary key,
        event_key text not null unique,
        kind text not null,
        recipient text not null,
        order_id integer references shop_order (id) on delete set null,
        user_id integer references app_user (id) on delete set null,
        props jsonb not null,
        secret text,
        status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
        attempts integer not null default 0,
        sends integer not null default 0,
        next_attempt_at timestamptz not null default now(),
        locked_until timestamptz,
        last_error text,
        message_id text,
        created_at timestamptz not null default now(),
        sent_at timestamptz
      );`);
    // The workers' queue: only pending rows, by when they are due.
    this.addSql(
      `create index mail_outbox_due_idx on mail_outbox (next_attempt_at, id) where status = 'pending';`,
    );
    this.addSql(`create index mail_outbox_order_idx on mail_outbox (order_id, id);`);

    this.addSql(`
      create table password_reset (
        id bigserial primary key,
        user_id integer not null references app_user (id) on delete cascade,
        token_hash bytea not null unique,
        expires_at timestamptz not null,
        used_at timestamptz,
        superseded_at timestamptz,
        created_at timestamptz not null default now()
      );`);
    this.addSql(
      `create index password_reset_open_idx on password_reset (user_id)
        where used_at is null and superseded_at is null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists password_reset;`);
    this.addSql(`drop table if exists mail_outbox;`);
  }
}
