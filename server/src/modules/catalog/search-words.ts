/**
 * How a search word meets a catalogue word (issue 27): the spec's rule first (the word inside
 * the name or equal to a size in stock, accent- and case-insensitive), then the catalogue's own words (type, brand, colour
 * and sex) and a prefix of the last word, then a typo: one from 5 letters, two from 9, counted
 * per word (Damerau–Levenshtein, a swap of two neighbours being one typo). Pure: the index
 * (product-index.ts) and the tests use it.
 */

/** How well a product holds a search: the lower the better; NO_MATCH: not at all. */
export const NO_MATCH = 0;
/** The spec's rule: every word inside the name or equal to one of the sizes in stock. */
export const EXACT = 1;
/** Every word in the name, a word of the catalogue (type, brand, colour, sex) or, the last one, a prefix. */
export const PREFIX = 2;
/** Some word only within its typos of a word of the product. */
export const FUZZY = 3;
export type MatchTier = typeof NO_MATCH | typeof EXACT | typeof PREFIX | typeof FUZZY;

/** Typos a search word may have: none below 5 letters, one from 5, two from 9. */
export function typoAllowance(word: string): number {
  const n = [...word].length;
  return n >= 9 ? 2 : n >= 5 ? 1 : 0;
}

/**
 * Whether `a` and `b` are at most `max` edits apart (insertion, deletion, substitution, or a swap
 * of two neighbouring letters: optimal string alignment). Bounded: rows stop once every cell
 * exceeds `max`, so a far word costs a few cells.
 */
export function withinDistance(a: string, b: string, max: number): boolean {
  if (a === b) return true;
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return false;
  const n = t.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= s.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        d = Math.min(d, prev2[j - 2]! + 1);
      }
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return false;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n]! <= max;
}

/**
 * How a search word meets one catalogue word of a product (not its name as a whole, which the
 * spec's rule reads): PREFIX when equal or, for the last word typed, its start; FUZZY within the
 * word's typos; else NO_MATCH.
 */
export function wordTier(search: string, word: string, last: boolean): MatchTier {
  if (word === search || (last && word.startsWith(search))) return PREFIX;
  const typos = typoAllowance(search);
  if (typos > 0 && withinDistance(search, word, typos)) return FUZZY;
  return NO_MATCH;
}

/** The words of a text in search form: letters and digits between anything else. */
export function wordsOf(searchText: string): string[] {
  return searchText.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');
}

/** A text in search form (f_search_text's: lower case, no accents), done in JavaScript. */
export function searchForm(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words a sex is known by in a search ('caballero', 'dama', 'nino', and 'hombre', 'mujer'), in SEXES order. */
export const SEX_WORDS: readonly (readonly string[])[] = [
  ['caballero', 'hombre'],
  ['dama', 'mujer'],
  ['nino'],
];
