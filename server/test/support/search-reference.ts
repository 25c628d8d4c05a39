import { SEXES, sexesOf } from '../../src/modules/catalog/catalog-filter.js';

/**
 * Issue 27's search rule read plainly, for brute-force checks (not the index's code): per search
 * word, 1 when it is in the name or equals one of the sizes in stock (the spec's rule: 'every
 * word must appear in the name or sizes'), 2 when it equals a word of the product (its
 * name, type, brand, colour or sex) or, the last word typed, starts one, 3 when it is within its
 * typos of one (one from 5 letters, two from 9; a swap of neighbours is one), else 0. A product's
 * tier is its worst word's, 0 when a word finds nothing. Texts (the sizes too) in search form
 * (lower case, no accents).
 */
export function referenceSearchTier(
  name: string,
  lookupNames: readonly (string | null)[],
  words: readonly string[],
  sizes: readonly string[] = [],
): number {
  const split = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');
  const sexWords: Record<(typeof SEXES)[number], string[]> = {
    Caballero: ['caballero', 'hombre'],
    Dama: ['dama', 'mujer'],
    Niño: ['nino'],
  };
  const own = [
    ...split(name),
    ...lookupNames.flatMap((n) => (n === null ? [] : split(n))),
    ...sexesOf(name).flatMap((s) => sexWords[s]),
  ];
  let tier = 1;
  words.forEach((w, k) => {
    const last = k === words.length - 1;
    const typos = [...w].length >= 9 ? 2 : [...w].length >= 5 ? 1 : 0;
    const t =
      name.includes(w) || sizes.includes(w)
        ? 1
        : own.some((o) => o === w || (last && o.startsWith(w)))
          ? 2
          : own.some((o) => distance(w, o) <= typos)
            ? 3
            : 0;
    tier = t === 0 || tier === 0 ? 0 : Math.max(tier, t);
  });
  return tier;
}

/** Edit distance with swaps of neighbours (optimal string alignment), the whole table. */
export function distance(x: string, y: string): number {
  const a = [...x];
  const b = [...y];
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
      }
    }
  }
  return d[a.length]![b.length]!;
}
