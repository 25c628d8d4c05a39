import type { EntityManager } from '@mikro-orm/postgresql';
import { visibleProduct } from './product-rules.js';
import { productSharePath } from './share-path.js';

/** The sitemaps.org protocol's limit of URLs per sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

/** Product ids are PostgreSQL integers. */
const MAX_ID = 2_147_483_647;

/** Products read per statement while a sitemap file is written. */
const BATCH = 5_000;

/** A product's share page as a sitemap lists it. */
export interface SitemapEntry {
  /** `/p/42-tenis-nike-air` (share-path.ts). */
  path: string;
  /** When the product last changed, W3C datetime in UTC. */
  lastmod: string;
}

/**
 * Which products the sitemap lists and in which file: every visible product's share page, file n
 * (from 1) holding the products with ids in ((n − 1)·size, n·size]. So a file never lists more
 * than `size` URLs, a product stays in the same file for good, and each file is read on its own
 * by an id range of the visible-products index (no OFFSET, no count of what comes before). Ids
 * are dense (deletions only hide or remove a few), so 100,000 products make 2 files of 50,000.
 */
export class ProductSitemap {
  constructor(
    private readonly em: EntityManager,
    private readonly size: number = SITEMAP_MAX_URLS,
  ) {
    if (!Number.isSafeInteger(size) || size < 1 || size > SITEMAP_MAX_URLS) {
      throw new Error(`Tamaño de sitemap no válido: ${size}`);
    }
  }

  /**
   * The numbers of the files that list at least one product, ascending: one index probe per file
   * (a loose scan that jumps to the next file's first visible id).
   */
  async files(): Promise<number[]> {
    const rows = await this.em.execute<{ file: number }[]>(
      `with recursive f(n) as (
         (select (p.id - 1) / ? from product p where ${visibleProduct('p')} order by p.id limit 1)
         union all
         select (select (p.id - 1) / ? from product p
                  where ${visibleProduct('p')} and p.id > (f.n + 1)::bigint * ? order by p.id limit 1)
           from f where f.n is not null
       )
       select (n + 1)::int as file from f where n is not null`,
      [this.size, this.size, this.size],
    );
    return rows.map((r) => r.file);
  }

  /**
   * The entries of file `file`, in id order, a batch at a time (keyset on the id): the caller
   * writes each batch out before the next is read. Nothing when the file lists no product.
   */
  async *entries(file: number): AsyncGenerator<SitemapEntry[]> {
    if (!Number.isSafeInteger(file) || file < 1) return;
    let after = (file - 1) * this.size;
    if (after >= MAX_ID) return;
    const last = Math.min(file * this.size, MAX_ID);
    for (;;) {
      const rows = await this.em.execute<{ id: number; name: string; lastmod: string }[]>(
        `select p.id, p.name,
                to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as lastmod
           from product p
          where ${visibleProduct('p')} and p.id > ? and p.id <= ?
          order by p.id limit ?`,
        [after, last, BATCH],
      );
      if (rows.length === 0) return;
      yield rows.map((r) => ({ path: productSharePath(r.id, r.name), lastmod: r.lastmod }));
      if (rows.length < BATCH) return;
      after = rows[rows.length - 1]!.id;
    }
  }
}
