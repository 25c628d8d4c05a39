import { priceRangeIndexOf, unitPriceCents } from '../pricing/pricing.js';
import { type ProductSort, SEXES, sexesOf } from './catalog-filter.js';
import {
  adjustCounted,
  type Counted,
  countPass,
  facetCounts,
  type FacetCounts,
  type IndexColumns,
  type IndexFilter,
  type LookupFacet,
  NONE,
  type PreparedFilter,
  prepareFilter,
  SEX_BITS,
} from './index-count.js';
import {
  EXACT,
  type MatchTier,
  NO_MATCH,
  PREFIX,
  SEX_WORDS,
  searchForm,
  typoAllowance,
  withinDistance,
  wordsOf,
  wordTier,
} from './search-words.js';

/**
 * The catalogue's in-memory index, pure (no database: catalog-feed.ts keeps it current): per
 * product the few fields the filters, facets and sorts read (lookup ids, unit price, promotion,
 * the sizes in stock, the sexes its name says, its name in search form), kept in typed arrays.
 * A facet count is one pass over them (about 1 ms at 100,000 products) instead of seven scans
 * of the product table per request. Passes are kept (the home page, a popular filter…) and a
 * change to a product updates each kept pass by that product's share alone (`adjustCounted`):
 * applying changes costs in proportion to the products changed, never a pass over the catalogue
 * (issue 23). The sort orders are kept until a product is added or its price changes (a stock
 * change or a removal leaves them: a removed product is skipped when paging).
 */

/** What the index has done since it was made, counted (not timed): tests read it. */
export interface IndexWork {
  /** Products put (added or replaced). */
  puts: number;
  removes: number;
  /** Full passes over the catalogue (a filter not kept, or kept ones after a reload). */
  passes: number;
  /** Full sorts of the catalogue. */
  sorts: number;
  /** Whole catalogues taken anew (`replace`). */
  replaces: number;
  /** Synonym groups taken anew alone (`setSynonyms`). */
  synonymSets: number;
}

/** One product as the index takes it. */
export interface IndexedProduct {
  id: number;
  /** The name in search form (f_search_text: lower case, no accents). */
  search: string;
  /** The name as written ('Pantalón'): the spelling '¿Quisiste decir …?' shows. */
  name?: string;
  priceCents: number;
  promotion: boolean;
  promotionPriceCents: number | null;
  brandId: number | null;
  typeId: number | null;
  colorId: number | null;
  /** The sizes in stock. */
  sizes: readonly string[];
}

export interface IndexedLookup {
  id: number;
  name: string;
  /** PostgreSQL's lower(name): how a filter value matches it. */
  lower: string;
}

export type LookupLists = Record<LookupFacet, readonly IndexedLookup[]>;

/** What a catalogue feed does to the index it keeps current. */
export interface IndexWriter {
  /**
   * Everything anew: the lookup lists, every product and the admin's synonym groups (each a
   * list of words in search form).
   */
  replace(
    lookups: LookupLists,
    products: readonly IndexedProduct[],
    synonyms?: readonly (readonly string[])[],
  ): void;
  /** The admin's synonym groups anew (each a list of words in search form); products kept. */
  setSynonyms(synonyms: readonly (readonly string[])[]): void;
  /** Adds or replaces one product. */
  put(product: IndexedProduct): void;
  remove(id: number): void;
}

export interface IndexAnswer {
  total?: number;
  facets?: FacetCounts;
  /** Product ids of the page, in order. */
  pageIds?: number[];
}

/** Passes kept (the home page, a popular filter…), and search words' name tests. */
const CACHE_ENTRIES = 64;

/**
 * One search word (and whether it is the last one typed, whose prefixes count) against the
 * catalogue's vocabulary: its tier per vocabulary word, worked out for the words known so far
 * and extended when the vocabulary grows.
 */
interface WordMatcher {
  word: string;
  last: boolean;
  /** By vocabulary id, for ids below `known`. */
  tiers: Uint8Array;
  known: number;
}

const FACETS: readonly LookupFacet[] = ['brands', 'types', 'colors'];

function grow<T extends Int32Array | Uint8Array | Int8Array | Uint32Array>(
  array: T,
  size: number,
): T {
  if (array.length >= size) return array;
  const bigger = new (array.constructor as new (n: number) => T)(
    Math.max(size, array.length * 2, 1024),
  );
  bigger.set(array);
  return bigger;
}

