import { Migration } from '@mikro-orm/migrations';

/**
 * Credit notes and substitutions (issue 25 items 4 and 6), owned by `server/src/modules/invoicing/`:
 *
 * - `invoice.return_id`: an *egreso* (credit note) belongs to one refunded return
 *   (`order_return`); at most one egreso per return (`invoice_one_egreso_per_return`), so a retried
 *   or doubled refund event stamps once (its PAC idempotency key is derived from the return too).
 *   An egreso names the CFDI it corrects in `related_invoice_id` (relationship 01).
 * - `invoice.status` gains 'skipped': an egreso the shop did not stamp, with `skip_reason` (the
 *   order is in a global invoice, or the PAC refused it), for the admin to see.
 * - `invoice.substituted_by_id`: an ingreso re-stamped with corrected fiscal data ('Corregir
 *   factura') points at its substitute, which it leaves the "one live ingreso per order" index
 *   for; it is cancelled with motive 01 naming the substitute.
 */
export class Migration20261127210000CreditNotes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table invoice
        add column return_id integer references order_return (id) on delete restrict,
        -- Checked at commit ('no action', deferred): a substitution points the old row at the
        -- new one before inserting it, and a refused one deletes it before pointing back.
        add column substituted_by_id integer references invoice (id)
          deferrable initially deferred,
        add column skip_reason text;`);
    // The column check of `status` and the table check "stamped rows have their files" (unnamed
    // in Migration20261127200100Invoices) are replaced by named ones that admit 'skipped'.
    this.addSql(`
      do $$
      declare c record;
      begin
        for c in select conname from pg_constraint
                  where conrelid = 'invoice'::regclass and contype = 'c'
                    and pg_get_constraintdef(oid) like '%stamping%'
        loop
          execute format('alter table invoice drop constraint %I', c.conname);
        end loop;
      end $$;`);
    this.addSql(`
      alter table invoice
        add constraint invoice_status check
          (status in ('stamping', 'valid', 'cancelling', 'cancelled', 'skipped')),
        add constraint invoice_stamped_files check
          (status in ('stamping', 'skipped') or (pac_id is not null and uuid is not null
                                                 and pdf is not null and xml is not null)),
        add constraint invoice_skipped_egreso check
          (status <> 'skipped' or (kind = 'egreso' and skip_reason is not null)),
        add constraint invoice_egreso_return check
          (kind <> 'egreso' or (return_id is not null and related_invoice_id is not null)),
        add constraint invoice_substitute_ingreso check
          (substituted_by_id is null or kind = 'ingreso');`);
    this.addSql(
      `create unique index invoice_one_egreso_per_return on invoice (return_id) where kind = 'egreso';`,
    );
    this.addSql(`drop index invoice_one_ingreso_per_order;`);
    this.addSql(
      `create unique index invoice_one_ingreso_per_order on invoice (order_id)
        where kind = 'ingreso' and status <> 'cancelled' and substituted_by_id is null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists invoice_one_egreso_per_return;`);
    this.addSql(`drop index if exists invoice_one_ingreso_per_order;`);
    this.addSql(
      `create unique index invoice_one_ingreso_per_order on invoice (order_id)
        where kind = 'ingreso' and status <> 'cancelled';`,
    );
    this.addSql(`
      alter table invoice
        drop constraint invoice_substitute_ingreso, drop constraint invoice_egreso_return,
        drop constraint invoice_skipped_egreso, drop constraint invoice_stamped_files,
        drop constraint invoice_status,
        drop column skip_reason, drop column substituted_by_id, drop column return_id,
        add constraint invoice_status_check
          check (status in ('stamping', 'valid', 'cancelling', 'cancelled')),
        add constraint invoice_check1 check (status = 'stamping' or (pac_id is not null
          and uuid is not null and pdf is not null and xml is not null));`);
  }
}
