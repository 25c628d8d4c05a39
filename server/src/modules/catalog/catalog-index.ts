import { IsolationLevel } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PRICE_RANGES, priceRangeIndexOf } from '../pricing/pricing.js';
import { type ProductSort, SEXES, sexesOf } from './catalog-filter.js';

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
  sizes: string[] | string;
}

const PRODUCT_ROW_SQL = `
  select p.id, f_search_text(p.name) as search, p.unit_price_cents, p.promotion,
         p.promotion_price_cents, p.brand_id, p.type_id, p.color_id,
         coalesce((select json_agg(s.size) from product_stock s
                    where s.product_id = p.id and s.quantity > 0), '[]'::json) as sizes
    from product p`;

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

function grow<T extends Int32Array | Uint8Array | Int8Array>(array: T, size: number): T {
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
  private sizeIds: Uint16Array[] = [];
  private slotById = new Map<number, number>();

  private sizeNames: string[] = [];
  private sizeIdByName = new Map<string, number>();
  lookups = new Lookups();

  private sorted = new Map<ProductSort, Int32Array>();

  /** All changes of transactions with an id below this are in the index. */
  private seenBelow: bigint | null = null;
  /** Log rows already applied among those at or above `seenBelow`: seq → xid. */
  private appliedSeqs = new Map<number, bigint>();
  /** Applying changes (or a full load) one at a time. */
  private applying: Promise<unknown> = Promise.resolve();
  private lastPrune = Date.now();

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
        const rows = await tx.execute<ProductRow[]>(`${PRODUCT_ROW_SQL} order by p.id`);
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
    this.sizeIds = [];
    this.sorted.clear();
    this.lookups = new Lookups();
  }

  private sizeId(size: string): number {
    let id = this.sizeIdByName.get(size);
    if (id === undefined) {
      id = this.sizeNames.length;
      this.sizeNames.push(size);
      this.sizeIdByName.set(size, id);
    }
    return id;
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
    const sizes = typeof row.sizes === 'string' ? (JSON.parse(row.sizes) as string[]) : row.sizes;
    this.sizeIds[slot] = Uint16Array.from(sizes, (s) => this.sizeId(s));
  }

  private remove(id: number) {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    this.alive[slot] = 0;
    this.slotById.delete(id);
    this.sorted.clear();
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
                  where xid >= ?::xid8 order by seq limit ${MAX_CHANGES + 1}) c) as changes,
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
      const rows = await em.execute<ProductRow[]>(`${PRODUCT_ROW_SQL} where p.id = any(?::int[])`, [
        `{${ids.join(',')}}`,
      ]);
      const found = new Set<number>();
      for (const row of rows) {
        this.put(row);
        found.add(row.id);
      }
      for (const id of ids) if (!found.has(id)) this.remove(id);
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
    const n = this.slots;
    const allowLookup = (ids: readonly number[] | null, size: number) => {
      if (ids === null) return null;
      const allowed = new Uint8Array(size);
      for (const id of ids) if (id >= 0 && id < size) allowed[id] = 1;
      return allowed;
    };
    const lookupSize = (facet: LookupFacet) =>
      Math.max(0, ...this.lookups.byFacet[facet].keys()) + 1;
    const brandSize = lookupSize('brands');
    const typeSize = lookupSize('types');
    const colorSize = lookupSize('colors');
    const brands = allowLookup(filter.brands, brandSize);
    const types = allowLookup(filter.types, typeSize);
    const colors = allowLookup(filter.colors, colorSize);
    let sizes: Uint8Array | null = null;
    if (filter.sizes !== null) {
      sizes = new Uint8Array(this.sizeNames.length);
      for (const s of filter.sizes) {
        const id = this.sizeIdByName.get(s);
        if (id !== undefined) sizes[id] = 1;
      }
    }
    let bucketMask = -1;
    if (filter.priceRanges !== null) {
      bucketMask = 0;
      for (const r of filter.priceRanges) bucketMask |= 1 << r;
    }
    let sexMask = -1;
    if (filter.sexes !== null) {
      sexMask = 0;
      for (const s of filter.sexes) sexMask |= SEX_BITS[s]!;
    }
    const words = filter.words;
    const onPromotion = filter.onPromotion === null ? -1 : filter.onPromotion ? 1 : 0;

    const { alive, brand, type, color, bucket, sexBits, promotion, names, sizeIds } = this;
    // Facet numbers for the one-failure bookkeeping.
    const BR = 0,
      TY = 1,
      CO = 2,
      SZ = 3,
      PR = 4,
      SX = 5;

    /** Which facet conditions the slot fails: -1 none, 0..5 exactly that one, 6 two or more. */
    const failures = (i: number): number => {
      let failed = -1;
      const fail = (facet: number) => {
        if (failed !== -1) return true;
        failed = facet;
        return false;
      };
      if (brands !== null && !(brand[i]! >= 0 && brands[brand[i]!]) && fail(BR)) return 6;
      if (types !== null && !(type[i]! >= 0 && types[type[i]!]) && fail(TY)) return 6;
      if (colors !== null && !(color[i]! >= 0 && colors[color[i]!]) && fail(CO)) return 6;
      if (bucketMask !== -1 && !(bucket[i]! >= 0 && bucketMask & (1 << bucket[i]!)) && fail(PR))
        return 6;
      if (sexMask !== -1 && !(sexBits[i]! & sexMask) && fail(SX)) return 6;
      if (sizes !== null) {
        const own = sizeIds[i]!;
        let any = false;
        for (let k = 0; k < own.length; k++) {
          if (sizes[own[k]!]) {
            any = true;
            break;
          }
        }
        if (!any && fail(SZ)) return 6;
      }
      return failed;
    };
    const passesRest = (i: number): boolean => {
      if (!alive[i]) return false;
      if (onPromotion !== -1 && promotion[i] !== onPromotion) return false;
      if (words.length > 0) {
        const name = names[i]!;
        for (const w of words) if (!name.includes(w)) return false;
      }
      return true;
    };

    const answer: IndexAnswer = {};
    let matched: Uint8Array | undefined;
    if (want.total || want.facets) {
      matched = new Uint8Array(n);
      let total = 0;
      const brandCounts = new Int32Array(brandSize);
      const typeCounts = new Int32Array(typeSize);
      const colorCounts = new Int32Array(colorSize);
      const sizeCounts = new Int32Array(this.sizeNames.length);
      const bucketCounts = new Int32Array(PRICE_RANGES.length);
      const sexCounts = new Int32Array(SEXES.length);
      const countFacet = (i: number, facet: number) => {
        switch (facet) {
          case BR:
            if (brand[i]! >= 0) brandCounts[brand[i]!]! += 1;
            break;
          case TY:
            if (type[i]! >= 0) typeCounts[type[i]!]! += 1;
            break;
          case CO:
            if (color[i]! >= 0) colorCounts[color[i]!]! += 1;
            break;
          case SZ:
            for (const s of sizeIds[i]!) sizeCounts[s]! += 1;
            break;
          case PR:
            if (bucket[i]! >= 0) bucketCounts[bucket[i]!]! += 1;
            break;
          case SX:
            for (let k = 0; k < SEXES.length; k++)
              if (sexBits[i]! & SEX_BITS[k]!) sexCounts[k]! += 1;
            break;
        }
      };
      const countFacets = want.facets === true;
      for (let i = 0; i < n; i++) {
        const failed = failures(i);
        if (failed === 6) continue;
        if (failed !== -1 && !countFacets) continue;
        if (!passesRest(i)) continue;
        if (failed === -1) {
          total += 1;
          matched[i] = 1;
          if (countFacets) for (let f = 0; f < 6; f++) countFacet(i, f);
        } else {
          countFacet(i, failed);
        }
      }
      answer.total = total;
      if (countFacets) {
        const byId = (counts: Int32Array) => {
          const m = new Map<number, number>();
          counts.forEach((c, id) => {
            if (c > 0) m.set(id, c);
          });
          return m;
        };
        const sizeMap = new Map<string, number>();
        sizeCounts.forEach((c, id) => {
          if (c > 0) sizeMap.set(this.sizeNames[id]!, c);
        });
        answer.facets = {
          brands: byId(brandCounts),
          types: byId(typeCounts),
          colors: byId(colorCounts),
          sizes: sizeMap,
          priceRanges: [...bucketCounts],
          sexes: [...sexCounts],
        };
      }
    }
    if (want.page) {
      const { sort, offset, limit } = want.page;
      const order = this.sortedSlots(sort);
      const ids: number[] = [];
      let skipped = 0;
      for (let k = 0; k < order.length && ids.length < limit; k++) {
        const i = order[k]!;
        const ok = matched ? matched[i] === 1 : failures(i) === -1 && passesRest(i);
        if (!ok) continue;
        if (skipped < offset) skipped += 1;
        else ids.push(this.ids[i]!);
      }
      answer.pageIds = ids;
    }
    return answer;
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