interface KeptPass {
  filter: PreparedFilter;
  /** The filter's sizes by name. */
  sizes: readonly string[] | null;
  answer: Counted;
}

export class ProductIndex implements IndexWriter {
  readonly work: IndexWork = {
    puts: 0,
    removes: 0,
    passes: 0,
    sorts: 0,
    replaces: 0,
    synonymSets: 0,
  };
  // One slot per product ever seen since the last `replace`; deleted ones are not alive.
  private slots = 0;
  private ids = new Int32Array(0);
  private alive = new Uint8Array(0);
  private unitPrice = new Int32Array(0);
  /** promotion_price_cents, NONE for null (the promotion sort reads it whatever the flag). */
  private promoPrice = new Int32Array(0);
  private promotion = new Uint8Array(0);
  private brand = new Int32Array(0);
  private type = new Int32Array(0);
  private color = new Int32Array(0);
  private bucket = new Int8Array(0);
  private sexBits = new Uint8Array(0);
  private names: string[] = [];
  /** Sizes in stock: `sizeWords` bits per product (bit k: size k of `sizeNames`). */
  private sizeBits = new Uint32Array(0);
  private sizeWords = 1;
  private slotById = new Map<number, number>();

  private sizeNames: string[] = [];
  private sizeIdByName = new Map<string, number>();
  /** Size ids by the size in search form: a search word equal to one is the spec's 'or sizes'. */
  private sizeIdsBySearch = new Map<string, number[]>();
  private lookupById = emptyLookups<Map<number, IndexedLookup>>(() => new Map());
  private lookupIdByLower = emptyLookups<Map<string, number>>(() => new Map());

  private maxLookupId: Record<LookupFacet, number> = { brands: -1, types: -1, colors: -1 };

  private sorted = new Map<ProductSort, Int32Array>();
  /** Passes by filter, kept true through every change (most recently used last). */
  private cache = new Map<string, KeptPass>();
  /**
   * Per search word (and whether last), its tier per slot (search-words.ts: EXACT when the name
   * contains it); kept true through every change.
   */
  private wordMatches = new Map<string, Uint8Array>();
  private matchers = new Map<string, WordMatcher>();
  /**
   * The catalogue's words, each with an id: the words of the names and of the type, brand and
   * colour names, and the sexes' words. A search word is held against these (a few thousand,
   * not one per product) once, then each product reads its words' tiers by id.
   */
  private vocabIds = new Map<string, number>();
  private vocab: string[] = [];
  /** By vocabulary id, the live products whose name has the word (suggestions rank by it). */
  private vocabCount = new Int32Array(0);
  /** Per slot, the vocabulary ids of its name's words. */
  private nameWords: Int32Array[] = [];
  /** Per lookup facet and id, the vocabulary ids of its name's words. */
  private lookupWords = emptyLookups<Map<number, Int32Array>>(() => new Map());
  /** Per sex (SEXES order), the vocabulary ids of its words. */
  private sexWords: Int32Array[] = [];
  /** Per word in search form, the other words of its synonym groups. */
  private synonyms = new Map<string, string[]>();
  /**
   * The catalogue's spellings of its words, lower case with their accents ('pantalón'), each
   * with an id: per vocabulary id the ids of its spellings, per spelling how many live names
   * (and lookup names) write it so; per slot the spellings of its name. A suggestion shows its
   * word's most common spelling.
   */
  private formIds = new Map<string, number>();
  private forms: string[] = [];
  private formCount = new Int32Array(0);
  private formsByVocab: number[][] = [];
  private nameForms: Int32Array[] = [];

  get productCount(): number {
    return this.slotById.size;
  }

