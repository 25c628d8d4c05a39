import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../accounts/access.js';
import { AuditTrail } from '../audit/audit-trail.js';
import { badInput, conflict, notFound } from '../shared/errors.js';
import { withTransaction } from '../shared/transaction.js';
import { searchForm } from './search-words.js';

/** The longest word of a synonym group, and the most words a group may have. */
export const MAX_SYNONYM_WORD = 40;
export const MAX_SYNONYM_WORDS = 20;

export const SYNONYM_MESSAGES = {
  required: 'Escribe al menos dos palabras separadas por «=», por ejemplo: tenis = sneakers',
  oneWord: 'Cada sinónimo debe ser una sola palabra (sin espacios)',
  tooLong: `Cada sinónimo puede tener hasta ${MAX_SYNONYM_WORD} caracteres`,
  tooMany: `Un grupo puede tener hasta ${MAX_SYNONYM_WORDS} palabras`,
  controlChars: 'Los sinónimos no pueden contener caracteres de control',
  taken: (word: string) => `«${word}» ya está en otro grupo de sinónimos`,
  notFound: 'El grupo de sinónimos no existe',
} as const;

/** A group of words a search takes as one ('tenis = sneakers = zapatillas'), applied both ways. */
export interface SynonymGroup {
  id: number;
  /** As typed, in the admin's order, without repeats. */
  words: string[];
  /** The words as one line: 'tenis = sneakers = zapatillas'. */
  name: string;
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

const groupOf = (row: { id: number; words: string[] }): SynonymGroup => ({
  id: row.id,
  words: row.words,
  name: row.words.join(' = '),
});

/**
 * The admin's synonym groups (the lookups screen's 'Sinónimos'): a search word that is one of a
 * group's words also finds what the group's other words find (the catalogue index reads the
 * groups: product-index.ts). The table's trigger logs a synonym change, and every instance
 * re-reads the groups alone (not the catalogue) at its next catalogue request. Each change writes
 * its audit entry in its transaction.
 */
export class SynonymService {
  constructor(
    private readonly em: EntityManager,
    /** The admin making the changes ('synonym.*' audit entries). */
    private readonly actor: Actor,
  ) {}

  async list(): Promise<SynonymGroup[]> {
    const rows = await this.em.execute<{ id: number; words: string[] }[]>(
      'select id, words from search_synonym order by lower(words[1]), id',
    );
    return rows.map(groupOf);
  }

  async create(text: string): Promise<SynonymGroup> {
    const words = synonymWords(text);
    return withTransaction(this.em, async (tx) => {
      await lockGroups(tx);
      await assertFree(tx, words, null);
      const [row] = await tx.execute<{ id: number; words: string[] }[]>(
        'insert into search_synonym (words) values (?::text[]) returning id, words',
        [toArray(words)],
      );
      const group = groupOf(row!);
      await AuditTrail.record(tx, this.actor, {
        action: 'synonym.create',
        object: { kind: 'synonym', id: group.id, label: group.name },
        before: {},
        after: { words: group.name },
      });
      return group;
    });
  }

  async update(id: number, text: string): Promise<SynonymGroup> {
    const words = synonymWords(text);
    return withTransaction(this.em, async (tx) => {
      await lockGroups(tx);
      const [old] = await tx.execute<{ id: number; words: string[] }[]>(
        'select id, words from search_synonym where id = ? for update',
        [id],
      );
      if (!old) throw notFound(SYNONYM_MESSAGES.notFound);
      await assertFree(tx, words, id);
      const [row] = await tx.execute<{ id: number; words: string[] }[]>(
        'update search_synonym set words = ?::text[] where id = ? returning id, words',
        [toArray(words), id],
      );
      const group = groupOf(row!);
      await AuditTrail.record(tx, this.actor, {
        action: 'synonym.update',
        object: { kind: 'synonym', id, label: group.name },
        before: { words: groupOf(old).name },
        after: { words: group.name },
      });
      return group;
    });
  }

  async delete(id: number): Promise<SynonymGroup> {
    return withTransaction(this.em, async (tx) => {
      const [row] = await tx.execute<{ id: number; words: string[] }[]>(
        'delete from search_synonym where id = ? returning id, words',
        [id],
      );
      if (!row) throw notFound(SYNONYM_MESSAGES.notFound);
      const group = groupOf(row);
      await AuditTrail.record(tx, this.actor, {
        action: 'synonym.delete',
        object: { kind: 'synonym', id, label: group.name },
        before: { words: group.name },
        after: {},
      });
      return group;
    });
  }
}

/**
 * The words of a group as the admin typed them ('tenis = sneakers, zapatillas'): split at '='
 * or ',', trimmed, blanks and repeats (accent- and case-insensitively) dropped; at least two,
 * each one word.
 */
export function synonymWords(text: string): string[] {
  if (CONTROL_CHARS.test(text)) throw badInput(SYNONYM_MESSAGES.controlChars, 'words');
  const seen = new Set<string>();
  const words: string[] = [];
  for (const raw of text.split(/[=,]/)) {
    const word = raw.trim();
    if (word === '') continue;
    if (/\s/.test(word)) throw badInput(SYNONYM_MESSAGES.oneWord, 'words');
    if ([...word].length > MAX_SYNONYM_WORD) throw badInput(SYNONYM_MESSAGES.tooLong, 'words');
    const key = searchForm(word);
    if (seen.has(key)) continue;
    seen.add(key);
    words.push(word);
  }
  if (words.length < 2) throw badInput(SYNONYM_MESSAGES.required, 'words');
  if (words.length > MAX_SYNONYM_WORDS) throw badInput(SYNONYM_MESSAGES.tooMany, 'words');
  return words;
}

/** A PostgreSQL array literal of words (each quoted). */
function toArray(words: readonly string[]): string {
  return `{${words.map((w) => `"${w.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/** One writer of the groups at a time: the 'one group per word' check stays true. */
async function lockGroups(tx: EntityManager) {
  await tx.execute(`select pg_advisory_xact_lock(hashtext('search_synonym'))`);
}

/** Refuses a word another group already has (accent- and case-insensitively). */
async function assertFree(tx: EntityManager, words: readonly string[], exceptId: number | null) {
  const [clash] = await tx.execute<{ word: string }[]>(
    `select w as word from search_synonym s, unnest(s.words) w
      where s.id <> ? and f_search_text(w) in
        (select f_search_text(v) from json_array_elements_text(?::json) v)
      limit 1`,
    [exceptId ?? 0, JSON.stringify(words)],
  );
  if (clash) throw conflict(SYNONYM_MESSAGES.taken(clash.word), 'words');
}
