import type { EntityManager } from '@mikro-orm/postgresql';
import {
  CatalogFeed,
  type ChangeListener,
  type FeedWork,
  type SyncAnswer,
  type SyncAsk,
} from './catalog-feed.js';
import type { IndexFilter, LookupFacet } from './index-count.js';
import { type IndexAnswer, type IndexWork, ProductIndex } from './product-index.js';

/**
 * The catalogue index of one app instance: the pure in-memory index (product-index.ts) that
 * answers filters, totals, facet counts and pages, kept current by the change feed
 * (catalog-feed.ts) that reads PostgreSQL. Built once before the first request (`load`); every
 * catalogue request brings it up to date first (`sync`: the next shared catch-up).
 */
export class CatalogIndex {
  private readonly index = new ProductIndex();
  private readonly feed = new CatalogFeed(this.index);

  get productCount(): number {
    return this.index.productCount;
  }

  /**
   * What keeping the index current has cost so far, counted (not timed): catch-ups, full loads,
   * products applied, and the index's own passes, sorts, puts and removes. Tests read it.
   */
  get work(): FeedWork & IndexWork {
    return { ...this.feed.work, ...this.index.work };
  }

  get loaded(): boolean {
    return this.feed.loaded;
  }

  /** Reads the whole catalogue in one snapshot. */
  load(em: EntityManager): Promise<void> {
    return this.feed.load(em);
  }

  /** Brings the index up to date (one statement) and has PostgreSQL normalise `ask`. */
  sync(em: EntityManager, ask: SyncAsk): Promise<SyncAnswer> {
    return this.feed.sync(em, ask);
  }

  /**
   * The freshness statement without waiting for the index: the products with changes not yet
   * applied ('all': a reload is due). See CatalogFeed.look.
   */
  look(em: EntityManager): Promise<ReadonlySet<number> | 'all'> {
    return this.feed.look(em);
  }

  /** Changes committed that the index has not applied yet, and the oldest one's age (metrics). */
  lag(em: EntityManager): Promise<{ changes: number; oldestSeconds: number }> {
    return this.feed.lag(em);
  }

  /** Calls `listener` with the products each applied change touched; returns the unsubscribe. */
  onChange(listener: ChangeListener): () => void {
    return this.feed.onChange(listener);
  }

  /** The lookup id of each filter value as `sync` lowered it (-2: none). */
  lookupIds(facet: LookupFacet, lowered: readonly (string | undefined)[]): number[] {
    return this.index.lookupIds(facet, lowered);
  }

  lookupName(facet: LookupFacet, id: number): string | undefined {
    return this.index.lookupName(facet, id);
  }

  /** ProductIndex.didYouMean: a search that found nothing, written as it would find something. */
  didYouMean(words: readonly string[]): string[] | null {
    return this.index.didYouMean(words);
  }

  /** ProductIndex.completions: the last word completed, as the shopper types. */
  completions(words: readonly string[], limit: number): string[] {
    return this.index.completions(words, limit);
  }

  /** Total, facet counts and page of a filter, each only when asked (ProductIndex.query). */
  query(filter: IndexFilter, want: Parameters<ProductIndex['query']>[1]): IndexAnswer {
    return this.index.query(filter, want);
  }
}