  replace(
    lookups: LookupLists,
    products: readonly IndexedProduct[],
    synonyms: readonly (readonly string[])[] = [],
  ): void {
    this.synonyms = synonymTable(synonyms);
    this.slots = 0;
    this.slotById = new Map();
    this.names = [];
    this.nameWords = [];
    this.sizeBits = new Uint32Array(0);
    this.sorted.clear();
    this.vocabIds = new Map();
    this.vocab = [];
    this.vocabCount = new Int32Array(0);
    this.formIds = new Map();
    this.forms = [];
    this.formCount = new Int32Array(0);
    this.formsByVocab = [];
    this.nameForms = [];
    this.matchers.clear();
    this.sexWords = SEX_WORDS.map((words) => this.wordIds(words));
    for (const facet of FACETS) {
      this.lookupWords[facet] = new Map(
        lookups[facet].map((l) => [l.id, this.wordIds(wordsOf(searchForm(l.name)))]),
      );
      // A lookup's spelling counts once, for as long as the lists stand.
      for (const l of lookups[facet]) this.countForms(this.formIdsOf(l.name), 1);
      this.lookupById[facet] = new Map(lookups[facet].map((l) => [l.id, l]));
      this.lookupIdByLower[facet] = new Map(lookups[facet].map((l) => [l.lower, l.id]));
      this.maxLookupId[facet] = lookups[facet].reduce((max, l) => Math.max(max, l.id), -1);
    }
    // Answers kept for the old catalogue are void, even when the new one is empty.
    this.cache.clear();
    this.wordMatches.clear();
    for (const product of products) this.write(product);
    this.work.replaces += 1;
  }

  /**
   * New synonym groups without reading the catalogue again: the expansion table anew, and what
   * depends on it dropped (the per-word tiers, the kept passes of searches); the products, the
   * vocabulary and the matchers (a word against the vocabulary) stay.
   */
  setSynonyms(synonyms: readonly (readonly string[])[]): void {
    this.synonyms = synonymTable(synonyms);
    this.wordMatches.clear();
    for (const [key, kept] of this.cache) {
      if (kept.filter.words.length > 0) this.cache.delete(key);
    }
    this.work.synonymSets += 1;
  }

  put(product: IndexedProduct): void {
    const before = this.slotById.get(product.id);
    if (before !== undefined) this.adjustKept(before, -1);
    const slot = this.write(product);
    this.adjustKept(slot, 1);
    for (const [key, match] of this.wordMatches) {
      const grown = grow(match, this.slots);
      grown[slot] = this.slotWordTier(key, slot);
      if (grown !== match) this.wordMatches.set(key, grown);
    }
    this.work.puts += 1;
  }

  /** Each kept pass with (1) or without (-1) the product in `slot`; a pass that cannot, dropped. */
  private adjustKept(slot: number, sign: 1 | -1) {
    if (this.cache.size === 0) return;
    const columns = this.columns();
    for (const [key, kept] of this.cache) {
      const tier = this.searchTier(kept.filter.words, slot);
      if (!adjustCounted(kept.answer, columns, kept.filter, tier, slot, sign)) {
        this.cache.delete(key);
      }
    }
  }

  /** Writes one product's columns (a new slot for a new product); returns its slot. */
  private write(product: IndexedProduct): number {
    let slot = this.slotById.get(product.id);
    const unitPrice = unitPriceCents(product);
    const promoPrice = product.promotionPriceCents ?? NONE;
    if (
      slot === undefined ||
      this.unitPrice[slot] !== unitPrice ||
      this.promoPrice[slot] !== promoPrice
    ) {
      this.sorted.clear();
    }
    if (slot === undefined) {
      slot = this.slots++;
      const n = this.slots;
      this.ids = grow(this.ids, n);
      this.alive = grow(this.alive, n);
      this.unitPrice = grow(this.unitPrice, n);
      this.promoPrice = grow(this.promoPrice, n);
      this.promotion = grow(this.promotion, n);
      this.brand = grow(this.brand, n);
      this.type = grow(this.type, n);
      this.color = grow(this.color, n);
      this.bucket = grow(this.bucket, n);
      this.sexBits = grow(this.sexBits, n);
      this.sizeBits = grow(this.sizeBits, this.ids.length * this.sizeWords);
      this.slotById.set(product.id, slot);
    }
    this.ids[slot] = product.id;
    this.alive[slot] = 1;
    this.unitPrice[slot] = unitPrice;
    this.promoPrice[slot] = promoPrice;
    this.promotion[slot] = product.promotion ? 1 : 0;
    this.brand[slot] = product.brandId ?? NONE;
    this.type[slot] = product.typeId ?? NONE;
    this.color[slot] = product.colorId ?? NONE;
    this.bucket[slot] = priceRangeIndexOf(unitPrice);
    let bits = 0;
    for (const sex of sexesOf(product.search)) bits |= SEX_BITS[SEXES.indexOf(sex)]!;
    this.sexBits[slot] = bits;
    this.names[slot] = product.search;
    const oldWords = this.nameWords[slot];
    if (oldWords) this.countWords(oldWords, -1);
    const nameWords = this.wordIds(wordsOf(product.search));
    this.nameWords[slot] = nameWords;
    this.countWords(nameWords, 1);
    const oldForms = this.nameForms[slot];
    if (oldForms) this.countForms(oldForms, -1);
    const forms = this.formIdsOf(product.name ?? product.search);
    this.nameForms[slot] = forms;
    this.countForms(forms, 1);
    const ids = product.sizes.filter((size) => size !== '').map((size) => this.sizeId(size));
    const words = this.sizeWords;
    this.sizeBits.fill(0, slot * words, slot * words + words);
    for (const id of ids) this.sizeBits[slot * words + (id >>> 5)]! |= 1 << (id & 31);
    return slot;
  }

