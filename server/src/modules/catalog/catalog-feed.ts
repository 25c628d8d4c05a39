import { IsolationLevel } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { outsideQueryMetrics } from '../../db/query-metrics.js';
import { CatchUpQueue } from './catch-up-queue.js';
import type { LookupFacet } from './index-count.js';
import type { IndexedLookup, IndexedProduct, IndexWriter, LookupLists } from './product-index.js';
import { visibleProduct } from './product-rules.js';

/**
 * The catalogue's change feed: what keeps an in-memory index (product-index.ts) current with
 * PostgreSQL, and the only code that reads catalog_change.
 *
 * Freshness: triggers log every product and stock change (catalog_change, with the writing
 * transaction's id). Before answering, `sync` asks in one statement for the log rows of
 * transactions the index may not have seen — those at or above the oldest transaction that was
 * running when it last looked (pg_snapshot_xmin) — and re-reads those products. A read that
 * starts after a write's commit therefore sees it, on every instance sharing the database.
 * SQL, not entities: one statement per catch-up (BENCHMARKS.md 'Catalogue index').
 *
 * Catch-ups run one at a time and are shared (catch-up-queue.ts, issue 23): the requests that
 * arrive while one runs wait for the next, which starts after they arrived and normalises all
 * their search words and lookup names in its one statement. A request waits for at most one
 * catch-up that started after it came, never one per request ahead of it (during a sale every
 * request found new stock changes and queued its own re-read behind the others': bench/notes/
 * sale-day-catalogue.md). Applying changes re-reads only the products they touched and updates
 * the index by those products alone (ProductIndex.put).
 */

/** More changed products than this since the last look: read everything again. */
const MAX_CHANGES = 5_000;
const PRUNE_EVERY_MS = 10 * 60_000;

const LOOKUP_TABLES: Record<LookupFacet, string> = {
  brands: 'brand',
  types: 'product_type',
  colors: 'color',
};

interface ProductRow {
  id: number;
  search: string;
  name: string;
  price_cents: number;
  promotion: boolean;
  promotion_price_cents: number | null;
  brand_id: number | null;
  type_id: number | null;
  color_id: number | null;
  /** The sizes in stock, joined by SIZE_SEPARATOR. */
  sizes: string | null;
}

const SIZE_SEPARATOR = '\u001f';

const toIndexed = (row: ProductRow): IndexedProduct => ({
  id: row.id,
  search: row.search,
  name: row.name,
  priceCents: row.price_cents,
  promotion: row.promotion,
  promotionPriceCents: row.promotion_price_cents,
  brandId: row.brand_id,
  typeId: row.type_id,
  colorId: row.color_id,
  sizes: (row.sizes ?? '').split(SIZE_SEPARATOR).filter((size) => size !== ''),
});

/** The indexed fields of every visible product, or of those ids: one statement. */
async function readProducts(
  em: EntityManager,
  ids: readonly number[] | null,
): Promise<IndexedProduct[]> {
  const only = (column: string) => (ids ? `where ${column} = any(?::int[])` : '');
  const list = ids ? `{${ids.join(',')}}` : undefined;
  const rows = await em.execute<ProductRow[]>(
    `select p.id, p.search_name as search, p.name, p.price_cents, p.promotion,
            p.promotion_price_cents, p.brand_id, p.type_id, p.color_id, s.sizes
       from product p
       left join (select product_id, string_agg(size, chr(31)) as sizes from product_stock
                   ${only('product_id')} ${ids ? 'and' : 'where'} quantity > 0
                   group by product_id) s on s.product_id = p.id
      where ${visibleProduct('p')} ${ids ? 'and p.id = any(?::int[])' : ''}`,
    list ? [list, list] : [],
  );
  return rows.map(toIndexed);
}

/** What a catalogue request asks PostgreSQL to normalise, the catalogue's SQL rules' way. */
export interface SyncAsk {
  /** Search words. */
  words: readonly string[];
  /** Lookup filter values (brands, types, colours), any order, repeats allowed. */
  lookupNames: readonly string[];
}

/** A catch-up's normalisations, for every ask it served. */
interface Normalised {
  /** f_search_text of each search word asked. */
  words: ReadonlyMap<string, string>;
  /** lower() of each lookup filter value asked. */
  lowered: ReadonlyMap<string, string>;
}

/** What the feed has done since it was made, counted (not timed): tests read it. */
export interface FeedWork {
  /** Catch-ups run (each one freshness statement). */
  catchUps: number;
  /** Whole catalogues read (the first, a lookup list changed, too many changes). */
  fullLoads: number;
  /** Products re-read and applied to the index after changes (each once per catch-up). */
  productsApplied: number;
  /** Synonym groups read again after a synonym change (no product read). */
  synonymLoads: number;
}

const NO_ASK: SyncAsk = { words: [], lookupNames: [] };

