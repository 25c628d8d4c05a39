import { PRICE_RANGES } from '../pricing/pricing.js';
import { SEXES } from './catalog-filter.js';

/**
 * The catalogue index's one pass (product-index.ts): over the columns of every product, which
 * products a filter leaves and, per option of each facet, how many it would leave with that
 * option chosen (every other facet applied). Pure: arrays in, arrays out.
 */

/** Where an index option is absent: no brand, no price range… */
export const NONE = -1;
export const SEX_BITS = SEXES.map((_, i) => 1 << i);

export type LookupFacet = 'brands' | 'types' | 'colors';

/** A normalised filter in the index's terms; null: the facet is not filtered. */
export interface IndexFilter {
  brands: number[] | null;
  types: number[] | null;
  colors: number[] | null;
  sizes: string[] | null;
  /** Indexes into PRICE_RANGES. */
  priceRanges: number[] | null;
  /** Indexes into SEXES. */
  sexes: number[] | null;
  words: string[];
  onPromotion: boolean | null;
}

/** The whole visible catalogue: no facet, search or promotion condition. */
export const WHOLE_CATALOGUE: IndexFilter = {
  brands: null,
  types: null,
  colors: null,
  sizes: null,
  priceRanges: null,
  sexes: null,
  words: [],
  onPromotion: null,
};

/** The index's columns, one slot per product (see ProductIndex). */
export interface IndexColumns {
  slots: number;
  alive: Uint8Array;
  promotion: Uint8Array;
  brand: Int32Array;
  type: Int32Array;
  color: Int32Array;
  /** PRICE_RANGES index of the unit price, NONE for none. */
  bucket: Int8Array;
  sexBits: Uint8Array;
  /** `sizeWords` bits per product (bit k: size k). */
  sizeBits: Uint32Array;
  sizeWords: number;
  sizeIdByName: ReadonlyMap<string, number>;
  /** The largest lookup id per facet (-1 without any). */
  maxLookupId: Record<LookupFacet, number>;
}

/** One pass over the index for a filter: the total, which products match, counts per option. */
export interface Counted {
  total: number;
  /** Per product, 0: left out; else its search tier (1 without search words). */
  matched: Uint8Array;
  /** By lookup id + 1 (0: none). */
  brandCounts: Int32Array;
  typeCounts: Int32Array;
  colorCounts: Int32Array;
  /** By size id. */
  sizeCounts: Int32Array;
  /** By PRICE_RANGES index + 1 (0: none). */
  bucketCounts: Int32Array;
  sexCounts: Int32Array;
}

/** A filter turned into the pass's terms once: allowed ids, bit masks. */
export interface PreparedFilter {
  brands: { allowed: Uint8Array; size: number; active: boolean };
  types: { allowed: Uint8Array; size: number; active: boolean };
  colors: { allowed: Uint8Array; size: number; active: boolean };
  sizeMask: Uint32Array;
  sizesActive: boolean;
  bucketMask: number;
  bucketsActive: boolean;
  sexMask: number;
  sexesActive: boolean;
  /** -1: either; 1: on promotion only; 0: not on promotion only. */
  promo: number;
  words: readonly string[];
}

export function prepareFilter(columns: IndexColumns, filter: IndexFilter): PreparedFilter {
  const W = columns.sizeWords;
  // Lookup ids are stored shifted by one: 0 is 'none', never chosen, never counted.
  const allow = (ids: readonly number[] | null, facet: LookupFacet) => {
    const size = Math.max(0, columns.maxLookupId[facet]) + 2;
    const allowed = new Uint8Array(size);
    for (const id of ids ?? []) if (id >= 0 && id + 1 < size) allowed[id + 1] = 1;
    return { allowed, size, active: ids !== null };
  };
  const sizeMask = new Uint32Array(W);
  for (const s of filter.sizes ?? []) {
    const id = columns.sizeIdByName.get(s);
    if (id !== undefined) sizeMask[id >>> 5]! |= 1 << (id & 31);
  }
  let bucketMask = 0;
  for (const r of filter.priceRanges ?? []) bucketMask |= 1 << r;
  let sexMask = 0;
  for (const x of filter.sexes ?? []) sexMask |= SEX_BITS[x]!;
  return {
    brands: allow(filter.brands, 'brands'),
    types: allow(filter.types, 'types'),
    colors: allow(filter.colors, 'colors'),
    sizeMask,
    sizesActive: filter.sizes !== null,
    bucketMask,
    bucketsActive: filter.priceRanges !== null,
    sexMask,
    sexesActive: filter.sexes !== null,
    promo: filter.onPromotion === null ? -1 : filter.onPromotion ? 1 : 0,
    words: filter.words,
  };
}

