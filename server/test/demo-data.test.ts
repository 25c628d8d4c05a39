import {
  BRANDS,
  COLORS,
  colorHex,
  type DemoProduct,
  describeProduct,
  FOOTWEAR_SHARE,
  FOOTWEAR_TYPES,
  formatSizeList,
  generateDemoCatalog,
  SHIRT_SIZES,
  SHIRT_TYPES,
  SHOE_SIZES,
  TROUSER_TYPES,
  WAIST_SIZES,
} from '../src/db/seeders/demo-data.js';
import { SPEC_COLORS, SPEC_SHIRT_TYPES, SPEC_TROUSER_TYPES } from './support/spec-lists.js';

const ALL_TYPES = [...SPEC_SHIRT_TYPES, ...SPEC_TROUSER_TYPES, ...FOOTWEAR_TYPES];
const HALF_SIZE_FOOTWEAR = ['Tenis', 'Zapatos', 'Calzado Casual'];

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternatives = (list: readonly string[]) =>
  [...list]
    .sort((a, b) => b.length - a.length)
    .map(escapeRe)
    .join('|');
/** type + brand + number + colour, each taken from the built-in lists. */
const NAME_PATTERN = new RegExp(
  `^(${alternatives(ALL_TYPES)}) (${alternatives(BRANDS)}) (\\d{1,3}) (${alternatives(SPEC_COLORS)})$`,
);

const share = (items: DemoProduct[], pred: (p: DemoProduct) => boolean) =>
  items.filter(pred).length / items.length;

describe('built-in lists', () => {
  test('shirt and trouser types are exactly the spec lists, in order', () => {
    expect([...SHIRT_TYPES]).toEqual(SPEC_SHIRT_TYPES);
    expect([...TROUSER_TYPES]).toEqual(SPEC_TROUSER_TYPES);
    expect(SHIRT_TYPES).toHaveLength(11);
    expect(TROUSER_TYPES).toHaveLength(3);
  });

  test('the 23 colours are the spec names in the spec order, each with a distinct hex', () => {
    expect(COLORS.map((c) => c.name)).toEqual(SPEC_COLORS);
    for (const c of COLORS) expect(c.hex).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(COLORS.map((c) => c.hex)).size).toBe(23);
    expect(colorHex('azul rey')).toBe(COLORS[3]?.hex);
    expect(colorHex('Sin color')).toBeUndefined();
  });

  test('about 49 brands, unique case-insensitively, many with a Dama variant', () => {
    expect(BRANDS.length).toBeGreaterThanOrEqual(47);
    expect(BRANDS.length).toBeLessThanOrEqual(51);
    expect(new Set(BRANDS.map((b) => b.toLowerCase())).size).toBe(BRANDS.length);
    expect(BRANDS).toEqual(expect.arrayContaining(['Nike', 'Nike Dama', 'Adidas', "Levi's"]));
    const dama = BRANDS.filter((b) => b.endsWith(' Dama'));
    expect(dama.length).toBeGreaterThanOrEqual(12);
    for (const d of dama) expect(BRANDS).toContain(d.slice(0, -' Dama'.length));
  });

  test('brand names can be told apart from types, colours, numbers and the sex words', () => {
    const padded = (s: string) => ` ${s.toLowerCase()} `;
    const clashes: string[] = [];
    for (const brand of BRANDS) {
      const base = brand.replace(/ Dama$/, '');
      if (/\d/.test(brand) || /dama|niño|niña|caballero/.test(base.toLowerCase()))
        clashes.push(brand);
      for (const name of [...ALL_TYPES, ...SPEC_COLORS]) {
        if (padded(base).includes(padded(name)) || padded(name).includes(padded(base))) {
          clashes.push(`${brand} / ${name}`);
        }
      }
    }
    expect(clashes).toEqual([]);
    // No base brand is part of another base brand (the stock dashboard matches by substring).
    const bases = BRANDS.filter((b) => !b.endsWith(' Dama')).map((b) => b.toLowerCase());
    const nested = bases.flatMap((a) => bases.filter((b) => a !== b && b.includes(a)));
    expect(nested).toEqual([]);
  });
});