/** The request's values as PostgreSQL normalised them. */
export interface SyncAnswer {
  /** f_search_text of each search word, in the order asked. */
  words: string[];
  /** lower() of each lookup filter value, by the value as asked. */
  lowered: ReadonlyMap<string, string>;
}

interface Change {
  seq: number;
  /** null: every product (a full reload), unless `synonyms`. */
  product_id: number | null;
  /** The synonym groups changed (search_synonym's trigger): only they are read again. */
  synonyms: boolean;
  xid: string;
}

/** A log row that asks for a full reload (a lookup list, a truncate). */
const isReload = (c: Change) => c.product_id === null && !c.synonyms;

/** The admin's synonym groups, each word in search form. */
async function readSynonyms(em: EntityManager): Promise<string[][]> {
  const rows = await em.execute<{ words: string[] }[]>(
    'select array(select f_search_text(w) from unnest(words) w) as words from search_synonym',
  );
  return rows.map((r) => r.words);
}

type Json<T> = T | string | null | undefined;

const json = <T>(v: Json<T>): T | null =>
  v == null ? null : typeof v === 'string' ? (JSON.parse(v) as T) : v;

/** Told which products a change touched ('all': the whole catalogue was read again). */
export type ChangeListener = (changed: readonly number[] | 'all') => void;

export class CatalogFeed {
  readonly work: FeedWork = { catchUps: 0, fullLoads: 0, productsApplied: 0, synonymLoads: 0 };
  /** All changes of transactions with an id below this are in the index. */
  private seenBelow: bigint | null = null;
  /** Log rows already applied among those at or above `seenBelow`: seq → xid. */
  private appliedSeqs = new Map<number, bigint>();
  /** Catch-ups (and the first full load), one at a time, shared by the requests waiting. */
  private readonly catchUps = new CatchUpQueue<{ em: EntityManager; ask: SyncAsk }, Normalised>(
    (asks) => this.catchUp(asks[0]!.em, asks),
  );
  private lastPrune = Date.now();
  /** Told of every change applied: the products' ids, or 'all' after a full load. */
  private readonly listeners = new Set<ChangeListener>();

  constructor(private readonly index: IndexWriter) {}

  /** Calls `listener` with the products each applied change touched; returns the unsubscribe. */
  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(changed: readonly number[] | 'all') {
    for (const listener of this.listeners) listener(changed);
  }

  get loaded(): boolean {
    return this.seenBelow !== null;
  }

  /** Reads the whole catalogue in one snapshot into the index (a catch-up when it has). */
  async load(em: EntityManager): Promise<void> {
    await this.catchUps.wait({ em, ask: NO_ASK });
  }

  /**
   * Brings the index up to date with every change committed before this call, and has
   * PostgreSQL normalise the request's search words and lookup names the way the catalogue's SQL
   * rules do: waits for the next catch-up (one statement; a second reads the changed products
   * when there are any), shared with every request that arrives while the running one ends.
   */
  async sync(em: EntityManager, ask: SyncAsk): Promise<SyncAnswer> {
    const done = await this.catchUps.wait({ em, ask });
    return {
      words: ask.words.map((w) => done.words.get(w) ?? w),
      lowered: done.lowered,
    };
  }

  /** One catch-up for `asks`: the freshness statement, then the changes it found applied. */
  private async catchUp(em: EntityManager, asks: readonly { ask: SyncAsk }[]): Promise<Normalised> {
    this.work.catchUps += 1;
    if (!this.loaded) await this.loadNow(em);
    const words = [...new Set(asks.flatMap((a) => a.ask.words))];
    const names = [...new Set(asks.flatMap((a) => a.ask.lookupNames))];
    const { row, changes, reload, xmin } = await this.read(em, { words, lookupNames: names });
    if (reload) {
      await this.loadNow(em);
    } else if (changes.length > 0 || xmin > this.seenBelow!) {
      await this.apply(em, changes, xmin);
    }
    this.maybePrune(em);
    return {
      words: new Map(Object.entries(json(row.words) ?? {})),
      lowered: new Map(Object.entries(json(row.lowered) ?? {})),
    };
  }

  /**
   * The same one statement as `sync`, without waiting for the index to apply what it found:
   * which products have changes committed before this call that the index has not applied yet
   * ('all': a full reload is due). The index applies them meanwhile (queued, not awaited). For
   * readers that only need to know whether one product may have changed (the product answers
   * kept for visitors), so that they never queue behind the catalogue's applies.
   */
  async look(em: EntityManager): Promise<ReadonlySet<number> | 'all'> {
    if (!this.loaded) await this.load(em);
    const { changes, reload } = await this.read(em, NO_ASK);
    if (reload || changes.length > 0) {
      // Applied by the next catch-up, for whoever reads the catalogue next: no request waits
      // for it here, none counts it.
      void outsideQueryMetrics(() => this.catchUps.wait({ em, ask: NO_ASK })).catch(
        () => undefined,
      );
    }
    // A synonym change touches no product's answer.
    return reload || changes.some(isReload)
      ? 'all'
      : new Set(changes.flatMap((c) => (c.product_id === null ? [] : [c.product_id])));
  }

