/** Spec §3 "Generated product data": the name and description of a non-special product. */

export interface NameParts {
  type: string;
  brand: string;
  number: string;
  color: string;
}

const squeeze = (text: string) => text.trim().replace(/\s+/g, ' ');

/** type + brand + number + colour, the empty parts left out: 'Playera Nike 23 Negro'. */
export function generateName(parts: NameParts): string {
  return [parts.type, parts.brand, parts.number, parts.color]
    .map(squeeze)
    .filter((part) => part !== '')
    .join(' ');
}

/** ['S', 'M', 'L'] → 'S, M y L'. */
export function listSizes(sizes: readonly string[]): string {
  const clean = sizes.map(squeeze).filter((size) => size !== '');
  if (clean.length <= 1) return clean.join('');
  return `${clean.slice(0, -1).join(', ')} y ${clean[clean.length - 1]}`;
}

/**
 * The shop's fixed marketing text with the brand, the colour and the sizes filled in. A missing
 * brand or colour leaves its phrase out rather than printing an empty name.
 */
export function generateDescription(
  brand: string,
  color: string,
  sizes: readonly string[],
): string {
  const brandText = squeeze(brand);
  const colorText = squeeze(color);
  const sizesText = listSizes(sizes);
  const subject = [
    'esta prenda',
    brandText ? `de la marca ${brandText}` : '',
    colorText ? `en color ${colorText}` : '',
  ]
    .filter((part) => part !== '')
    .join(' ');
  return [
    `Luce increíble con ${subject}.`,
    'Confeccionada con materiales de calidad, combina comodidad y estilo para tu día a día y cualquier ocasión.',
    sizesText ? `Disponible en tallas ${sizesText}.` : '',
    '¡Pídela hoy y recíbela en la puerta de tu casa!',
  ]
    .filter((sentence) => sentence !== '')
    .join(' ');
}

export interface NamedItem {
  id: number;
  name: string;
}

/** Lower case without accents, so 'Pantalón' and 'PANTALON' compare equal. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The longest item whose name appears in `text` as whole words (case- and accent-insensitive),
 * with the text left once that name is cut out; undefined when none appears.
 */
function longestMatch<T extends NamedItem>(
  text: string,
  items: readonly T[],
): { item: T; rest: string } | undefined {
  const folded = fold(text);
  let best: { item: T; start: number; length: number } | undefined;
  for (const item of items) {
    const name = fold(squeeze(item.name));
    if (name === '' || (best && name.length <= best.length)) continue;
    const pattern = new RegExp(
      `(^|[^\\p{L}\\p{N}])${escapeRegExp(name)}(?=$|[^\\p{L}\\p{N}])`,
      'u',
    );
    const found = pattern.exec(folded);
    if (found) best = { item, start: found.index + found[1]!.length, length: name.length };
  }
  if (!best) return undefined;
  // For composed (NFC) text fold() keeps every letter at its index, so the folded match's indices
  // cut the original text.
  const rest = `${text.slice(0, best.start)} ${text.slice(best.start + best.length)}`;
  return { item: best.item, rest };
}

export interface RecoveredName<T extends NamedItem = NamedItem> {
  type: T | undefined;
  brand: T | undefined;
  color: T | undefined;
  /** The first number in the name, '' when it has none. */
  number: string;
}

/**
 * On update, the type, brand and colour chosen from the lists and the number, recovered from an
 * existing name (spec §3): for each list the longest name found in the product's name, the type
 * first, then the brand, then the colour in what is left (so 'Playera Cuello Polo' is a type,
 * not the brand 'Polo'); the number is the first number in the name.
 */
export function recoverNameParts<T extends NamedItem>(
  name: string,
  lists: { types: readonly T[]; brands: readonly T[]; colors: readonly T[] },
): RecoveredName<T> {
  // Accented letters written as one code point keep the length through fold(); compose first.
  let rest = name.normalize('NFC');
  const take = (items: readonly T[]): T | undefined => {
    const match = longestMatch(rest, items);
    if (!match) return undefined;
    rest = match.rest;
    return match.item;
  };
  const type = take(lists.types);
  const brand = take(lists.brands);
  const color = take(lists.colors);
  const number = /\d+/.exec(name)?.[0] ?? '';
  return { type, brand, color, number };
}
