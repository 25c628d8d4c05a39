import { Migration } from '@mikro-orm/migrations';

/**
 * Search that finds what shoppers mean (issue 27), owned by the catalogue module:
 *
 * - `search_synonym`: the admin's groups of words that mean the same in a search ('tenis =
 *   sneakers = zapatillas'), each word as typed (`modules/catalog/synonym.service.ts`). Every
 *   write logs a full reload of the catalogue index (`catalog_log_all`, like the lookup lists),
 *   so every instance searches with the new groups at its next catalogue request.
 * - `search_miss`: the searches that found nothing, one row per normalised search (f_search_text,
 *   spaces collapsed) and Mexico City day, counted by one upsert (`modules/catalog/search-misses.ts`),
 *   bounded by the search's length and a number of distinct searches per day.
 *
 * Both are reached only by SQL.
 */
export class Migration20261127201500SearchSynonyms extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table search_synonym (
        id serial primary key,
        words text[] not null check (cardinality(words) between 2 and 20),
        created_at timestamptz not null default now()
      );`);
    this.addSql(`
      create trigger catalog_log_all_search_synonym
        after insert or update or delete or truncate on search_synonym
        for each statement execute function catalog_log_all();`);
    this.addSql(`
      create table search_miss (
        day date not null,
        search text not null check (char_length(search) between 1 and 60),
        times integer not null default 1 check (times > 0),
        primary key (day, search)
      );`);
    this.addSql(`create index search_miss_day_times_idx on search_miss (day desc, times desc);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists search_miss;');
    this.addSql('drop trigger if exists catalog_log_all_search_synonym on search_synonym;');
    this.addSql('drop table if exists search_synonym;');
  }
}