describe('describeProduct', () => {
  test('fills brand, colour and sizes into a Spanish text of 2–4 sentences', () => {
    const text = describeProduct({
      typeName: 'Playera',
      brandName: 'Nike Dama',
      colorName: 'Azul Rey',
      sizes: ['S', 'M', 'L', 'XL'],
    });
    expect(text).toContain('Playera Nike Dama');
    expect(text).toContain('azul rey');
    expect(text).toContain('Disponible en tallas S, M, L y XL.');
    const sentences = text.split(/(?<=[.!?])\s+/).filter((s) => s.trim().length > 0);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(4);
    expect(text).toMatch(/[áéíóú]/);
  });

  test('writes café with its accent and a single size in the singular', () => {
    const text = describeProduct({
      typeName: 'Pantalón',
      brandName: "Levi's",
      colorName: 'Cafe Claro',
      sizes: ['32'],
    });
    expect(text).toContain('café claro');
    expect(text).toContain('Disponible en talla 32.');
  });

  test('lists sizes the Spanish way', () => {
    expect(formatSizeList(['S', 'M', 'L', 'XL'])).toBe('S, M, L y XL');
    expect(formatSizeList(['M', 'L'])).toBe('M y L');
    expect(formatSizeList(['M'])).toBe('M');
    expect(formatSizeList([])).toBe('');
  });
});

