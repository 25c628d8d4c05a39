import { Migration } from '@mikro-orm/migrations';

/**
 * A synonym change no longer reloads the catalogue index (issue 27): `search_synonym`'s trigger
 * logs a row marked `synonyms` (no product) instead of `catalog_log_all`'s full reload, and the
 * change feed (`modules/catalog/catalog-feed.ts`) re-reads only the synonym groups on such a row,
 * rebuilding the index's synonym table and the per-word tiers that depend on it. Every instance
 * still sees it through the log at its next catalogue request.
 */
export class Migration20261127212000SynonymChanges extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table catalog_change add column synonyms boolean not null default false;`);
    this.addSql(`
      create or replace function catalog_log_synonyms() returns trigger language plpgsql as $$
      begin
        insert into catalog_change (product_id, synonyms) values (null, true);
        return null;
      end $$;`);
    this.addSql('drop trigger if exists catalog_log_all_search_synonym on search_synonym;');
    this.addSql(`
      create trigger catalog_log_synonyms_search_synonym
        after insert or update or delete or truncate on search_synonym
        for each statement execute function catalog_log_synonyms();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists catalog_log_synonyms_search_synonym on search_synonym;');
    this.addSql(`
      create trigger catalog_log_all_search_synonym
        after insert or update or delete or truncate on search_synonym
        for each statement execute function catalog_log_all();`);
    this.addSql('drop function if exists catalog_log_synonyms();');
    this.addSql('alter table catalog_change drop column synonyms;');
  }
}