  /**
   * How far this instance's index is behind (for the metrics): the catalogue changes committed
   * that it has not applied yet, and the age of the oldest, in seconds. The index applies changes
   * when a catalogue request asks (`sync`, `look`), so an idle instance lags until its next
   * request. One statement over the log's xid index; nothing is applied.
   */
  async lag(em: EntityManager): Promise<{ changes: number; oldestSeconds: number }> {
    if (!this.loaded) return { changes: 0, oldestSeconds: 0 };
    const [row] = await em.execute<{ n: number; oldest: number }[]>(
      `select count(*)::int as n, coalesce(extract(epoch from now() - min(at)), 0)::float8 as oldest
         from catalog_change
        where xid >= ?::xid8 and xid <= pg_snapshot_xmax(pg_current_snapshot())
          and not (seq = any(?::bigint[]))`,
      // An array literal: knex would spread a JS array into a list of parameters.
      [String(this.seenBelow), `{${[...this.appliedSeqs.keys()].join(',')}}`],
    );
    return { changes: row?.n ?? 0, oldestSeconds: row?.oldest ?? 0 };
  }

  /** The freshness statement, and the changes it found not yet applied. */
  private async read(em: EntityManager, ask: SyncAsk) {
    // Every log row this snapshot sees has an xid below its xmax: that upper bound only makes
    // the planner use the xid index whatever its statistics say (0.1 ms at 200,000 rows).
    const [row] = await em.execute<
      {
        xmin: string;
        pruned: string;
        changes: Json<Change[]>;
        words: Json<Record<string, string>>;
        lowered: Json<Record<string, string>>;
      }[]
    >(
      `select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
              (select below::text from catalog_change_pruned) as pruned,
              (select json_agg(c) from (
                 select seq, product_id, synonyms, xid::text as xid from catalog_change
                  where xid >= ?::xid8 and xid <= pg_snapshot_xmax(pg_current_snapshot())
                  limit ${MAX_CHANGES + 1}) c) as changes,
              (select json_object_agg(w, f_search_text(w)) from json_array_elements_text(?::json) w)
                as words,
              (select json_object_agg(n, lower(n)) from json_array_elements_text(?::json) n)
                as lowered`,
      [String(this.seenBelow), JSON.stringify(ask.words), JSON.stringify(ask.lookupNames)],
    );
    const xmin = BigInt(row!.xmin);
    const changes = (json(row!.changes) ?? []).filter((c) => !this.appliedSeqs.has(c.seq));
    const reload = this.seenBelow! <= BigInt(row!.pruned) || changes.length > MAX_CHANGES;
    return { row: row!, changes, reload, xmin };
  }

  private async loadNow(em: EntityManager): Promise<void> {
    this.work.fullLoads += 1;
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
        const products = await readProducts(tx, null);
        const synonyms = await readSynonyms(tx);
        // Log rows this snapshot already reflects, so that the next look does not apply them
        // again (transactions still running anywhere on the server hold xmin back).
        const seen = await tx.execute<{ seq: string; xid: string }[]>(
          'select seq::text, xid::text from catalog_change where xid >= ?::xid8',
          [snap!.xmin],
        );
        const lists = {} as Record<LookupFacet, IndexedLookup[]>;
        for (const facet of Object.keys(LOOKUP_TABLES) as LookupFacet[]) {
          lists[facet] = lookups
            .filter((l) => l.facet === facet)
            .map(({ id, name, lower }) => ({ id, name, lower }));
        }
        this.index.replace(lists satisfies LookupLists, products, synonyms);
        this.notify('all');
        this.seenBelow = BigInt(snap!.xmin);
        this.appliedSeqs.clear();
        for (const r of seen) this.appliedSeqs.set(Number(r.seq), BigInt(r.xid));
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
    );
  }

  private async apply(em: EntityManager, changes: Change[], xmin: bigint) {
    if (changes.some(isReload)) {
      await this.loadNow(em);
      return;
    }
    if (changes.some((c) => c.synonyms)) {
      // Read after the log row was seen: at least as new as the change it logged.
      this.index.setSynonyms(await readSynonyms(em));
      this.work.synonymLoads += 1;
    }
    const ids = [...new Set(changes.flatMap((c) => (c.product_id === null ? [] : [c.product_id])))];
    if (ids.length > 0) {
      const products = await readProducts(em, ids);
      const found = new Set<number>();
      for (const product of products) {
        this.index.put(product);
        found.add(product.id);
      }
      for (const id of ids) if (!found.has(id)) this.index.remove(id);
      this.work.productsApplied += ids.length;
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
}
