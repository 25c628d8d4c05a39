import { IsolationLevel } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PRICE_RANGES, priceRangeIndexOf } from '../pricing/pricing.js';
import { type ProductSort, SEXES, sexesOf } from './catalog-filter.js';
import { visibleProduct } from './product-rules.js';

/**
 * The catalogue's in-process index: per product the few fields the filters, facets and sorts read
 * (lookup ids, unit price, promotion, the sizes in stock, the sexes its name says, its name in
 * search form), kept in typed arrays. A facet count is one pass over them (about 1 ms at 100,000
 * products) instead of seven scans of the product table per request.
 *
 * Freshness: triggers log every product and stock change (catalog_change, with the writing
 * transaction's id). Before answering, `sync` asks in one statement for the log rows of
 * transactions this index may not have seen — those at or above the oldest transaction that was
 * running when it last looked (pg_snapshot_xmin) — and re-reads those products. A read that
 * starts after a write's commit therefore sees it, on every instance sharing the database.
 */

/** Where an index option is absent: no brand, no price range… */
const NONE = -1;
const SEX_BITS = SEXES.map((_, i) => 1 << i);
/** More changed products than this since the last look: read everything again. */
const MAX_CHANGES = 5_000;
const PRUNE_EVERY_MS = 10 * 60_000;

export interface IndexedLookup {
  id: number;
  name: string;
  /** PostgreSQL's lower(name): how a filter value matches it. */
  lower: string;
}

export type LookupFacet = 'brands' | 'types' | 'colors';
const LOOKUP_TABLES: Record<LookupFacet, string> = {
  brands: 'brand',
  types: 'product_type',
  colors: 'color',
};

interface ProductRow {
  id: number;
  search: string;
  unit_price_cents: number;
  promotion: boolean;
  promotion_price_cents: number | null;
  brand_id: number | null;
  type_id: number | null;
  color_id: number | null;
  /** The sizes in stock, joined by SIZE_SEPARATOR. */
  sizes: string | null;
}

const SIZE_SEPARATOR = '\u001f';