  remove(id: number): void {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    this.adjustKept(slot, -1);
    this.alive[slot] = 0;
    this.countWords(this.nameWords[slot]!, -1);
    this.nameWords[slot] = new Int32Array(0);
    this.countForms(this.nameForms[slot]!, -1);
    this.nameForms[slot] = new Int32Array(0);
    this.slotById.delete(id);
    // The sort orders keep its slot: paging skips it (alive 0).
    this.work.removes += 1;
  }

  /** The lookup id of each filter value (lower-cased by PostgreSQL; undefined: unknown), -2 for none. */
  lookupIds(facet: LookupFacet, lowered: readonly (string | undefined)[]): number[] {
    return lowered.map((name) =>
      name === undefined ? -2 : (this.lookupIdByLower[facet].get(name) ?? -2),
    );
  }

  lookupName(facet: LookupFacet, id: number): string | undefined {
    return this.lookupById[facet].get(id)?.name;
  }

  /**
   * Total, facet counts and page of a filter, each only when asked. `filter` carries lookup ids
   * (from `lookupIds`) and normalised search words. OR within a facet, AND across facets; a
   * facet's counts apply every other facet.
   */
  query(
    filter: IndexFilter,
    want: {
      total?: boolean;
      facets?: boolean;
      page?: { sort: ProductSort; offset: number; limit: number };
    },
  ): IndexAnswer {
    const answer: IndexAnswer = {};
    let counted: Counted | undefined;
    if (want.total || want.facets || (want.page && !isUnfiltered(filter))) {
      counted = this.counted(filter);
      if (want.total) answer.total = counted.total;
      if (want.facets) answer.facets = facetCounts(counted, this.sizeNames);
    }
    if (want.page) {
      const { sort, offset, limit } = want.page;
      const order = this.sortedSlots(sort);
      const matched = counted?.matched;
      const ids: number[] = [];
      let skipped = 0;
      const alive = this.alive;
      // A search's products by tier (search-words.ts), each tier in the sort's order.
      const tiers = matched && filter.words.length > 0 ? [1, 2, 3] : [0];
      for (const tier of tiers) {
        for (let k = 0; k < order.length && ids.length < limit; k++) {
          const i = order[k]!;
          if (matched) {
            // Beyond the pass's array (a product added since): not matched.
            if (tier === 0 ? !matched[i] : matched[i] !== tier) continue;
          } else if (alive[i] !== 1) continue;
          if (skipped < offset) skipped += 1;
          else ids.push(this.ids[i]!);
        }
      }
      answer.pageIds = ids;
    }
    return answer;
  }

  private sizeId(size: string): number {
    let id = this.sizeIdByName.get(size);
    if (id === undefined) {
      id = this.sizeNames.length;
      this.sizeNames.push(size);
      this.sizeIdByName.set(size, id);
      const search = searchForm(size);
      this.sizeIdsBySearch.set(search, [...(this.sizeIdsBySearch.get(search) ?? []), id]);
      if (id >= this.sizeWords * 32) {
        this.widenSizes();
      } else {
        // A kept pass of a filter on this size took it as 'no such size'. No product has it
        // yet, so no count changes: the filter now names it, and the product about to be
        // added with it counts.
        for (const kept of this.cache.values()) {
          if (kept.sizes?.includes(size)) kept.filter.sizeMask[id >>> 5]! |= 1 << (id & 31);
        }
      }
    }
    return id;
  }