/**
 * Counts `filter` over the columns; `named` (per product its search tier, search-words.ts: 0 when
 * it does not hold every search word) is null when the filter has no words. `matched` keeps the
 * tier (1 without words), so that a page lists the best tier first. OR within a facet, AND across facets; a facet's counts apply every
 * other facet.
 */
export function countPass(
  columns: IndexColumns,
  filter: PreparedFilter,
  named: Uint8Array | null,
): Counted {
  const { slots: n, sizeWords: W } = columns;
  const { brands: b, types: t, colors: c, sizeMask, sizesActive, bucketMask } = filter;
  const { bucketsActive, sexMask, sexesActive, promo } = filter;

  const { alive, brand, type, color, bucket, sexBits, promotion, sizeBits } = columns;
  const brandCounts = new Int32Array(b.size);
  const typeCounts = new Int32Array(t.size);
  const colorCounts = new Int32Array(c.size);
  const sizeCounts = new Int32Array(W * 32);
  const bucketCounts = new Int32Array(PRICE_RANGES.length + 1);
  const sexCounts = new Int32Array(SEXES.length);
  const matched = new Uint8Array(n);
  let total = 0;

  const countSizes = (i: number) => {
    for (let w = 0; w < W; w++) {
      let bits = sizeBits[i * W + w]!;
      while (bits !== 0) {
        const low = bits & -bits;
        sizeCounts[w * 32 + 31 - Math.clz32(low)]! += 1;
        bits ^= low;
      }
    }
  };
  const countSexes = (i: number) => {
    const bits = sexBits[i]!;
    if (bits & 1) sexCounts[0]! += 1;
    if (bits & 2) sexCounts[1]! += 1;
    if (bits & 4) sexCounts[2]! += 1;
  };

  for (let i = 0; i < n; i++) {
    if (alive[i] === 0) continue;
    if (promo !== -1 && promotion[i] !== promo) continue;
    if (named !== null && named[i] === 0) continue;
    const tier = named === null ? 1 : named[i]!;
    // Bit per facet whose condition this product fails.
    let failed = 0;
    const bi = brand[i]! + 1;
    const ti = type[i]! + 1;
    const ci = color[i]! + 1;
    const pi = bucket[i]! + 1;
    if (b.active && b.allowed[bi] !== 1) failed |= 1;
    if (t.active && t.allowed[ti] !== 1) failed |= 2;
    if (c.active && c.allowed[ci] !== 1) failed |= 4;
    if (bucketsActive && (pi === 0 || (bucketMask & (1 << (pi - 1))) === 0)) failed |= 8;
    if (sexesActive && (sexBits[i]! & sexMask) === 0) failed |= 16;
    if (sizesActive) {
      let any = 0;
      for (let w = 0; w < W; w++) any |= sizeBits[i * W + w]! & sizeMask[w]!;
      if (any === 0) failed |= 32;
    }
    // Two or more facets fail: this product counts nowhere.
    if ((failed & (failed - 1)) !== 0) continue;
    if (failed === 0) {
      total += 1;
      matched[i] = tier;
      brandCounts[bi]! += 1;
      typeCounts[ti]! += 1;
      colorCounts[ci]! += 1;
      bucketCounts[pi]! += 1;
      countSexes(i);
      countSizes(i);
    } else if (failed === 1) brandCounts[bi]! += 1;
    else if (failed === 2) typeCounts[ti]! += 1;
    else if (failed === 4) colorCounts[ci]! += 1;
    else if (failed === 8) bucketCounts[pi]! += 1;
    else if (failed === 16) countSexes(i);
    else countSizes(i);
  }
  return {
    total,
    matched,
    brandCounts,
    typeCounts,
    colorCounts,
    sizeCounts,
    bucketCounts,
    sexCounts,
  };
}

/**
 * Adds (`sign` 1) or takes away (-1) one product's share of a kept pass, the same rule as
 * `countPass` for one slot: how a change to a few products updates the kept answers without a
 * pass over the catalogue. `tier`: how it holds every search word (0: not at all; 1 without
 * words). False when the
 * pass cannot take it (an id beyond its arrays): the caller drops that pass.
 */
