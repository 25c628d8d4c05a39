import { userIdsNamedLike } from '../accounts/users.js';
import { badInput } from '../shared/errors.js';
import { likeContains, placeholders } from '../shared/sql.js';
import { ORDER_STATUSES } from '@tienda/rules';

const MAX_SEARCH_LENGTH = 200;
const MAX_SEARCH_WORDS = 10;

export const ORDER_SEARCH_MESSAGES = {
  searchTooLong: `La búsqueda no puede tener más de ${MAX_SEARCH_LENGTH} caracteres`,
  searchTooManyWords: `La búsqueda admite hasta ${MAX_SEARCH_WORDS} palabras`,
} as const;

/** A condition over the order alias `o` with its bound values. */
export interface SqlFragment {
  sql: string;
  params: unknown[];
}

/** The largest id PostgreSQL's integer holds: a longer number cannot be an order's id. */
const MAX_ID = 2_147_483_647;

const isOrderId = (word: string) => /^\d{1,10}$/.test(word) && Number(word) <= MAX_ID;

/**
 * `word` as f_search_text sees it (lower case, Spanish accents removed) when it is plain ASCII
 * after that, else null (then nothing is assumed about it).
 */
function plainFold(word: string): string | null {
  const folded = word
    .toLowerCase()
    .replace(/[áéíóúüñ]/g, (c) => 'aeiouun'.charAt('áéíóúüñ'.indexOf(c)));
  return /^[\x20-\x7e]*$/.test(folded) ? folded : null;
}

/** A word that no status contains and that is no id: only a customer's name can match it. */
function matchesOnlyNames(word: string): boolean {
  const folded = plainFold(word);
  return (
    folded !== null &&
    !isOrderId(word) &&
    !ORDER_STATUSES.some((s) => s.toLowerCase().includes(folded))
  );
}

/**
 * The admin's search as SQL over the order alias `o`: for every word, the customer's name or the
 * status contains it (both through f_search_text: no accents, lower case), or it is the id.
 * Words only a name can match (no status contains them, not a number) go into one subquery of
 * the customers whose name holds them all (the name's trigram index, through the accounts
 * module's fragment: one statement), which the user_id index then joins; the others are an `or`
 * of the three.
 */
export function searchWhere(search: string | null | undefined): SqlFragment {
  const text = (search ?? '').trim();
  if (text.length > MAX_SEARCH_LENGTH) {
    throw badInput(ORDER_SEARCH_MESSAGES.searchTooLong, 'search');
  }
  const words = [...new Set(text.split(/\s+/).filter((w) => w !== ''))];
  if (words.length > MAX_SEARCH_WORDS) {
    throw badInput(ORDER_SEARCH_MESSAGES.searchTooManyWords, 'search');
  }
  const parts: SqlFragment[] = [];
  const nameWords = words.filter(matchesOnlyNames);
  if (nameWords.length > 0) {
    parts.push({
      sql: `o.user_id in (${userIdsNamedLike(nameWords.length)})`,
      params: nameWords.map(likeContains),
    });
  }
  const statuses = `array[${placeholders(ORDER_STATUSES.length)}]::text[]`;
  for (const word of words.filter((w) => !matchesOnlyNames(w))) {
    const pattern = likeContains(word);
    const alternatives = [
      `o.user_id in (${userIdsNamedLike(1)})`,
      `o.status in (select s from unnest(${statuses}) s where f_search_text(s) like f_search_text(?))`,
    ];
    const params: unknown[] = [pattern, ...ORDER_STATUSES, pattern];
    if (isOrderId(word)) {
      alternatives.push('o.id = ?');
      params.push(Number(word));
    }
    parts.push({ sql: `(${alternatives.join(' or ')})`, params });
  }
  if (parts.length === 0) return { sql: 'true', params: [] };
  return { sql: parts.map((p) => p.sql).join(' and '), params: parts.flatMap((p) => p.params) };
}