  /** More distinct sizes than bits per product: one more word each. */
  private widenSizes() {
    const words = this.sizeWords + 1;
    const wider = new Uint32Array(Math.max(this.ids.length, 1) * words);
    for (let i = 0; i < this.slots; i++) {
      for (let w = 0; w < this.sizeWords; w++) {
        wider[i * words + w] = this.sizeBits[i * this.sizeWords + w]!;
      }
    }
    this.sizeBits = wider;
    this.sizeWords = words;
    // Kept passes are shaped for the old width.
    this.cache.clear();
  }

  /** The one pass over the products, or its kept result for the same filter. */
  private counted(filter: IndexFilter): Counted {
    const key = JSON.stringify(filter);
    const kept = this.cache.get(key);
    if (kept) {
      // Most recently used last: the first ones go when the cache is full.
      this.cache.delete(key);
      this.cache.set(key, kept);
      return kept.answer;
    }
    const named = filter.words.length > 0 ? this.nameMatches(filter.words) : null;
    const columns = this.columns();
    const prepared = prepareFilter(columns, filter);
    const answer = countPass(columns, prepared, named);
    this.work.passes += 1;
    for (const [k] of this.cache) {
      if (this.cache.size < CACHE_ENTRIES) break;
      this.cache.delete(k);
    }
    this.cache.set(key, { filter: prepared, sizes: filter.sizes, answer });
    return answer;
  }

  private columns(): IndexColumns {
    const maxId = this.maxLookupId;
    return {
      slots: this.slots,
      alive: this.alive,
      promotion: this.promotion,
      brand: this.brand,
      type: this.type,
      color: this.color,
      bucket: this.bucket,
      sexBits: this.sexBits,
      sizeBits: this.sizeBits,
      sizeWords: this.sizeWords,
      sizeIdByName: this.sizeIdByName,
      maxLookupId: maxId,
    };
  }

  /**
   * Per product, how it holds every word (search-words.ts): the worst of its words' tiers,
   * NO_MATCH when one word finds nothing. Each word's tiers over all products are kept (and kept
   * true by `put`), so a shopper refining a search with facets pays them once.
   */
  private nameMatches(words: readonly string[]): Uint8Array {
    const n = this.slots;
    const all = new Uint8Array(n).fill(EXACT);
    words.forEach((word, k) => {
      const key = matcherKey(word, k === words.length - 1);
      let match = this.wordMatches.get(key);
      if (!match) {
        match = this.wordTiers(key);
        if (this.wordMatches.size >= CACHE_ENTRIES) this.wordMatches.clear();
        this.wordMatches.set(key, match);
      }
      for (let i = 0; i < n; i++) {
        const t = match[i]!;
        if (t === NO_MATCH) all[i] = NO_MATCH;
        else if (all[i] !== NO_MATCH && t > all[i]!) all[i] = t;
      }
    });
    return all;
  }

  /** How one product holds every search word (as `nameMatches`, for one slot). */
  private searchTier(words: readonly string[], slot: number): MatchTier {
    let tier: MatchTier = EXACT;
    for (let k = 0; k < words.length; k++) {
      const t = this.slotWordTier(matcherKey(words[k]!, k === words.length - 1), slot);
      if (t === NO_MATCH) return NO_MATCH;
      if (t > tier) tier = t;
    }
    return tier;
  }

  /**
   * Per product, how it holds one search word (its matcher's key) or a synonym of it: a
   * synonym's find counts as PREFIX at best (after the word itself in the name), so the
   * shopper's own word still comes first.
   */
  private wordTiers(key: string): Uint8Array {
    const tiers = this.allTiers(this.matcher(key));
    for (const other of this.synonyms.get(key.slice(1)) ?? []) {
      const more = this.allTiers(this.matcher(key[0] + other));
      for (let i = 0; i < tiers.length; i++) {
        const t = more[i]!;
        if (t === NO_MATCH) continue;
        const s = t < PREFIX ? PREFIX : t;
        if (tiers[i] === NO_MATCH || s < tiers[i]!) tiers[i] = s;
      }
    }
    return tiers;
  }

