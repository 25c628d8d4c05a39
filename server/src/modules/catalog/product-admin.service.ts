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
import { withTransaction } from '../shared/transaction.js';
import { type PhotoStore, type PhotoUpload, type PreparedPhoto } from './product-photos.js';
import {
  adminProductPage,
  deleteProduct,
  hideProduct,
  insertProduct,
  lockShownProduct,
  type LookupKey,
  lookupLists,
  nameTaken,
  type ProductColumns,
  productImages,
  updateProduct,
  writeImages,
  writeSizes,
} from './product-repository.js';
import {
  auditProductCreated,
  auditProductRemoved,
  auditProductUpdated,
  productState,
} from './product-audit.js';
import { genderFromName } from './product-rules.js';
import type { ProductService } from './product.service.js';
import { type ProductView, toProductView } from './product-view.js';

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

const LOOKUP_MISSING: Record<LookupKey, { message: string; field: string }> = {
  type: { message: PRODUCT_MESSAGES.typeNotFound, field: 'typeId' },
  brand: { message: PRODUCT_MESSAGES.brandNotFound, field: 'brandId' },
  color: { message: PRODUCT_MESSAGES.colorNotFound, field: 'colorId' },
};

/**
 * What the catalogue asks of the other modules when a product is deleted, in its transaction:
 * the cart module drops it from open carts, the orders module tells whether orders name it.
 */
export interface ProductDeletionPeers {
  carts: { dropProduct(tx: EntityManager, productId: number): Promise<void> };
  orders: { namesProduct(tx: EntityManager, productId: number): Promise<boolean> };
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
    private readonly peers: ProductDeletionPeers,
  ) {}

  /**
   * A page of the visible products, newest first: every word of `search` must appear in the
   * name or in one of the sizes (case- and accent-insensitive). Two statements per page, whatever
   * its size (product-repository.ts).
   */
  async list(search: string | null | undefined, page: Page): Promise<AdminProductPage> {
    checkAccess(this.actor.user, 'admin');
    checkPage(page, ADMIN_PRODUCTS_MAX_PAGE, 'productos');
    const words = (search ?? '').split(/\s+/).filter((w) => w !== '');
    if (words.length > MAX_SEARCH_WORDS) {
      throw badInput(PRODUCT_MESSAGES.tooManyWords, 'search', 'TOO_MANY_WORDS');
    }
    const { rows, total } = await adminProductPage(this.em, words, page);
    return { items: rows.map(toProductView), total };
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
        const productId = await insertProduct(tx, columnsOf(valid, lookups));
        await writeSizes(tx, productId, valid.sizes, valid.quantities, { removeOthers: false });
        await writeImages(tx, productId, {
          kept: [],
          removed: [],
          added: prepared.map((p) => p.fileName),
        });
        await auditProductCreated(tx, this.actor, productId);
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
        if (!(await lockShownProduct(tx, id))) throw notFound(PRODUCT_MESSAGES.notFound);
        const before = await productState(tx, id);
        const images = await productImages(tx, id);
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
        await updateProduct(tx, id, columnsOf(valid, lookups));
        // Sizes: the ones left out go; the others take their new position and quantity.
        await writeSizes(tx, id, valid.sizes, valid.quantities, { removeOthers: true });
        // Photos: removed rows go; kept ones are renumbered, then the new ones follow.
        const removed = images.filter((i) => removing.has(i.id));
        await writeImages(tx, id, { kept, removed, added: prepared.map((p) => p.fileName) });
        await auditProductUpdated(tx, this.actor, id, before);
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
      if (!(await lockShownProduct(tx, id))) throw notFound(PRODUCT_MESSAGES.notFound);
      const before = await productState(tx, id);
      // Open carts lose it, through the cart module (waits for a checkout holding those lines).
      await this.peers.carts.dropProduct(tx, id);
      if (await this.peers.orders.namesProduct(tx, id)) {
        await hideProduct(tx, id);
        await auditProductRemoved(tx, this.actor, id, before, true);
        return [];
      }
      await auditProductRemoved(tx, this.actor, id, before, false);
      return deleteProduct(tx, id);
    });
    await this.photos.remove(files);
    return id;
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

  /** Refuses a name another visible product has (case-insensitive; concurrent writes wait). */
  private async assertNameFree(tx: EntityManager, name: string, exceptId: number | null) {
    if (await nameTaken(tx, name, exceptId)) {
      throw conflict(PRODUCT_MESSAGES.duplicateName, 'name', 'DUPLICATE_PRODUCT_NAME');
    }
  }

  /**
   * The type, brand and colour ids: as given (checked), else recovered from the name (the
   * longest list name it contains). The type is required unless the product is special.
   */
  private async resolveLookups(tx: EntityManager, input: ProductWrite, name: string) {
    const rows = await lookupLists(tx);
    const resolve = (kind: LookupKey, ref: LookupRef): number | null => {
      const items = rows.filter((r) => r.kind === kind);
      if (ref === null) return longestContained(name, items)?.id ?? null;
      const found =
        'id' in ref
          ? items.find((r) => r.id === ref.id)
          : items.find((r) => r.name.toLowerCase() === ref.name.trim().toLowerCase());
      if (!found) {
        throw badInput(
          LOOKUP_MISSING[kind].message,
          LOOKUP_MISSING[kind].field,
          'LOOKUP_NOT_FOUND',
        );
      }
      return found.id;
    };
    return {
      type: resolve('type', input.type),
      brand: resolve('brand', input.brand),
      color: resolve('color', input.color),
    };
  }

  private async view(id: number): Promise<ProductView> {
    const [product] = await this.products.findByIds([id]);
    if (!product) throw new DomainError('NOT_FOUND', PRODUCT_MESSAGES.notFound);
    return product;
  }
}

/** The product's columns from a valid write and its resolved lookups. */
function columnsOf(
  valid: ValidProduct,
  lookups: { type: number | null; brand: number | null; color: number | null },
): ProductColumns {
  return {
    name: valid.name,
    description: valid.description,
    priceCents: valid.priceCents,
    promotion: valid.promotion,
    promotionPriceCents: valid.promotionPriceCents,
    special: valid.special,
    gender: genderFromName(valid.name),
    typeId: lookups.type,
    brandId: lookups.brand,
    colorId: lookups.color,
  };
}
