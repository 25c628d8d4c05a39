import type { EntityManager } from '@mikro-orm/postgresql';
import { type Actor, checkAccess } from '../accounts/access.js';
import {
  checkProduct,
  MAX_PRODUCT_PHOTOS,
  PHOTO_PROBLEMS,
  PRODUCT_MESSAGES as PRODUCT_RULE_MESSAGES,
  type ProductDraft,
  productPhotosProblem,
  type ValidProduct,
} from '@tienda/rules';
import { badInput, conflict, DomainError, notFound, refusal } from '../shared/errors.js';
import { checkPage, type Page } from '../shared/paging.js';
import { likeContains, placeholders } from '../shared/sql.js';
import { withTransaction } from '../shared/transaction.js';
import { type PhotoStore, type PhotoUpload, type PreparedPhoto } from './product-photos.js';
import { genderFromName, visibleProduct } from './product-rules.js';
import type { ProductService } from './product.service.js';
import {
  PRODUCT_VIEW_JOINS,
  PRODUCT_VIEW_SELECT,
  type ProductView,
  type ProductViewRow,
  toProductView,
} from './product-view.js';

/** The product rules' messages (spec §5, @tienda/rules) and the server's own. */
export const PRODUCT_MESSAGES = {
  ...PRODUCT_RULE_MESSAGES,
  notFound: 'Producto no encontrado',
  typeNotFound: 'El tipo no existe',
  brandNotFound: 'La marca no existe',
  colorNotFound: 'El color no existe',
  imageNotFound: 'La foto que quieres quitar no es de este producto',
  tooManyWords: 'La búsqueda puede tener hasta 10 palabras',
} as const;

export const ADMIN_PRODUCTS_MAX_PAGE = 100;
const MAX_SEARCH_WORDS = 10;

/** A type, brand or colour named by id (GraphQL) or by name (the REST facade). */
export type LookupRef = { id: number } | { name: string } | null;

/**
 * What an admin sends to create or update a product: the fields the product rules check
 * (centavos; sizes and quantities aligned), and its type, brand and colour.
 */
export interface ProductWrite extends Omit<ProductDraft, 'hasType'> {
  /** Required unless special. */
  type: LookupRef;
  /** When null, recovered from the name (the longest brand name it contains). */
  brand: LookupRef;
  /** When null, recovered from the name (the longest colour name it contains). */
  color: LookupRef;
}

export interface AdminProductPage {
  items: ProductView[];
  total: number;
}

/** The product rules of @tienda/rules (the browser checks the same): the product, or a refusal. */
export function validateProduct(input: ProductWrite): ValidProduct {
  const checked = checkProduct({ ...input, hasType: input.type !== null });
  if (!checked.ok) throw refusal(checked.problem);
  return checked.product;
}

/** Refuses photos a product may not end with (1 to 3; a new product at least one new). */
function checkPhotos(photos: Parameters<typeof productPhotosProblem>[0]): void {
  const problem = productPhotosProblem(photos);
  if (problem) throw refusal(problem);
}

/** The longest of `names` that `text` contains, case-insensitively (spec §3). */
export function longestContained<T extends { name: string }>(text: string, items: readonly T[]) {
  const lowered = text.toLowerCase();
  let best: T | null = null;
  for (const item of items) {
    const name = item.name.trim().toLowerCase();
    if (name !== '' && lowered.includes(name) && (!best || name.length > best.name.length)) {
      best = item;
    }
  }
  return best;
}

const LOOKUP_TABLES = {
  type: { table: 'product_type', missing: PRODUCT_MESSAGES.typeNotFound, field: 'typeId' },
  brand: { table: 'brand', missing: PRODUCT_MESSAGES.brandNotFound, field: 'brandId' },
  color: { table: 'color', missing: PRODUCT_MESSAGES.colorNotFound, field: 'colorId' },
} as const;
type LookupKey = keyof typeof LOOKUP_TABLES;

interface LookupRow {
  kind: LookupKey;
  id: number;
  name: string;
}

interface ImageRow {
  id: number;
  file_name: string;
  position: number;
}

/**
 * The admin's writes to the catalogue (issue 9 items 1-2), used by both front doors. The server
 * is the authority on every rule of spec §5; photos are checked by content and re-encoded
 * (PhotoStore) before anything is written; a write is one transaction, and the catalogue's
 * triggers bring every index (grid, totals, facets) up to date with it at once.
 */
