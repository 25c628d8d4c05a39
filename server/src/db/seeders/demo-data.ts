/**
 * Pure, deterministic data for the demo catalogue: the built-in lookup lists of the spec (§3
 * "Built-in lists") and a generator of plausible products (§3 "Generated product data").
 *
 * No I/O and no entity imports: the seeder maps a `DemoProduct` onto the Product entity
 * (sizes → `tallas`/`cantidad`, `genero` derived from the name, photos rendered separately).
 */

/** Shirt-like product types, exactly as in the spec and in this order. */
export const SHIRT_TYPES: readonly string[] = Object.freeze([
  'Camisa',
  'Playera',
  'Blusa',
  'Sudadera',
  'Sweater',
  'Playera Cuello Polo',
  'Playera Manga Larga',
  'Chamarra',
  'Conjunto',
  'Chaleco',
  'Traje de Baño',
]);

/** Trouser-like product types, exactly as in the spec and in this order. */
export const TROUSER_TYPES: readonly string[] = Object.freeze(['Pantalón', 'Jogger', 'Shorts']);

/**
 * Footwear types (issue 28: a shop that says 'Calzado y ropa' sells shoes), beside the spec's 14
 * clothing types. 'Calzado Casual' carries the category word, so a search for 'calzado' finds
 * shoes (search matches the product's name).
 */
export const FOOTWEAR_TYPES: readonly string[] = Object.freeze([
  'Tenis',
  'Zapatos',
  'Botas',
  'Sandalias',
  'Calzado Casual',
]);

export interface DemoColor {
  readonly name: string;
  /** `#rrggbb`, used to draw the product photos. */
  readonly hex: string;
}

/** The 23 colours of the spec, in the spec's order, each with a hex for drawing. */
export const COLORS: readonly DemoColor[] = Object.freeze([
  { name: 'Amarillo', hex: '#f2c12e' },
  { name: 'Aqua', hex: '#3fc8c0' },
  { name: 'Azul', hex: '#2c4f8c' },
  { name: 'Azul Rey', hex: '#1f3fb4' },
  { name: 'Beige', hex: '#d9c7a7' },
  { name: 'Blanco', hex: '#f7f7f4' },
  { name: 'Celeste', hex: '#8ec5ea' },
  { name: 'Coral', hex: '#f27a6b' },
  { name: 'Fucsia', hex: '#d6247f' },
  { name: 'Gris', hex: '#8f9399' },
  { name: 'Lila', hex: '#b7a2d9' },
  { name: 'Cafe', hex: '#6b4a32' },
  { name: 'Cafe Claro', hex: '#a9835f' },
  { name: 'Militar', hex: '#5b6340' },
  { name: 'Morado', hex: '#5e3790' },
  { name: 'Mostaza', hex: '#cf9a1f' },
  { name: 'Naranja', hex: '#ee7a22' },
  { name: 'Negro', hex: '#232325' },
  { name: 'Rosa', hex: '#f2a7c0' },
  { name: 'Rojo', hex: '#c62a2f' },
  { name: 'Turquesa', hex: '#1aa3a6' },
  { name: 'Vino', hex: '#6e1f33' },
  { name: 'Verde', hex: '#2f8a4c' },
] as const satisfies readonly DemoColor[]);

type BrandLine = 'sport' | 'denim' | 'premium' | 'fashion' | 'outdoor' | 'swim';

interface BrandDef {
  readonly name: string;
  readonly line: BrandLine;
  /** Whether the shop also lists a '{name} Dama' brand. */
  readonly dama: boolean;
}

/**
 * Base brands. None contains a digit, a colour or type name, 'dama' or 'niño', and none is a
 * substring of another, so type/brand/colour/number can be recovered from a product name.
 */