  /** `wordTiers` for one product. */
  private slotWordTier(key: string, slot: number): MatchTier {
    let best = this.slotTier(this.matcher(key), slot);
    for (const other of this.synonyms.get(key.slice(1)) ?? []) {
      const t = this.slotTier(this.matcher(key[0] + other), slot);
      if (t === NO_MATCH) continue;
      const s = t < PREFIX ? PREFIX : t;
      if (best === NO_MATCH || s < best) best = s;
    }
    return best;
  }

  /**
   * `slotTier` for every product in one pass: the lookups' and sexes' tiers are worked out once
   * per option, so a product costs its name's test and its few words.
   */
  private allTiers(m: WordMatcher): Uint8Array {
    this.extend(m);
    const n = this.slots;
    const match = new Uint8Array(n);
    const byId = (facet: LookupFacet) => {
      const tiers = new Uint8Array(this.maxLookupId[facet] + 2);
      for (const [id, words] of this.lookupWords[facet]) {
        if (id + 1 < tiers.length) tiers[id + 1] = bestTier(m.tiers, words, NO_MATCH);
      }
      return tiers;
    };
    const brandTiers = byId('brands');
    const typeTiers = byId('types');
    const colorTiers = byId('colors');
    const sexTiers = new Uint8Array(1 << this.sexWords.length);
    for (let bits = 0; bits < sexTiers.length; bits++) {
      let best: MatchTier = NO_MATCH;
      for (let k = 0; k < this.sexWords.length; k++) {
        if (bits & (1 << k)) best = bestTier(m.tiers, this.sexWords[k], best);
      }
      sexTiers[bits] = best;
    }
    const better = (a: number, b: number) => (a === NO_MATCH || (b !== NO_MATCH && b < a) ? b : a);
    const { names, alive, brand, type, color, sexBits, nameWords } = this;
    const word = m.word;
    const sized = this.sizeMask(word);
    for (let i = 0; i < n; i++) {
      if (alive[i] !== 1) continue;
      if (names[i]!.includes(word) || (sized && this.hasSize(sized, i))) {
        match[i] = EXACT;
        continue;
      }
      let best: number = bestTier(m.tiers, nameWords[i], NO_MATCH);
      best = better(best, brandTiers[brand[i]! + 1] ?? NO_MATCH);
      best = better(best, typeTiers[type[i]! + 1] ?? NO_MATCH);
      best = better(best, colorTiers[color[i]! + 1] ?? NO_MATCH);
      best = better(best, sexTiers[sexBits[i]!]!);
      match[i] = best;
    }
    return match;
  }

  /** How the product in `slot` holds one search word: its name, then its words' best tier. */
  private slotTier(m: WordMatcher, slot: number): MatchTier {
    if (this.names[slot]!.includes(m.word)) return EXACT;
    const sized = this.sizeMask(m.word);
    if (sized && this.hasSize(sized, slot)) return EXACT;
    this.extend(m);
    let best = bestTier(m.tiers, this.nameWords[slot], NO_MATCH);
    best = bestTier(m.tiers, this.lookupWords.brands.get(this.brand[slot]!), best);
    best = bestTier(m.tiers, this.lookupWords.types.get(this.type[slot]!), best);
    best = bestTier(m.tiers, this.lookupWords.colors.get(this.color[slot]!), best);
    const sexes = this.sexBits[slot]!;
    for (let k = 0; k < this.sexWords.length; k++) {
      if (sexes & (1 << k)) best = bestTier(m.tiers, this.sexWords[k], best);
    }
    return best;
  }

  /**
   * The sizes a search word equals (in search form: 'm' is size 'M'), as (word, bits) pairs of
   * `sizeBits`; null when none.
   */
  private sizeMask(word: string): [number, number][] | null {
    const ids = this.sizeIdsBySearch.get(word);
    if (!ids) return null;
    return ids.map((id) => [id >>> 5, 1 << (id & 31)]);
  }

  /** Whether the product in `slot` has one of `mask`'s sizes in stock. */
  private hasSize(mask: readonly [number, number][], slot: number): boolean {
    const base = slot * this.sizeWords;
    for (const [w, bit] of mask) if ((this.sizeBits[base + w]! & bit) !== 0) return true;
    return false;
  }

