import { Migration } from '@mikro-orm/migrations';

/**
 * Fiscal data (issue 25 item 1), owned by `server/src/modules/invoicing/fiscal-data.service.ts`:
 *
 * - `fiscal_data`: one row per customer who saved it, the receiver of their CFDI as on their
 *   Constancia de Situación Fiscal: RFC (12 characters a persona moral, 13 a física, uppercase),
 *   name or company name without the regime suffix (uppercase), régimen fiscal (c_RegimenFiscal),
 *   uso de CFDI (c_UsoCFDI) and the fiscal postal code. The rules of `rules/src/fiscal.ts` check
 *   every write (check digit, catalogues, the use valid for the régimen); the checks here keep
 *   the shape whatever writes. Reached only by SQL.
 */
export class Migration20261127200000FiscalData extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table fiscal_data (
        user_id integer primary key references app_user (id) on delete cascade,
        rfc text not null check (rfc ~ '^[A-ZÑ&]{3,4}[0-9]{6}[A-Z0-9]{2}[0-9A]$'),
        legal_name text not null check (legal_name <> '' and length(legal_name) <= 254),
        tax_regime text not null check (tax_regime ~ '^[0-9]{3}$'),
        cfdi_use text not null check (cfdi_use ~ '^[A-Z][0-9]{2}$'),
        postal_code text not null check (postal_code ~ '^[0-9]{5}$'),
        updated_at timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists fiscal_data;');
  }
}