const BRAND_DEFS: readonly BrandDef[] = [
  { name: 'Nike', line: 'sport', dama: true },
  { name: 'Adidas', line: 'sport', dama: true },
  { name: 'Puma', line: 'sport', dama: true },
  { name: 'Reebok', line: 'sport', dama: false },
  { name: 'Under Armour', line: 'sport', dama: true },
  { name: 'New Balance', line: 'sport', dama: false },
  { name: 'Fila', line: 'sport', dama: false },
  { name: 'Champion', line: 'sport', dama: false },
  { name: 'Charly', line: 'sport', dama: true },
  { name: 'Pirma', line: 'sport', dama: false },
  { name: "Levi's", line: 'denim', dama: true },
  { name: 'Wrangler', line: 'denim', dama: false },
  { name: 'Dockers', line: 'denim', dama: false },
  { name: 'Diesel', line: 'denim', dama: false },
  { name: 'American Eagle', line: 'denim', dama: true },
  { name: 'Hollister', line: 'denim', dama: false },
  { name: 'Abercrombie & Fitch', line: 'denim', dama: false },
  { name: 'Tommy Hilfiger', line: 'premium', dama: true },
  { name: 'Calvin Klein', line: 'premium', dama: true },
  { name: 'Lacoste', line: 'premium', dama: true },
  { name: 'Polo Ralph Lauren', line: 'premium', dama: true },
  { name: 'Hugo Boss', line: 'premium', dama: false },
  { name: 'Armani Exchange', line: 'premium', dama: false },
  { name: 'Guess', line: 'premium', dama: true },
  { name: 'Dolce & Gabbana', line: 'premium', dama: false },
  { name: 'Michael Kors', line: 'premium', dama: true },
  { name: 'Scappino', line: 'premium', dama: false },
  { name: 'Zara', line: 'fashion', dama: true },
  { name: 'Pull&Bear', line: 'fashion', dama: true },
  { name: 'Bershka', line: 'fashion', dama: true },
  { name: 'The North Face', line: 'outdoor', dama: false },
  { name: 'Columbia', line: 'outdoor', dama: false },
  { name: 'Speedo', line: 'swim', dama: false },
];

const DAMA_SUFFIX = ' Dama';

/** ~49 brand names: each base brand, directly followed by its 'Dama' variant when it has one. */
export const BRANDS: readonly string[] = Object.freeze(
  BRAND_DEFS.flatMap((b) => (b.dama ? [b.name, b.name + DAMA_SUFFIX] : [b.name])),
);

/** The hex of a colour of {@link COLORS} (case-insensitive), or undefined. */
export function colorHex(colorName: string): string | undefined {
  const key = colorName.trim().toLowerCase();
  return COLORS.find((c) => c.name.toLowerCase() === key)?.hex;
}

export function isTrouserType(typeName: string): boolean {
  return TROUSER_TYPES.includes(typeName);
}

export function isFootwearType(typeName: string): boolean {
  return FOOTWEAR_TYPES.includes(typeName);
}

