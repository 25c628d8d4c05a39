import { Migration } from '@mikro-orm/migrations';

/**
 * The legal pages' texts (issue 25, item 7): one row per page the admin edited ('privacy',
 * 'terms', 'returns'), its Markdown as written (placeholders such as {razonSocial} unfilled). A
 * page without a row shows the default text of @tienda/rules (`DEFAULT_LEGAL_TEXTS`); saving an
 * empty text deletes the row. Read per request (one row by key), so every instance shows a change
 * at once. Owned by modules/legal/legal-texts.ts, reached only by SQL.
 */
export class Migration20261127201000LegalTexts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table legal_text (
        kind text primary key check (kind in ('privacy', 'terms', 'returns')),
        markdown text not null check (length(markdown) between 1 and 20000),
        updated_at timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists legal_text;`);
  }
}