/** The indexed fields of every visible product, or of those ids: one statement. */
function readProducts(em: EntityManager, ids: readonly number[] | null): Promise<ProductRow[]> {
  const only = (column: string) => (ids ? `where ${column} = any(?::int[])` : '');
  const list = ids ? `{${ids.join(',')}}` : undefined;
  return em.execute<ProductRow[]>(
    `select p.id, p.search_name as search, p.unit_price_cents, p.promotion,
            p.promotion_price_cents, p.brand_id, p.type_id, p.color_id, s.sizes
       from product p
       left join (select product_id, string_agg(size, chr(31)) as sizes from product_stock
                   ${only('product_id')} ${ids ? 'and' : 'where'} quantity > 0
                   group by product_id) s on s.product_id = p.id
      where ${visibleProduct('p')} ${ids ? 'and p.id = any(?::int[])' : ''}`,
    list ? [list, list] : [],
  );
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

export interface IndexAnswer {
  total?: number;
  facets?: FacetCounts;
  /** Product ids of the page, in order. */
  pageIds?: number[];
}

/** One pass over the index for a filter: the total, which products match, counts per option. */
interface Counted {
  total: number;
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

/** Passes kept per version (the home page, a popular filter…). */
const CACHE_ENTRIES = 64;

/** What a request asked the database in its `sync` statement, normalised by PostgreSQL. */
export interface SyncAnswer {
  /** f_search_text of each search word. */
  words: string[];
  /** lower() of each lookup filter value, in the order given. */
  lowered: string[];
}

class Lookups {
  readonly byFacet: Record<LookupFacet, Map<number, IndexedLookup>> = {
    brands: new Map(),
    types: new Map(),
    colors: new Map(),
  };
  readonly idsByLower: Record<LookupFacet, Map<string, number>> = {
    brands: new Map(),
    types: new Map(),
    colors: new Map(),
  };

  set(facet: LookupFacet, rows: IndexedLookup[]) {
    this.byFacet[facet] = new Map(rows.map((r) => [r.id, r]));
    this.idsByLower[facet] = new Map(rows.map((r) => [r.lower, r.id]));
  }
}

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

export class CatalogIndex {
  // One slot per product ever seen since the last full load; deleted ones are not alive.
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
  lookups = new Lookups();

  private sorted = new Map<ProductSort, Int32Array>();
  /** Bumped by every change; answers computed at one version are kept for the next requests. */
  private version = 0;
  private cache = new Map<string, { version: number; answer: Counted }>();
  private wordMatches = new Map<string, Uint8Array>();
  private wordsVersion = -1;

  /** All changes of transactions with an id below this are in the index. */
  private seenBelow: bigint | null = null;
  /** Log rows already applied among those at or above `seenBelow`: seq → xid. */
  private appliedSeqs = new Map<number, bigint>();
  /** Applying changes (or a full load) one at a time. */
  private applying: Promise<unknown> = Promise.resolve();
  private lastPrune = Date.now();
  /** Told of every change applied: the products' ids, or 'all' after a full load. */
  private readonly listeners = new Set<(changed: readonly number[] | 'all') => void>();

  /** Calls `listener` with the products each applied change touched; returns the unsubscribe. */
  onChange(listener: (changed: readonly number[] | 'all') => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(changed: readonly number[] | 'all') {
    for (const listener of this.listeners) listener(changed);
  }

  get productCount(): number {
    return this.slotById.size;
  }

  get loaded(): boolean {
    return this.seenBelow !== null;
  }

  /** Reads the whole catalogue in one snapshot. */
  async load(em: EntityManager): Promise<void> {
    await this.exclusive(() => this.loadNow(em));
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.applying.then(work, work);
    this.applying = run.catch(() => undefined);
    return run;
  }

  private async loadNow(em: EntityManager): Promise<void> {
    await em.fork().transactional(
      async (tx) => {
        const [snap] = await tx.execute<{ xmin: string }[]>(
          'select pg_snapshot_xmin(pg_current_snapshot())::text as xmin',
        );
        const lookups = await tx.execute<(IndexedLookup & { facet: LookupFacet })[]>(
          Object.entries(LOOKUP_TABLES)
            .map(
              ([facet, table]) =>
                `select '${facet}' as facet, id, name, lower(name) as lower from ${table}`,
            )
            .join(' union all '),
        );
        const rows = await readProducts(tx, null);
        // Log rows this snapshot already reflects, so that the next look does not apply them
        // again (transactions still running anywhere on the server hold xmin back).
        const seen = await tx.execute<{ seq: string; xid: string }[]>(
          'select seq::text, xid::text from catalog_change where xid >= ?::xid8',
          [snap!.xmin],
        );
        this.reset();
        for (const facet of Object.keys(LOOKUP_TABLES) as LookupFacet[]) {
          this.lookups.set(
            facet,
            lookups.filter((l) => l.facet === facet),
          );
        }
        for (const row of rows) this.put(row);
        this.seenBelow = BigInt(snap!.xmin);
        this.appliedSeqs.clear();
        for (const r of seen) this.appliedSeqs.set(Number(r.seq), BigInt(r.xid));
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
    );
  }

  private reset() {
    this.slots = 0;
    this.slotById = new Map();
    this.names = [];
    this.sizeBits = new Uint32Array(0);
    this.sorted.clear();
    this.lookups = new Lookups();
    // Answers kept for the old catalogue are void, even when the new one is empty.
    this.version += 1;
    this.cache.clear();
    this.notify('all');
  }

  private sizeId(size: string): number {
    let id = this.sizeIdByName.get(size);
    if (id === undefined) {
      id = this.sizeNames.length;
      this.sizeNames.push(size);
      this.sizeIdByName.set(size, id);
      if (id >= this.sizeWords * 32) this.widenSizes();
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
  }

  /** Adds or replaces one product. */
  private put(row: ProductRow) {
    let slot = this.slotById.get(row.id);
    const promoPrice = row.promotion_price_cents ?? NONE;
    if (
      slot === undefined ||
      this.unitPrice[slot] !== row.unit_price_cents ||
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
      this.slotById.set(row.id, slot);
    }
    this.ids[slot] = row.id;
    this.alive[slot] = 1;
    this.unitPrice[slot] = row.unit_price_cents;
    this.promoPrice[slot] = promoPrice;
    this.promotion[slot] = row.promotion ? 1 : 0;
    this.brand[slot] = row.brand_id ?? NONE;
    this.type[slot] = row.type_id ?? NONE;
    this.color[slot] = row.color_id ?? NONE;
    this.bucket[slot] = priceRangeIndexOf(row.unit_price_cents);
    let bits = 0;
    for (const sex of sexesOf(row.search)) bits |= SEX_BITS[SEXES.indexOf(sex)]!;
    this.sexBits[slot] = bits;
    this.names[slot] = row.search;
    const ids = (row.sizes ?? '')
      .split(SIZE_SEPARATOR)
      .filter((size) => size !== '')
      .map((size) => this.sizeId(size));
    const words = this.sizeWords;
    this.sizeBits.fill(0, slot * words, slot * words + words);
    for (const id of ids) this.sizeBits[slot * words + (id >>> 5)]! |= 1 << (id & 31);
    this.version += 1;
  }

  private remove(id: number) {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    this.alive[slot] = 0;
    this.slotById.delete(id);
    this.sorted.clear();
    this.version += 1;
  }

  /**
   * Brings the index up to date with every change committed before this call (one statement; a
   * second reads the changed products when there are any), and has PostgreSQL normalise the
   * request's search words and lookup names the way the catalogue's SQL rules do.
   */
  async sync(
    em: EntityManager,
    ask: { words: readonly string[]; lookupNames: readonly string[] },
  ): Promise<SyncAnswer> {
    if (!this.loaded) await this.load(em);
    // Every log row this snapshot sees has an xid below its xmax: that upper bound only makes
    // the planner use the xid index whatever its statistics say (0.1 ms at 200,000 rows).
    const [row] = await em.execute<
      {
        xmin: string;
        pruned: string;
        changes: { seq: number; product_id: number | null; xid: string }[] | string | null;
        words: string[] | string | null;
        lowered: string[] | string | null;
      }[]
    >(
      `select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
              (select below::text from catalog_change_pruned) as pruned,
              (select json_agg(c) from (
                 select seq, product_id, xid::text as xid from catalog_change
                  where xid >= ?::xid8 and xid <= pg_snapshot_xmax(pg_current_snapshot())
                  limit ${MAX_CHANGES + 1}) c) as changes,
              (select json_agg(f_search_text(w)) from json_array_elements_text(?::json) w) as words,
              (select json_agg(lower(n)) from json_array_elements_text(?::json) n) as lowered`,
      [String(this.seenBelow), JSON.stringify(ask.words), JSON.stringify(ask.lookupNames)],
    );
    const json = <T>(v: T[] | string | null | undefined): T[] =>
      v == null ? [] : typeof v === 'string' ? (JSON.parse(v) as T[]) : v;
    const xmin = BigInt(row!.xmin);
    const changes = json(row!.changes).filter((c) => !this.appliedSeqs.has(c.seq));
    const seenBelow = this.seenBelow!;
    if (seenBelow <= BigInt(row!.pruned) || changes.length > MAX_CHANGES) {
      await this.exclusive(() => this.loadNow(em));
    } else if (changes.length > 0 || xmin > seenBelow) {
      await this.exclusive(() => this.apply(em, changes, xmin));
    }
    this.maybePrune(em);
    return { words: json(row!.words), lowered: json(row!.lowered) };
  }

  private async apply(
    em: EntityManager,
    changesIn: { seq: number; product_id: number | null; xid: string }[],
    xmin: bigint,
  ) {
    // Another request may have applied some of them while this one waited.
    const changes = changesIn.filter((c) => !this.appliedSeqs.has(c.seq));
    if (changes.some((c) => c.product_id === null)) {
      await this.loadNow(em);
      return;
    }
    const ids = [...new Set(changes.map((c) => c.product_id!))];
    if (ids.length > 0) {
      const rows = await readProducts(em, ids);
      const found = new Set<number>();
      for (const row of rows) {
        this.put(row);
        found.add(row.id);
      }
      for (const id of ids) if (!found.has(id)) this.remove(id);
      this.notify(ids);
    }
    // A full load may have run meanwhile: never move backwards.
    if (this.seenBelow === null || xmin > this.seenBelow) this.seenBelow = xmin;
    for (const c of changes) this.appliedSeqs.set(c.seq, BigInt(c.xid));
    for (const [seq, xid] of this.appliedSeqs) {
      if (xid < this.seenBelow) this.appliedSeqs.delete(seq);
    }
  }

  /** Drops log rows older than an hour, at most every ten minutes (instances idle longer reload). */
  private maybePrune(em: EntityManager) {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    void em
      .fork()
      .execute(
        `with gone as (delete from catalog_change where at < now() - interval '1 hour' returning xid)
         update catalog_change_pruned
            set below = greatest(below, (select xid from gone order by xid desc limit 1))
          where exists (select 1 from gone)`,
      )
      .catch(() => undefined);
  }

  /** The lookup id of each filter value (already lower-cased by PostgreSQL); -2 for none. */
  lookupIds(facet: LookupFacet, lowered: readonly string[]): number[] {
    return lowered.map((name) => this.lookups.idsByLower[facet].get(name) ?? -2);
  }

  lookupName(facet: LookupFacet, id: number): string | undefined {
    return this.lookups.byFacet[facet].get(id)?.name;
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
    if (want.total || want.facets || (want.page && !this.isUnfiltered(filter))) {
      counted = this.counted(filter);
      if (want.total) answer.total = counted.total;
      if (want.facets) answer.facets = this.facetCounts(counted);
    }
    if (want.page) {
      const { sort, offset, limit } = want.page;
      const order = this.sortedSlots(sort);
      const matched = counted?.matched;
      const ids: number[] = [];
      let skipped = 0;
      for (let k = 0; k < order.length && ids.length < limit; k++) {
        const i = order[k]!;
        if (matched && matched[i] !== 1) continue;
        if (skipped < offset) skipped += 1;
        else ids.push(this.ids[i]!);
      }
      answer.pageIds = ids;
    }
    return answer;
  }

  private isUnfiltered(f: IndexFilter): boolean {
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

  /** The one pass over the products, or its kept result for the same filter and version. */
  private counted(filter: IndexFilter): Counted {
    const key = JSON.stringify(filter);
    const kept = this.cache.get(key);
    if (kept && kept.version === this.version) return kept.answer;
    const answer = this.count(filter);
    if (this.cache.size >= CACHE_ENTRIES) {
      for (const [k, v] of this.cache) {
        if (v.version !== this.version || this.cache.size >= CACHE_ENTRIES) this.cache.delete(k);
      }
    }
    this.cache.set(key, { version: this.version, answer });
    return answer;
  }

  private count(filter: IndexFilter): Counted {
    const n = this.slots;
    const W = this.sizeWords;
    // Lookup ids are stored shifted by one: 0 is 'none', never chosen, never counted.
    const allow = (ids: readonly number[] | null, facet: LookupFacet) => {
      const size = Math.max(0, ...this.lookups.byFacet[facet].keys()) + 2;
      const allowed = new Uint8Array(size);
      for (const id of ids ?? []) if (id >= 0 && id + 1 < size) allowed[id + 1] = 1;
      return { allowed, size, active: ids !== null };
    };
    const b = allow(filter.brands, 'brands');
    const t = allow(filter.types, 'types');
    const c = allow(filter.colors, 'colors');
    const sizeMask = new Uint32Array(W);
    for (const s of filter.sizes ?? []) {
      const id = this.sizeIdByName.get(s);
      if (id !== undefined) sizeMask[id >>> 5]! |= 1 << (id & 31);
    }
    const sizesActive = filter.sizes !== null;
    let bucketMask = 0;
    for (const r of filter.priceRanges ?? []) bucketMask |= 1 << r;
    const bucketsActive = filter.priceRanges !== null;
    let sexMask = 0;
    for (const x of filter.sexes ?? []) sexMask |= SEX_BITS[x]!;
    const sexesActive = filter.sexes !== null;
    const named = filter.words.length > 0 ? this.nameMatches(filter.words) : null;
    const promo = filter.onPromotion === null ? -1 : filter.onPromotion ? 1 : 0;

    const { alive, brand, type, color, bucket, sexBits, promotion, sizeBits } = this;
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
        matched[i] = 1;
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
   * 1 for the products whose name (search form) contains every word. Each word's test over all
   * names is kept for the version, so a shopper refining a search with facets pays it once.
   */
  private nameMatches(words: readonly string[]): Uint8Array {
    if (this.wordsVersion !== this.version) {
      this.wordMatches.clear();
      this.wordsVersion = this.version;
    }
    const n = this.slots;
    const all = new Uint8Array(n).fill(1);
    for (const word of words) {
      let match = this.wordMatches.get(word);
      if (!match) {
        match = new Uint8Array(n);
        const names = this.names;
        for (let i = 0; i < n; i++) if (names[i]!.includes(word)) match[i] = 1;
        if (this.wordMatches.size >= CACHE_ENTRIES) this.wordMatches.clear();
        this.wordMatches.set(word, match);
      }
      for (let i = 0; i < n; i++) all[i]! &= match[i]!;
    }
    return all;
  }

  private facetCounts(c: Counted): FacetCounts {
    const byId = (counts: Int32Array) => {
      const m = new Map<number, number>();
      // Index 0 is 'none'.
      for (let k = 1; k < counts.length; k++) if (counts[k]! > 0) m.set(k - 1, counts[k]!);
      return m;
    };
    const sizes = new Map<string, number>();
    c.sizeCounts.forEach((count, id) => {
      if (count > 0) sizes.set(this.sizeNames[id]!, count);
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
    this.sorted.set(sort, slots);
    return slots;
  }
}

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
