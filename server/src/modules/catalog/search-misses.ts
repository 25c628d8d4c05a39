import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The searches that found nothing (issue 27), so the owner can add a synonym or a product:
 * counted per normalised search (f_search_text: accents and case aside, spaces collapsed) and
 * Mexico City day, in `search_miss`, by one upsert. Bounded against a bot: a search longer than
 * MAX_MISS_LENGTH is not counted, nor a new one once a day has MAX_MISSES_PER_DAY searches (those
 * already listed keep counting).
 */

export const MAX_MISS_LENGTH = 60;
export const MAX_MISSES_PER_DAY = 2000;
/** The days the admin's list covers, today included. */
export const MISS_DAYS = 30;
/** The most rows the admin's list shows. */
export const MAX_MISS_ROWS = 500;

/** A search in the list's form: f_search_text, trimmed, inner spaces collapsed to one. */
export const MISS_FORM = (param: string) =>
  `regexp_replace(btrim(f_search_text(${param})), '\\s+', ' ', 'g')`;

const MEXICO_DAY = `(now() at time zone 'America/Mexico_City')::date`;

/** Counts one search that found nothing (one statement; nothing when beyond the bounds). */
export async function recordSearchMiss(em: EntityManager, search: string): Promise<void> {
  if (search.trim() === '' || search.length > MAX_MISS_LENGTH * 4) return;
  await em.execute(
    `with q as (select ${MEXICO_DAY} as day, ${MISS_FORM('?')} as search)
     insert into search_miss (day, search)
     select q.day, q.search from q
      where char_length(q.search) between 1 and ${MAX_MISS_LENGTH}
        and (exists (select 1 from search_miss m where m.day = q.day and m.search = q.search)
             or (select count(*) from search_miss m where m.day = q.day) < ${MAX_MISSES_PER_DAY})
     on conflict (day, search) do update set times = search_miss.times + 1`,
    [search],
  );
}

export interface SearchMiss {
  search: string;
  times: number;
  /** The Mexico City day, 'YYYY-MM-DD'. */
  day: string;
}

/** 'Búsquedas sin resultados': the last MISS_DAYS days, newest day first, most counted first. */
export async function listSearchMisses(em: EntityManager): Promise<SearchMiss[]> {
  return em.execute<SearchMiss[]>(
    `select search, times, to_char(day, 'YYYY-MM-DD') as day from search_miss
      where day > ${MEXICO_DAY} - ${MISS_DAYS}
      order by day desc, times desc, search
      limit ${MAX_MISS_ROWS}`,
  );
}
