import { Migration } from '@mikro-orm/migrations';

/**
 * 'Avísame cuando llegue' (issue 26 item 3), owned by `server/src/modules/stock/stock-alerts.ts`:
 *
 * - `stock_alert`: one request to hear when a sold-out size of a product comes back. A signed-in
 *   shopper's names the account (`user_id`, confirmed at once; the e-mail goes to the account's
 *   address when it is sent); a visitor's names an address (`email`, stored normalised) and waits
 *   for its owner to open the link we sent there (`confirm_token_hash`, SHA-256 of the token;
 *   `confirmed_at`). `notified_at` ends the request: it is set when its e-mail is queued (or when
 *   a link is opened after the size came back). One open request per product, size and person.
 * - `stock_alert_on_restock()`: when a size of `product_stock` goes from 0 (or no row) to some
 *   units, whoever writes it (the admin's form, REST, a cancelled order's units coming back, an
 *   import), the trigger queues one `back-in-stock` e-mail in `mail_outbox` per confirmed, open
 *   request of that size and closes them, in the writer's transaction (a hidden product's wait
 *   until it comes back with units). Two writers of one size
 *   wait on its row, so only the first sees the 0 (the second's OLD is the first's units), and the
 *   outbox's unique `event_key` ('stock-alert:<id>') makes a second message impossible anyway: one
 *   e-mail per request, on any number of instances. This is the one writer of `mail_outbox` that
 *   is not `MailQueue.enqueue`: a trigger cannot call it. Its row has the shape `enqueue` writes
 *   (kind, recipient, user, props; no order, no secret); the mail worker renders it like any other.
 */
export class Migration20261127110000StockAlerts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table stock_alert (
        id bigserial primary key,
        product_id integer not null references product (id) on delete cascade,
        size text not null check (btrim(size) <> ''),
        user_id integer references app_user (id) on delete cascade,
        email text check (email = lower(btrim(email)) and email <> ''),
        confirm_token_hash bytea unique,
        confirmed_at timestamptz,
        notified_at timestamptz,
        created_at timestamptz not null default now(),
        check ((user_id is null) <> (email is null)),
        check (user_id is null or confirmed_at is not null)
      );`);
    // One open request per product, size and person (an account, or an address).
    this.addSql(`
      create unique index stock_alert_open_user_key on stock_alert (product_id, size, user_id)
        where notified_at is null and user_id is not null;`);
    this.addSql(`
      create unique index stock_alert_open_email_key on stock_alert (product_id, size, email)
        where notified_at is null and email is not null;`);
    // What the trigger and the dashboard read: the confirmed requests still waiting.
    this.addSql(`
      create index stock_alert_waiting_idx on stock_alert (product_id, size)
        where notified_at is null and confirmed_at is not null;`);

    this.addSql(`
      create or replace function stock_alert_on_restock() returns trigger language plpgsql as $$
      begin
        if new.quantity > 0 and (tg_op = 'INSERT' or old.quantity <= 0) then
          with due as (
            update stock_alert a set notified_at = now()
             where a.product_id = new.product_id and a.size = new.size
               and a.notified_at is null and a.confirmed_at is not null
               and exists (select 1 from product p
                            where p.id = new.product_id and p.hidden_at is null)
            returning a.id, a.user_id, a.email
          )
          insert into mail_outbox (event_key, kind, recipient, user_id, props)
          select 'stock-alert:' || d.id, 'back-in-stock', coalesce(u.email, d.email), d.user_id,
                 jsonb_build_object('productId', p.id, 'productName', p.name,
                                    'size', new.size, 'name', coalesce(u.name, ''))
            from due d
            join product p on p.id = new.product_id
            left join app_user u on u.id = d.user_id
           where coalesce(u.email, d.email) is not null
          on conflict (event_key) do nothing;
        end if;
        return null;
      end $$;`);
    this.addSql(`
      create trigger stock_alert_on_restock
        after insert or update of quantity on product_stock
        for each row execute function stock_alert_on_restock();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists stock_alert_on_restock on product_stock;`);
    this.addSql(`drop function if exists stock_alert_on_restock();`);
    this.addSql(`drop table if exists stock_alert;`);
  }
}