export function adjustCounted(
  counted: Counted,
  columns: IndexColumns,
  filter: PreparedFilter,
  tier: number,
  i: number,
  sign: 1 | -1,
): boolean {
  const W = columns.sizeWords;
  if (filter.sizeMask.length !== W || counted.sizeCounts.length !== W * 32) return false;
  if (columns.alive[i] === 0) return true;
  if (filter.promo !== -1 && columns.promotion[i] !== filter.promo) return true;
  if (tier === 0) return true;
  const { brands: b, types: t, colors: c } = filter;
  const bi = columns.brand[i]! + 1;
  const ti = columns.type[i]! + 1;
  const ci = columns.color[i]! + 1;
  const pi = columns.bucket[i]! + 1;
  if (bi >= counted.brandCounts.length || ti >= counted.typeCounts.length) return false;
  if (ci >= counted.colorCounts.length) return false;
  const sexBits = columns.sexBits[i]!;
  let failed = 0;
  if (b.active && b.allowed[bi] !== 1) failed |= 1;
  if (t.active && t.allowed[ti] !== 1) failed |= 2;
  if (c.active && c.allowed[ci] !== 1) failed |= 4;
  if (filter.bucketsActive && (pi === 0 || (filter.bucketMask & (1 << (pi - 1))) === 0)) {
    failed |= 8;
  }
  if (filter.sexesActive && (sexBits & filter.sexMask) === 0) failed |= 16;
  if (filter.sizesActive) {
    let any = 0;
    for (let w = 0; w < W; w++) any |= columns.sizeBits[i * W + w]! & filter.sizeMask[w]!;
    if (any === 0) failed |= 32;
  }
  if ((failed & (failed - 1)) !== 0) return true;
  const sexes = () => {
    for (let k = 0; k < SEXES.length; k++) if (sexBits & (1 << k)) counted.sexCounts[k]! += sign;
  };
  const sizes = () => {
    for (let w = 0; w < W; w++) {
      let bits = columns.sizeBits[i * W + w]!;
      while (bits !== 0) {
        const low = bits & -bits;
        counted.sizeCounts[w * 32 + 31 - Math.clz32(low)]! += sign;
        bits ^= low;
      }
    }
  };
  if (failed === 0) {
    counted.total += sign;
    if (i >= counted.matched.length) {
      const bigger = new Uint8Array(Math.max(i + 1, counted.matched.length * 2, 1024));
      bigger.set(counted.matched);
      counted.matched = bigger;
    }
    counted.matched[i] = sign === 1 ? tier : 0;
    counted.brandCounts[bi]! += sign;
    counted.typeCounts[ti]! += sign;
    counted.colorCounts[ci]! += sign;
    counted.bucketCounts[pi]! += sign;
    sexes();
    sizes();
  } else if (failed === 1) counted.brandCounts[bi]! += sign;
  else if (failed === 2) counted.typeCounts[ti]! += sign;
  else if (failed === 4) counted.colorCounts[ci]! += sign;
  else if (failed === 8) counted.bucketCounts[pi]! += sign;
  else if (failed === 16) sexes();
  else sizes();
  return true;
}

/** Counts per option of each facet, before names and ordering (see product.service.ts). */
export interface FacetCounts {
  /** By lookup id. */
  brands: Map<number, number>;
  types: Map<number, number>;
  colors: Map<number, number>;
  /** By size text. */
  sizes: Map<string, number>;
  /** In PRICE_RANGES order. */
  priceRanges: number[];
  /** In SEXES order. */
  sexes: number[];
}

/** A pass's counts by option: lookup ids, size names, price ranges and sexes in their order. */
export function facetCounts(c: Counted, sizeNames: readonly string[]): FacetCounts {
  const byId = (counts: Int32Array) => {
    const m = new Map<number, number>();
    // Index 0 is 'none'.
    for (let k = 1; k < counts.length; k++) if (counts[k]! > 0) m.set(k - 1, counts[k]!);
    return m;
  };
  const sizes = new Map<string, number>();
  c.sizeCounts.forEach((count, id) => {
    if (count > 0) sizes.set(sizeNames[id]!, count);
  });
  return {
    brands: byId(c.brandCounts),
    types: byId(c.typeCounts),
    colors: byId(c.colorCounts),
    sizes,
    priceRanges: [...c.bucketCounts.subarray(1)],
    sexes: [...c.sexCounts],
  };
}