describe('generateDemoCatalog', () => {
  const catalog = generateDemoCatalog({ count: 160, seed: 2026 });

  test('returns the requested number of products', () => {
    expect(catalog).toHaveLength(160);
    expect(generateDemoCatalog({ count: 0 })).toEqual([]);
    expect(() => generateDemoCatalog({ count: -1 })).toThrow(RangeError);
    expect(() => generateDemoCatalog({ count: 2.5 })).toThrow(RangeError);
  });

  test('names are type + brand + number + colour from the lists, matching the fields', () => {
    for (const p of catalog) {
      const m = NAME_PATTERN.exec(p.name);
      expect(m).not.toBeNull();
      expect(m?.[1]).toBe(p.typeName);
      expect(m?.[2]).toBe(p.brandName);
      expect(m?.[4]).toBe(p.colorName);
      expect(p.name).toBe(`${p.typeName} ${p.brandName} ${m?.[3]} ${p.colorName}`);
      expect(Number(m?.[3])).toBeGreaterThanOrEqual(1);
    }
  });

  test('names are unique case-insensitively, also in a large catalogue', () => {
    expect(new Set(catalog.map((p) => p.name.toLowerCase())).size).toBe(catalog.length);
    const big = generateDemoCatalog({ count: 5000, seed: 1 });
    expect(new Set(big.map((p) => p.name.toLowerCase())).size).toBe(5000);
  });

  test('is deterministic for a seed and differs between seeds', () => {
    expect(generateDemoCatalog({ count: 160, seed: 2026 })).toEqual(catalog);
    expect(generateDemoCatalog({ count: 40 })).toEqual(generateDemoCatalog({ count: 40 }));
    const other = generateDemoCatalog({ count: 160, seed: 7 });
    expect(other.map((p) => p.name)).not.toEqual(catalog.map((p) => p.name));
  });

  test('every type appears, with enough Pantalón and Dama products for searches', () => {
    for (const t of ALL_TYPES) expect(catalog.some((p) => p.typeName === t)).toBe(true);
    expect(catalog.filter((p) => p.typeName === 'Pantalón').length).toBeGreaterThanOrEqual(10);
    const dama = share(catalog, (p) => p.name.includes('Dama'));
    expect(dama).toBeGreaterThanOrEqual(0.25);
    expect(dama).toBeLessThanOrEqual(0.35);
    // Blouses are women's products.
    for (const p of catalog.filter((x) => x.typeName === 'Blusa')) {
      expect(p.brandName).toMatch(/ Dama$/);
    }
  });

  test('prices are whole pesos and fill every price bucket', () => {
    for (const p of catalog) {
      expect(Number.isInteger(p.priceCents)).toBe(true);
      expect(p.priceCents % 100).toBe(0);
      expect(p.priceCents).toBeGreaterThanOrEqual(19900);
      expect(p.priceCents).toBeLessThanOrEqual(129900);
    }
    const pesos = (p: DemoProduct) => p.priceCents / 100;
    expect(share(catalog, (p) => pesos(p) <= 300)).toBeGreaterThanOrEqual(0.12);
    expect(share(catalog, (p) => pesos(p) > 300 && pesos(p) <= 500)).toBeGreaterThanOrEqual(0.2);
    expect(share(catalog, (p) => pesos(p) > 500 && pesos(p) <= 1000)).toBeGreaterThanOrEqual(0.3);
    const above = catalog.filter((p) => pesos(p) > 1000).length;
    expect(above).toBeGreaterThan(0);
    expect(above / catalog.length).toBeLessThan(0.12);
    expect(share(catalog, (p) => pesos(p) % 10 === 9)).toBeGreaterThan(0.9);
  });

  test('about 20% are on promotion, always cheaper than the normal price', () => {
    const promos = catalog.filter((p) => p.promotion);
    expect(promos.length / catalog.length).toBeCloseTo(0.2, 1);
    for (const p of promos) {
      expect(p.promotionPriceCents).not.toBeNull();
      const promo = p.promotionPriceCents ?? Infinity;
      expect(promo).toBeLessThan(p.priceCents);
      expect(promo).toBeGreaterThan(0);
      expect(promo % 100).toBe(0);
    }
    expect(promos.some((p) => ((p.promotionPriceCents ?? 0) / 100) % 10 === 9)).toBe(true);
    for (const p of catalog.filter((x) => !x.promotion)) expect(p.promotionPriceCents).toBeNull();
  });

  test('sizes fit the type, with realistic stock and some sold-out sizes and products', () => {
    for (const p of catalog) {
      const allowed = FOOTWEAR_TYPES.includes(p.typeName)
        ? SHOE_SIZES
        : TROUSER_TYPES.includes(p.typeName)
          ? WAIST_SIZES
          : SHIRT_SIZES;
      const sizes = p.sizes.map((s) => s.size);
      expect(sizes.length).toBeGreaterThanOrEqual(3);
      for (const s of sizes) expect(allowed).toContain(s);
      // In the usual order, without repeats.
      const positions = sizes.map((s) => allowed.indexOf(s));
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(new Set(sizes).size).toBe(sizes.length);
      for (const s of p.sizes) {
        expect(Number.isInteger(s.stock)).toBe(true);
        expect(s.stock).toBeGreaterThanOrEqual(0);
        expect(s.stock).toBeLessThanOrEqual(12);
      }
    }
    const rows = catalog.flatMap((p) => p.sizes);
    const zero = rows.filter((r) => r.stock === 0).length / rows.length;
    expect(zero).toBeGreaterThanOrEqual(0.05);
    expect(zero).toBeLessThanOrEqual(0.18);
    const soldOut = catalog.filter((p) => p.sizes.every((s) => s.stock === 0)).length;
    expect(soldOut).toBeGreaterThanOrEqual(2);
    expect(soldOut).toBeLessThanOrEqual(10);
    const shirts = catalog.filter((p) => SHIRT_TYPES.includes(p.typeName));
    const typical = shirts.filter((p) => p.sizes.map((s) => s.size).join(',') === 'S,M,L,XL');
    expect(typical.length / shirts.length).toBeGreaterThan(0.35);
  });

  test('footwear: the five types, Mexican sizes 22–30, half sizes only for the types that use them', () => {
    expect([...FOOTWEAR_TYPES]).toEqual([
      'Tenis',
      'Zapatos',
      'Botas',
      'Sandalias',
      'Calzado Casual',
    ]);
    expect(SHOE_SIZES[0]).toBe('22');
    expect(SHOE_SIZES[1]).toBe('22.5');
    expect(SHOE_SIZES.at(-1)).toBe('30');
    const shoes = catalog.filter((p) => FOOTWEAR_TYPES.includes(p.typeName));
    expect(shoes).toHaveLength(Math.round(160 * FOOTWEAR_SHARE));
    // Listed first, so the clothes keep their places (and the newest-first home page).
    expect(catalog.slice(0, shoes.length)).toEqual(shoes);
    for (const t of FOOTWEAR_TYPES) expect(shoes.some((p) => p.typeName === t)).toBe(true);
    for (const p of shoes) {
      const sizes = p.sizes.map((s) => Number(s.size));
      for (const n of sizes) {
        expect(n).toBeGreaterThanOrEqual(22);
        expect(n).toBeLessThanOrEqual(30);
        if (!HALF_SIZE_FOOTWEAR.includes(p.typeName)) expect(Number.isInteger(n)).toBe(true);
      }
      expect(p.description).toMatch(/calzado/);
    }
    expect(shoes.some((p) => p.sizes.some((s) => s.size.endsWith('.5')))).toBe(true);
  });

  test('the clothes are the same whether or not shoes are generated beside them', () => {
    // 184 with shoes holds the very 160 clothes the demo had before (issue 28).
    const withShoes = generateDemoCatalog({ count: 184, seed: 2026 });
    const clothes = withShoes.filter((p) => !FOOTWEAR_TYPES.includes(p.typeName));
    expect(clothes).toHaveLength(160);
    // The first and last names of the 160-product demo as it was before shoes (commit ed68560).
    expect(clothes.slice(0, 3).map((p) => p.name)).toEqual([
      'Camisa Bershka Dama 36 Morado',
      'Chamarra Bershka 43 Militar',
      'Traje de Baño Bershka Dama 28 Negro',
    ]);
    expect(clothes.at(-1)?.name).toBe('Camisa Michael Kors 49 Aqua');
  });

  test('descriptions and photo counts', () => {
    for (const p of catalog) {
      expect(p.description).toBe(
        describeProduct({
          typeName: p.typeName,
          brandName: p.brandName,
          colorName: p.colorName,
          sizes: p.sizes.map((s) => s.size),
        }),
      );
      expect([1, 2, 3]).toContain(p.imageCount);
    }
    expect(catalog.some((p) => p.imageCount === 3)).toBe(true);
  });
});
