import type { EntityManager } from '@mikro-orm/postgresql';
import { placeholders } from '../shared/sql.js';

/**
 * The accounts' table (app_user) as other modules read it: through these functions, or, where a
 * statement of theirs must read it for speed (one statement instead of two), through the
 * fragments below. No SQL outside accounts/ names the table.
 */

/** The names of these users, by id (absent: no such user). One statement. */
export async function userNames(
  em: EntityManager,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await em.execute<{ id: number; name: string }[]>(
    `select id, name from app_user where id in (${placeholders(ids.length)})`,
    [...ids],
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * A select-list column: the e-mail addresses of the active admin accounts, oldest first, at most
 * `limit`, as a text array (for the order e-mails, read in their snapshot's one statement).
 */
export function activeAdminEmailsColumn(limit: number, as = 'admin_emails'): string {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`limit: ${limit}`);
  return `array(select email from app_user where role = 'admin' and active
    order by id limit ${limit}) as ${as}`;
}

/**
 * A subquery of the ids of the users whose name contains each of `n` bound LIKE patterns,
 * accent- and case-insensitively (f_search_text: the name's trigram index answers it). For the
 * admin's order search, inside its one statement.
 */
export const userIdsNamedLike = (n: number): string =>
  `select u.id from app_user u where ${Array.from(
    { length: n },
    () => 'f_search_text(u.name) like f_search_text(?)',
  ).join(' and ')}`;

/**
 * Joins the user `userIdSql` names as `alias` (its `name` and `email` are then readable): for the
 * order e-mails' snapshot, one statement inside the checkout's transaction.
 */
export const joinUser = (alias: string, userIdSql: string): string =>
  `join app_user ${alias} on ${alias}.id = ${userIdSql}`;