export class ProductAdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor,
    private readonly products: ProductService,
    private readonly photos: PhotoStore,
  ) {}

  /**
   * A page of the visible products, newest first: every word of `search` must appear in the
   * name or in one of the sizes (case- and accent-insensitive). Two statements per page, whatever
   * its size (EXPLAIN ANALYZE at 100,000 products in the migration's note and the report).
   */
  async list(search: string | null | undefined, page: Page): Promise<AdminProductPage> {
    checkAccess(this.actor.user, 'admin');
    checkPage(page, ADMIN_PRODUCTS_MAX_PAGE, 'productos');
    const words = (search ?? '').split(/\s+/).filter((w) => w !== '');
    if (words.length > MAX_SEARCH_WORDS) {
      throw badInput(PRODUCT_MESSAGES.tooManyWords, 'search', 'TOO_MANY_WORDS');
    }
    if (words.length === 0) {
      const [rows, [count]] = await Promise.all([
        this.em.execute<ProductViewRow[]>(
          `select ${PRODUCT_VIEW_SELECT} from product p ${PRODUCT_VIEW_JOINS}
            where ${visibleProduct('p')} order by p.id desc offset ? limit ?`,
          [page.offset, page.limit],
        ),
        this.em.execute<{ n: number }[]>(
          `select count(*)::int as n from product p where ${visibleProduct('p')}`,
        ),
      ]);
      return { items: rows.map(toProductView), total: count?.n ?? 0 };
    }
    // Per word, the products whose name or one of whose sizes contains it, each set built from
    // index-only scans (the stored search form of the names; the few distinct sizes, read by a
    // loose index scan, then their products); the sets intersected, hidden products taken out.
    // The page sorts only what was found. No unaccent() per product (see the migration
    // ProductHidden for the indexes and the plans at 100,000 products).
    const perWord = words.map(
      () => `(select id from product p where ${visibleProduct('p')} and search_name like f_search_text(?)
              union
              select product_id from product_stock
               where size = any(array(
                 select size from size_names where f_search_text(size) like f_search_text(?))))`,
    );
    const found = `with recursive size_names(size) as (
        (select size from product_stock order by size limit 1)
        union all
        select (select s.size from product_stock s where s.size > n.size order by s.size limit 1)
          from size_names n where n.size is not null),
      found(id) as ((${perWord.join(' intersect ')})
        except select id from product where hidden_at is not null)`;
    const params = words.map(likeContains).flatMap((p) => [p, p]);
    const [rows, [count]] = await Promise.all([
      this.em.execute<ProductViewRow[]>(
        `${found} select ${PRODUCT_VIEW_SELECT} from product p ${PRODUCT_VIEW_JOINS}
          where p.id in (select id from found order by id desc offset ? limit ?)
          order by p.id desc`,
        [...params, page.offset, page.limit],
      ),
      this.em.execute<{ n: number }[]>(`${found} select count(*)::int as n from found`, params),
    ]);
    return { items: rows.map(toProductView), total: count?.n ?? 0 };
  }

  /** Creates a product with 1 to 3 photos. */
  async create(input: ProductWrite, uploads: readonly PhotoUpload[]): Promise<ProductView> {
    checkAccess(this.actor.user, 'admin');
    const valid = validateProduct(input);
    checkPhotos({ kept: 0, added: uploads.length, mode: 'create' });
    const prepared = await this.prepare(uploads);
    const id = await this.writingPhotos(prepared, () =>
      withTransaction(this.em, async (tx) => {
        await this.assertNameFree(tx, valid.name, null);
        const lookups = await this.resolveLookups(tx, input, valid.name);
        const [row] = await tx.execute<{ id: number }[]>(
          `insert into product (name, description, price_cents, promotion, promotion_price_cents,
                                special, gender, type_id, brand_id, color_id)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
          [...this.columns(valid), lookups.type, lookups.brand, lookups.color],
        );
        const productId = row!.id;
        await this.insertStock(tx, productId, valid);
        await this.insertImages(
          tx,
          productId,
          prepared.map((p, i) => ({ fileName: p.fileName, position: i })),
        );
        return productId;
      }),
    );
    return this.view(id);
  }

  /**
   * Updates a product: its fields, its sizes with their stock (sizes left out are removed), and
   * its photos: the ones kept (all but `removeImageIds`), then the new ones; 1 to 3 in all.
   */
  async update(
    id: number,
    input: ProductWrite,
    uploads: readonly PhotoUpload[] | null,
    /** 'all': the new photos replace the old ones (the REST facade's PUT with files). */
    removeImageIds: readonly number[] | 'all' = [],
  ): Promise<ProductView> {
    checkAccess(this.actor.user, 'admin');
    const valid = validateProduct(input);
    const added = uploads ?? [];
    // More new photos than a product may have: refused before any is read.
    if (added.length > MAX_PRODUCT_PHOTOS) {
      throw refusal(PHOTO_PROBLEMS.tooMany);
    }
    const prepared = await this.prepare(added);
    let removedFiles: string[] = [];
    await this.writingPhotos(prepared, () =>
      withTransaction(this.em, async (tx) => {
        const [product] = await tx.execute<{ id: number }[]>(
          `select id from product p where id = ? and ${visibleProduct('p')} for update`,
          [id],
        );
        if (!product) throw notFound(PRODUCT_MESSAGES.notFound);
        const images = await tx.execute<ImageRow[]>(
          'select id, file_name, position from product_image where product_id = ? order by position',
          [id],
        );
        const removing = new Set(
          removeImageIds === 'all' ? images.map((i) => i.id) : removeImageIds,
        );
        if ([...removing].some((imageId) => !images.some((i) => i.id === imageId))) {
          throw badInput(PRODUCT_MESSAGES.imageNotFound, 'removeImageIds', 'IMAGE_NOT_FOUND');
        }
        const kept = images.filter((i) => !removing.has(i.id));
        checkPhotos({ kept: kept.length, added: prepared.length, mode: 'update' });
        await this.assertNameFree(tx, valid.name, id);
        const lookups = await this.resolveLookups(tx, input, valid.name);
        await tx.execute(
          `update product set name = ?, description = ?, price_cents = ?, promotion = ?,
                  promotion_price_cents = ?, special = ?, gender = ?, type_id = ?, brand_id = ?,
                  color_id = ?, updated_at = now()
            where id = ?`,
          [...this.columns(valid), lookups.type, lookups.brand, lookups.color, id],
        );
        // Sizes: the ones left out go; the others take their new position and quantity.
        await tx.execute(
          `delete from product_stock
            where product_id = ? and size not in (select json_array_elements_text(?::json))`,
          [id, JSON.stringify(valid.sizes)],
        );
        await this.insertStock(tx, id, valid);
        // Photos: removed rows go; kept ones are renumbered, then the new ones follow.
        const removed = images.filter((i) => removing.has(i.id));
        if (removed.length > 0) {
          await tx.execute(
            `delete from product_image where id in (${placeholders(removed.length)})`,
            removed.map((i) => i.id),
          );
        }
        if (kept.length > 0 && kept.some((image, i) => image.position !== i)) {
          // (product_id, position) is unique row by row: out of the way first, then in place.
          await tx.execute(
            'update product_image set position = -1 - position where product_id = ?',
            [id],
          );
          await tx.execute(
            `update product_image i set position = v.ord - 1
               from json_array_elements_text(?::json) with ordinality as v(id, ord)
              where i.id = v.id::int`,
            [JSON.stringify(kept.map((i) => i.id))],
          );
        }
        await this.insertImages(
          tx,
          id,
          prepared.map((p, i) => ({ fileName: p.fileName, position: kept.length + i })),
        );
        removedFiles = removed.map((i) => i.file_name);
      }),
    );
    await this.photos.remove(removedFiles);
    return this.view(id);
  }

  /**
   * Deletes a product. One that order lines name is hidden instead (those orders keep showing
   * it); either way it leaves the storefront, the admin list and every open cart at once. The
   * photos of a product actually deleted are removed from disk. Returns the id.
   */
  async delete(id: number): Promise<number> {
    checkAccess(this.actor.user, 'admin');
    const files = await withTransaction(this.em, async (tx) => {
      const [product] = await tx.execute<{ id: number }[]>(
        `select id from product p where id = ? and ${visibleProduct('p')} for update`,
        [id],
      );
      if (!product) throw notFound(PRODUCT_MESSAGES.notFound);
      // Open carts lose it (waits for a checkout holding those lines to finish).
      await tx.execute('delete from cart_line where product_id = ? and not purchased', [id]);
      const ordered = await tx.execute('select 1 from order_line where product_id = ? limit 1', [
        id,
      ]);
      if (ordered.length > 0) {
        await tx.execute('update product set hidden_at = now() where id = ?', [id]);
        return [];
      }
      const images = await tx.execute<{ file_name: string }[]>(
        'select file_name from product_image where product_id = ?',
        [id],
      );
      await tx.execute('delete from product where id = ?', [id]);
      return images.map((i) => i.file_name);
    });
    await this.photos.remove(files);
    return id;
  }

  private columns(valid: ValidProduct) {
    return [
      valid.name,
      valid.description,
      valid.priceCents,
      valid.promotion,
      valid.promotionPriceCents,
      valid.special,
      genderFromName(valid.name),
    ];
  }

  /** Checks and re-encodes every photo before anything is written (one at a time: CPU, memory). */
  private async prepare(uploads: readonly PhotoUpload[]): Promise<PreparedPhoto[]> {
    const prepared: PreparedPhoto[] = [];
    for (const upload of uploads) prepared.push(await this.photos.prepare(upload));
    return prepared;
  }

  /** Writes the photos, runs `work`; if it fails, the photos are removed again. */
  private async writingPhotos<T>(
    photos: readonly PreparedPhoto[],
    work: () => Promise<T>,
  ): Promise<T> {
    await this.photos.write(photos);
    try {
      return await work();
    } catch (error) {
      await this.photos.remove(photos.map((p) => p.fileName));
      throw error;
    }
  }

  /**
   * Refuses a name another visible product has (case-insensitive). The advisory lock on the
   * name makes two concurrent writes of the same name wait for each other.
   */
  private async assertNameFree(tx: EntityManager, name: string, exceptId: number | null) {
    await tx.execute("select pg_advisory_xact_lock(hashtext('product-name:' || lower(?)))", [name]);
    const taken = await tx.execute(
      `select 1 from product p where lower(name) = lower(?) and ${visibleProduct('p')} and id <> ? limit 1`,
      [name, exceptId ?? 0],
    );
    if (taken.length > 0) {
      throw conflict(PRODUCT_MESSAGES.duplicateName, 'name', 'DUPLICATE_PRODUCT_NAME');
    }
  }

  /**
   * The type, brand and colour ids: as given (checked), else recovered from the name (the
   * longest list name it contains). The type is required unless the product is special.
   */
  private async resolveLookups(tx: EntityManager, input: ProductWrite, name: string) {
    const rows = await tx.execute<LookupRow[]>(
      `select 'type' as kind, id, name from product_type
       union all select 'brand', id, name from brand
       union all select 'color', id, name from color`,
    );
    const resolve = (kind: LookupKey, ref: LookupRef): number | null => {
      const items = rows.filter((r) => r.kind === kind);
      if (ref === null) return longestContained(name, items)?.id ?? null;
      const found =
        'id' in ref
          ? items.find((r) => r.id === ref.id)
          : items.find((r) => r.name.toLowerCase() === ref.name.trim().toLowerCase());
      if (!found) {
        throw badInput(LOOKUP_TABLES[kind].missing, LOOKUP_TABLES[kind].field, 'LOOKUP_NOT_FOUND');
      }
      return found.id;
    };
    return {
      type: resolve('type', input.type),
      brand: resolve('brand', input.brand),
      color: resolve('color', input.color),
    };
  }

  /** Upserts the stock rows, in display order: one statement. */
  private async insertStock(tx: EntityManager, productId: number, valid: ValidProduct) {
    await tx.execute(
      `insert into product_stock (product_id, size, position, quantity)
       select ?, s.size, s.ord::int - 1, q.quantity::int
         from json_array_elements_text(?::json) with ordinality as s(size, ord)
         join json_array_elements_text(?::json) with ordinality as q(quantity, ord) using (ord)
       on conflict (product_id, size)
       do update set position = excluded.position, quantity = excluded.quantity`,
      [productId, JSON.stringify(valid.sizes), JSON.stringify(valid.quantities)],
    );
  }

  private async insertImages(
    tx: EntityManager,
    productId: number,
    images: readonly { fileName: string; position: number }[],
  ) {
    if (images.length === 0) return;
    await tx.execute(
      `insert into product_image (product_id, file_name, position)
       select ?, v.file_name, v.position
         from json_to_recordset(?::json) as v(file_name text, position int)`,
      [
        productId,
        JSON.stringify(images.map((i) => ({ file_name: i.fileName, position: i.position }))),
      ],
    );
  }

  private async view(id: number): Promise<ProductView> {
    const [product] = await this.products.findByIds([id]);
    if (!product) throw new DomainError('NOT_FOUND', PRODUCT_MESSAGES.notFound);
    return product;
  }
}