  private matcher(key: string): WordMatcher {
    let m = this.matchers.get(key);
    if (!m) {
      if (this.matchers.size >= CACHE_ENTRIES * 4) {
        // Keep those the kept word tests read.
        for (const k of this.matchers.keys()) if (!this.wordMatches.has(k)) this.matchers.delete(k);
      }
      m = { word: key.slice(1), last: key[0] === 'L', tiers: new Uint8Array(0), known: 0 };
      this.matchers.set(key, m);
    }
    return m;
  }

  /** Works out a matcher's tier for the vocabulary words added since it last looked. */
  private extend(m: WordMatcher) {
    const n = this.vocab.length;
    if (m.known === n) return;
    m.tiers = grow(m.tiers, n);
    for (let id = m.known; id < n; id++) m.tiers[id] = wordTier(m.word, this.vocab[id]!, m.last);
    m.known = n;
  }

  private countWords(ids: Int32Array, sign: 1 | -1) {
    this.vocabCount = grow(this.vocabCount, this.vocab.length);
    for (const id of new Set(ids)) this.vocabCount[id]! += sign;
  }

  /**
   * The spelling ids of a text's words (lower case, accents kept), adding the new ones; only
   * words whose search form is a vocabulary word.
   */
  private formIdsOf(text: string): Int32Array {
    const ids: number[] = [];
    for (const form of wordsOf(text.toLocaleLowerCase('es-MX'))) {
      let id = this.formIds.get(form);
      if (id === undefined) {
        const word = this.vocabIds.get(searchForm(form));
        if (word === undefined) continue;
        id = this.forms.length;
        this.forms.push(form);
        this.formIds.set(form, id);
        (this.formsByVocab[word] ??= []).push(id);
      }
      ids.push(id);
    }
    return Int32Array.from(ids);
  }

  private countForms(ids: Int32Array, sign: 1 | -1) {
    this.formCount = grow(this.formCount, this.forms.length);
    for (const id of new Set(ids)) this.formCount[id]! += sign;
  }

  /**
   * A word in search form as the catalogue writes it: its most common spelling in the live
   * names and the lookups ('pantalon' → 'pantalón'); the word itself when none is known.
   */
  spelling(word: string): string {
    const id = this.vocabIds.get(word);
    const forms = id === undefined ? undefined : this.formsByVocab[id];
    if (!forms) return word;
    let best = word;
    let bestCount = 0;
    for (const f of forms) {
      const count = this.formCount[f] ?? 0;
      if (count > bestCount) {
        best = this.forms[f]!;
        bestCount = count;
      }
    }
    return best;
  }

  /**
   * '¿Quisiste decir …?' for a search that found nothing (search form words): each word that
   * finds nothing by itself replaced by the closest word of the live names (at most a third of
   * its letters apart, two at least; the most common first on a tie), when the search so written
   * finds something; null otherwise. Each word in the catalogue's spelling (`spelling`).
   */
  didYouMean(words: readonly string[]): string[] | null {
    if (words.length === 0) return null;
    let changed = false;
    const fixed = words.map((word, k) => {
      const key = matcherKey(word, k === words.length - 1);
      const tiers = this.wordMatches.get(key) ?? this.wordTiers(key);
      for (let i = 0; i < this.slots; i++) if (tiers[i] !== NO_MATCH) return word;
      const limit = Math.max(2, Math.ceil([...word].length / 3));
      let best: { word: string; distance: number; count: number } | null = null;
      for (let id = 0; id < this.vocab.length; id++) {
        const count = this.vocabCount[id] ?? 0;
        if (count <= 0) continue;
        const candidate = this.vocab[id]!;
        for (let d = 1; d <= limit && (!best || d <= best.distance); d++) {
          if (!withinDistance(word, candidate, d)) continue;
          if (!best || d < best.distance || (d === best.distance && count > best.count)) {
            best = { word: candidate, distance: d, count };
          }
          break;
        }
      }
      if (!best) return word;
      changed = true;
      return best.word;
    });
    if (!changed) return null;
    const all = this.nameMatches(fixed);
    for (let i = 0; i < this.slots; i++) {
      if (all[i] !== NO_MATCH) return fixed.map((w) => this.spelling(w));
    }
    return null;
  }