export const SHIRT_SIZES: readonly string[] = Object.freeze(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
export const WAIST_SIZES: readonly string[] = Object.freeze(['28', '30', '32', '34', '36', '38']);

/** Mexican shoe sizes (centimetres), 22 to 30 with the half sizes, in order. */
export const SHOE_SIZES: readonly string[] = Object.freeze(
  Array.from({ length: 17 }, (_, i) => String(22 + i / 2)),
);

/** The footwear types sold in half sizes too (boots and sandals come in whole sizes only). */
const HALF_SIZE_TYPES: readonly string[] = ['Tenis', 'Zapatos', 'Calzado Casual'];

export interface DemoSize {
  size: string;
  stock: number;
}

export interface DemoProduct {
  /** `${type} ${brand} ${number} ${colour}`, unique case-insensitively within a catalogue. */
  name: string;
  description: string;
  typeName: string;
  brandName: string;
  colorName: string;
  /** Whole pesos, in centavos. */
  priceCents: number;
  promotion: boolean;
  /** Strictly lower than `priceCents` when `promotion`, else null. Whole pesos, in centavos. */
  promotionPriceCents: number | null;
  /** In display order; stock 0..12. */
  sizes: DemoSize[];
  imageCount: 1 | 2 | 3;
}

export interface DemoCatalogOptions {
  count: number;
  seed?: number;
}

export interface DescribeProductInput {
  typeName: string;
  brandName: string;
  colorName: string;
  sizes: readonly string[];
}

/** 'S, M, L y XL'; 'M y L'; 'M'. */
export function formatSizeList(sizes: readonly string[]): string {
  const list = sizes.map((s) => s.trim()).filter((s) => s.length > 0);
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(', ')} y ${list[list.length - 1]}`;
}

/** Colour names as they read inside a sentence ('Cafe Claro' → 'café claro'). */
function colorInSentence(colorName: string): string {
  return colorName
    .trim()
    .toLowerCase()
    .replace(/\bcafe\b/g, 'café');
}

/** The fixed Spanish marketing text of a generated (non-special) product. */
export function describeProduct({
  typeName,
  brandName,
  colorName,
  sizes,
}: DescribeProductInput): string {
  const list = sizes.map((s) => s.trim()).filter((s) => s.length > 0);
  const availability =
    list.length === 0
      ? 'Consulta la disponibilidad de tallas.'
      : `Disponible en ${list.length === 1 ? 'talla' : 'tallas'} ${formatSizeList(list)}.`;
  if (isFootwearType(typeName.trim())) {
    return (
      `${typeName.trim()} ${brandName.trim()} en color ${colorInSentence(colorName)}: calzado ` +
      'fabricado con materiales de alta calidad, con suela firme y plantilla acolchada que te ' +
      'acompañan cómodamente todo el día. ' +
      `${availability} ` +
      '¡Agrégalo a tu carrito y renueva tu estilo con la calidad original que mereces!'
    );
  }
  return (
    `${typeName.trim()} ${brandName.trim()} en color ${colorInSentence(colorName)}: una prenda ` +
    'confeccionada con materiales de alta calidad que te brindan comodidad y un ajuste ' +
    'perfecto para el día a día. ' +
    `${availability} ` +
    '¡Agrégala a tu carrito y renueva tu estilo con la calidad original que mereces!'
  );
}

// ---------------------------------------------------------------------------------------------
// Seeded randomness

/** mulberry32: a tiny 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    const last = items[items.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = items[i] as T;
      items[i] = items[j] as T;
      items[j] = tmp;
    }
    return items;
  }
}

// ---------------------------------------------------------------------------------------------
// Catalogue rules

interface TypeRule {
  /** Relative share of the catalogue. */
  weight: number;
  /** Brand lines that make this type. */
  lines: readonly BrandLine[];
  /** Price range in whole pesos before the brand line's factor. */
  pesos: readonly [number, number];
  /** Only sold as women's products (brand '… Dama'). */
  womenOnly?: boolean;
}

const TYPE_RULES: Readonly<Record<string, TypeRule>> = {
  Playera: { weight: 16, lines: ['sport', 'denim', 'premium', 'fashion'], pesos: [199, 499] },
  Camisa: { weight: 10, lines: ['denim', 'premium', 'fashion'], pesos: [399, 999] },
  Blusa: { weight: 7, lines: ['denim', 'premium', 'fashion'], pesos: [219, 649], womenOnly: true },
  Sudadera: { weight: 9, lines: ['sport', 'denim', 'fashion', 'outdoor'], pesos: [449, 949] },
  Sweater: { weight: 6, lines: ['denim', 'premium', 'fashion'], pesos: [449, 999] },
  'Playera Cuello Polo': { weight: 9, lines: ['sport', 'premium', 'denim'], pesos: [279, 799] },
  'Playera Manga Larga': { weight: 7, lines: ['sport', 'denim', 'fashion'], pesos: [219, 599] },
  Chamarra: {
    weight: 7,
    lines: ['sport', 'denim', 'premium', 'fashion', 'outdoor'],
    pesos: [649, 1199],
  },
  Conjunto: { weight: 5, lines: ['sport', 'fashion'], pesos: [549, 1099] },
  Chaleco: { weight: 4, lines: ['outdoor', 'premium', 'denim', 'sport'], pesos: [499, 949] },
  'Traje de Baño': { weight: 5, lines: ['swim', 'sport', 'fashion'], pesos: [199, 699] },
  Pantalón: { weight: 10, lines: ['denim', 'premium', 'fashion'], pesos: [449, 999] },
  Jogger: { weight: 8, lines: ['sport', 'fashion', 'denim'], pesos: [279, 799] },
  Shorts: { weight: 7, lines: ['sport', 'denim', 'fashion', 'swim'], pesos: [199, 549] },
};

/** Footwear: a share of its own, priced within the catalogue's range like the clothes. */
const FOOTWEAR_RULES: Readonly<Record<string, TypeRule>> = {
  Tenis: { weight: 10, lines: ['sport'], pesos: [699, 1199] },
  Zapatos: { weight: 5, lines: ['premium', 'denim'], pesos: [799, 1199] },
  Botas: { weight: 4, lines: ['outdoor', 'denim'], pesos: [899, 1199] },
  Sandalias: { weight: 4, lines: ['fashion', 'swim', 'sport'], pesos: [199, 549] },
  'Calzado Casual': { weight: 4, lines: ['fashion', 'denim', 'premium'], pesos: [549, 999] },
};

/**
 * The share of a catalogue that is footwear: 24 of the demo's 184 products, the other 160 being
 * the same clothes as before shoes were added (footwear draws from a random stream of its own).
 */
export const FOOTWEAR_SHARE = 0.13;

const LINE_PRICE_FACTOR: Readonly<Record<BrandLine, number>> = {
  sport: 1,
  denim: 1,
  premium: 1.15,
  fashion: 0.8,
  outdoor: 1.1,
  swim: 0.95,
};

const COLOR_WEIGHTS: Readonly<Record<string, number>> = {
  Negro: 5,
  Blanco: 5,
  Azul: 4,
  Gris: 4,
  Beige: 3,
  'Azul Rey': 2,
  Rojo: 2,
  Verde: 2,
  Militar: 2,
  Vino: 2,
  Cafe: 2,
  Rosa: 2,
  Celeste: 2,
};

const SHIRT_SIZE_SETS: readonly (readonly [string, number])[] = [
  ['S,M,L,XL', 55],
  ['S,M,L,XL,XXL', 10],
  ['S,M,L', 9],
  ['XS,S,M,L', 8],
  ['M,L,XL,XXL', 8],
  ['XS,S,M,L,XL', 5],
  ['M,L,XL', 5],
];

const WOMEN_SHIRT_SIZE_SETS: readonly (readonly [string, number])[] = [
  ['S,M,L,XL', 45],
  ['XS,S,M,L', 20],
  ['XS,S,M,L,XL', 15],
  ['S,M,L', 15],
  ['M,L,XL,XXL', 5],
];

const WOMEN_SHARE = 0.3;
const PROMOTION_SHARE = 0.2;
const SOLD_OUT_PRODUCT_SHARE = 0.03;
const SOLD_OUT_SIZE_CHANCE = 0.08;
const MAX_STOCK = 12;
const MIN_PESOS = 199;
const MAX_PESOS = 1299;

const BRANDS_BY_LINE = (() => {
  const map = new Map<BrandLine, { men: string[]; women: string[] }>();
  for (const b of BRAND_DEFS) {
    let entry = map.get(b.line);
    if (!entry) {
      entry = { men: [], women: [] };
      map.set(b.line, entry);
    }
    entry.men.push(b.name);
    if (b.dama) entry.women.push(b.name + DAMA_SUFFIX);
  }
  return map;
})();

function brandsFor(rule: TypeRule, women: boolean): string[] {
  const names = rule.lines.flatMap((line) => {
    const entry = BRANDS_BY_LINE.get(line);
    return entry ? (women ? entry.women : entry.men) : [];
  });
  if (names.length > 0) return names;
  return BRANDS.filter((n) => n.endsWith(DAMA_SUFFIX) === women);
}

/** Exactly `count` types: each type's share rounded down, the rest by weighted draw; shuffled. */
function typeSequence(
  rng: Rng,
  count: number,
  typeRules: Readonly<Record<string, TypeRule>>,
): string[] {
  const entries = Object.entries(typeRules).map(([name, r]) => [name, r.weight] as const);
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  const types: string[] = [];
  for (const [name, w] of entries) {
    for (let i = 0; i < Math.floor((count * w) / total); i++) types.push(name);
  }
  while (types.length < count) types.push(rng.weighted(entries));
  return rng.shuffle(types);
}

/** `count` distinct indices out of [0, n), chosen at random among `candidates`. */
function chooseIndices(rng: Rng, candidates: number[], count: number): Set<number> {
  return new Set(rng.shuffle([...candidates]).slice(0, Math.max(0, count)));
}

function roundRetailPesos(rng: Rng, pesos: number): number {
  const step = rng.chance(0.6) ? 50 : 10;
  const rounded = Math.round(pesos / step) * step - 1;
  return Math.min(MAX_PESOS, Math.max(MIN_PESOS, rounded));
}

function pricePesos(rng: Rng, rule: TypeRule, line: BrandLine): number {
  const [lo, hi] = rule.pesos;
  // Log-uniform within the type's range: more cheap items than expensive ones.
  const raw = Math.exp(Math.log(lo) + rng.float() * (Math.log(hi) - Math.log(lo)));
  return roundRetailPesos(rng, raw * LINE_PRICE_FACTOR[line]);
}

function promotionPesos(rng: Rng, price: number): number {
  const discount = rng.pick([0.1, 0.15, 0.2, 0.2, 0.25, 0.3, 0.3, 0.4]);
  const raw = price * (1 - discount);
  let promo = rng.chance(0.6) ? Math.floor(raw / 10) * 10 - 1 : Math.round(raw);
  if (promo >= price) promo = price - 1;
  return Math.max(99, promo);
}

function sizeList(rng: Rng, typeName: string, women: boolean): string[] {
  if (isFootwearType(typeName)) {
    // Women's 22–26, men's 25–30 (whole sizes at 22, 23…: index 2k in SHOE_SIZES).
    const [lo, hi] = women ? [22, 26] : [25, 30];
    const half = HALF_SIZE_TYPES.includes(typeName);
    const all = SHOE_SIZES.filter((s) => {
      const n = Number(s);
      return n >= lo && n <= hi && (half || Number.isInteger(n));
    });
    const length = rng.int(Math.min(4, all.length), Math.min(half ? 8 : 5, all.length));
    const start = rng.int(0, all.length - length);
    return all.slice(start, start + length);
  }
  if (isTrouserType(typeName)) {
    const length = rng.int(3, WAIST_SIZES.length);
    const start = rng.int(0, WAIST_SIZES.length - length);
    return WAIST_SIZES.slice(start, start + length);
  }
  return rng.weighted(women ? WOMEN_SHIRT_SIZE_SETS : SHIRT_SIZE_SETS).split(',');
}

function lineOf(brandName: string): BrandLine {
  const base = brandName.endsWith(DAMA_SUFFIX)
    ? brandName.slice(0, -DAMA_SUFFIX.length)
    : brandName;
  return BRAND_DEFS.find((b) => b.name === base)?.line ?? 'fashion';
}

/**
 * Generates `count` demo products, deterministically for a given `seed`: clothes, and
 * `round(count × FOOTWEAR_SHARE)` pairs of shoes listed first.
 *
 * Shares (exact for the counts that matter, randomly placed): about 30% women's products
 * (brand '… Dama'), 20% on promotion, 3% fully sold out; each type by its weight (e.g. about 9%
 * of the clothes 'Pantalón'). Prices are whole pesos ending in 9, mostly 199–999. The clothes
 * draw from the seed's stream exactly as they did before shoes were added, the shoes from a
 * stream of their own.
 */
export function generateDemoCatalog(options: DemoCatalogOptions): DemoProduct[] {
  const { count } = options;
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError(`count must be a non-negative integer, got ${String(count)}`);
  }
  const seed = options.seed ?? 20261122;
  const footwear = Math.round(count * FOOTWEAR_SHARE);
  const usedNames = new Set<string>();
  const clothes = generatePart(new Rng(seed), count - footwear, TYPE_RULES, usedNames);
  const shoes = generatePart(new Rng(seed ^ 0x5ca1), footwear, FOOTWEAR_RULES, usedNames);
  return [...shoes, ...clothes];
}

function generatePart(
  rng: Rng,
  count: number,
  typeRules: Readonly<Record<string, TypeRule>>,
  usedNames: Set<string>,
): DemoProduct[] {
  const types = typeSequence(rng, count, typeRules);
  const indices = types.map((_, i) => i);

  const womenOnly = indices.filter((i) => typeRules[types[i] ?? '']?.womenOnly === true);
  const others = indices.filter((i) => typeRules[types[i] ?? '']?.womenOnly !== true);
  const women = new Set<number>(womenOnly);
  for (const i of chooseIndices(rng, others, Math.round(count * WOMEN_SHARE) - women.size)) {
    women.add(i);
  }
  const onPromotion = chooseIndices(rng, indices, Math.round(count * PROMOTION_SHARE));
  const soldOut = chooseIndices(rng, indices, Math.round(count * SOLD_OUT_PRODUCT_SHARE));

  const colorEntries = COLORS.map((c) => [c.name, COLOR_WEIGHTS[c.name] ?? 1] as const);
  const products: DemoProduct[] = [];
  const fallbackType = Object.keys(typeRules)[0] ?? 'Playera';

  for (const i of indices) {
    const typeName = types[i] ?? fallbackType;
    const rule = typeRules[typeName] ?? (typeRules[fallbackType] as TypeRule);
    const isWoman = women.has(i);
    const brandName = rng.pick(brandsFor(rule, isWoman));
    const colorName = rng.weighted(colorEntries);

    let number = rng.int(1, 99);
    let name = `${typeName} ${brandName} ${number} ${colorName}`;
    while (usedNames.has(name.toLowerCase())) {
      number += 1;
      name = `${typeName} ${brandName} ${number} ${colorName}`;
    }
    usedNames.add(name.toLowerCase());

    const sizeNames = sizeList(rng, typeName, isWoman);
    const sizes: DemoSize[] = sizeNames.map((size) => ({
      size,
      stock: soldOut.has(i) || rng.chance(SOLD_OUT_SIZE_CHANCE) ? 0 : rng.int(1, MAX_STOCK),
    }));

    const price = pricePesos(rng, rule, lineOf(brandName));
    const promotion = onPromotion.has(i);
    const promo = promotion ? promotionPesos(rng, price) : null;
    const imageCount = rng.weighted<1 | 2 | 3>([
      [1, 15],
      [2, 25],
      [3, 60],
    ]);

    products.push({
      name,
      description: describeProduct({ typeName, brandName, colorName, sizes: sizeNames }),
      typeName,
      brandName,
      colorName,
      priceCents: price * 100,
      promotion,
      promotionPriceCents: promo === null ? null : promo * 100,
      sizes,
      imageCount,
    });
  }
  return products;
}