  /**
   * Suggestions as the shopper types (search form words): the last word completed to the words
   * of the live names that start with it (or, from 4 letters, are a typo away), the most common
   * first, each with the words before it; at most `limit`. In the catalogue's spelling.
   */
  completions(words: readonly string[], limit: number): string[] {
    const last = words[words.length - 1];
    if (last === undefined || [...last].length < 2) return [];
    const before = words
      .slice(0, -1)
      .map((w) => this.spelling(w))
      .join(' ');
    const typos = [...last].length >= 4 ? Math.max(1, typoAllowance(last)) : 0;
    const found: { word: string; count: number; typo: boolean }[] = [];
    for (let id = 0; id < this.vocab.length; id++) {
      const count = this.vocabCount[id] ?? 0;
      if (count <= 0) continue;
      const word = this.vocab[id]!;
      if (word.startsWith(last)) found.push({ word, count, typo: false });
      else if (typos > 0 && withinDistance(last, word, typos))
        found.push({ word, count, typo: true });
    }
    found.sort(
      (a, b) =>
        Number(a.typo) - Number(b.typo) || b.count - a.count || a.word.localeCompare(b.word),
    );
    return found.slice(0, limit).map((f) => {
      const word = this.spelling(f.word);
      return before ? `${before} ${word}` : word;
    });
  }

  /** The vocabulary ids of words, adding the new ones. */
  private wordIds(words: readonly string[]): Int32Array {
    const ids = new Int32Array(words.length);
    words.forEach((word, k) => {
      let id = this.vocabIds.get(word);
      if (id === undefined) {
        id = this.vocab.length;
        this.vocab.push(word);
        this.vocabIds.set(word, id);
      }
      ids[k] = id;
    });
    return ids;
  }

  /** Slots of live products in a sort's order (rebuilt after a price change or a new product). */
  private sortedSlots(sort: ProductSort): Int32Array {
    const cached = this.sorted.get(sort);
    if (cached) return cached;
    const slots = Int32Array.from(this.slotById.values());
    const { ids, unitPrice, promoPrice } = this;
    const byIdDesc = (a: number, b: number) => ids[b]! - ids[a]!;
    const compare: Record<ProductSort, (a: number, b: number) => number> = {
      NEWEST: byIdDesc,
      // promotion_price_cents desc nulls last, id desc (NONE is below every price).
      PROMOTION_PRICE_DESC: (a, b) => promoPrice[b]! - promoPrice[a]! || byIdDesc(a, b),
      PRICE_ASC: (a, b) => unitPrice[a]! - unitPrice[b]! || ids[a]! - ids[b]!,
      PRICE_DESC: (a, b) => unitPrice[b]! - unitPrice[a]! || byIdDesc(a, b),
    };
    slots.sort(compare[sort]);
    this.work.sorts += 1;
    this.sorted.set(sort, slots);
    return slots;
  }
}

/** Per word in search form, the other words of its synonym groups. */
function synonymTable(groups: readonly (readonly string[])[]): Map<string, string[]> {
  const table = new Map<string, string[]>();
  for (const group of groups) {
    for (const word of group) {
      const others = group.filter((w) => w !== word);
      table.set(word, [...new Set([...(table.get(word) ?? []), ...others])]);
    }
  }
  return table;
}

/** A matcher's key: the word, after 'L' when it is the last one typed ('W' otherwise). */
function matcherKey(word: string, last: boolean): string {
  return (last ? 'L' : 'W') + word;
}

/** The better of `best` and the tiers of `ids` (NO_MATCH is the worst). */
function bestTier(tiers: Uint8Array, ids: Int32Array | undefined, best: MatchTier): MatchTier {
  if (ids === undefined) return best;
  for (let k = 0; k < ids.length; k++) {
    const t = tiers[ids[k]!]! as MatchTier;
    if (t !== NO_MATCH && (best === NO_MATCH || t < best)) best = t;
  }
  return best;
}

function emptyLookups<T>(make: () => T): Record<LookupFacet, T> {
  return { brands: make(), types: make(), colors: make() };
}

function isUnfiltered(f: IndexFilter): boolean {
  return (
    f.brands === null &&
    f.types === null &&
    f.colors === null &&
    f.sizes === null &&
    f.priceRanges === null &&
    f.sexes === null &&
    f.words.length === 0 &&
    f.onPromotion === null
  );
}
