import type { EntityManager } from '@mikro-orm/postgresql';
import { type Actor, checkAccess } from '../accounts/access.js';
import { badInput, conflict, DomainError, notFound } from '../shared/errors.js';
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
import { genderFromName, MAX_PRODUCT_PHOTOS } from './product-rules.js';
import type { ProductService } from './product.service.js';
import { type ProductView, toProductView } from './product-view.js';

/** Spec §5 'Product create and update' (exact texts), plus what the server adds. */
export const PRODUCT_MESSAGES = {
  promotionZero:
    'El precio de promoción no puede ser 0, se ha quitado la promoción automáticamente',
  promotionNotLower: 'El precio de promoción no puede ser mayor o igual al precio normal',
  specialFields: 'Por favor, llena todos los campos especiales',
  nameAndDescription: 'Por favor, llena todos los campos nombre y descripción',
  allFields: 'Por favor, llena todos los campos',
  tooManyPhotos: 'Solo puedes subir hasta 3 fotos',
  duplicateName: 'Ya existe un producto con el mismo nombre',
  // Not in the spec: the server's own bounds.
  notFound: 'Producto no encontrado',
  badPrice: 'El precio no es válido',
  nameTooLong: 'El nombre no puede tener más de 200 caracteres',
  nameControl: 'El nombre no puede contener saltos de línea ni caracteres de control',
  descriptionTooLong: 'La descripción no puede tener más de 5000 caracteres',
  tooManySizes: 'Puedes tener hasta 30 tallas',
  sizeTooLong: 'Cada talla puede tener hasta 20 caracteres',
  duplicateSize: 'Las tallas no pueden repetirse',
  badQuantity: 'Las cantidades deben ser números enteros entre 0 y 100000',
  typeNotFound: 'El tipo no existe',
  brandNotFound: 'La marca no existe',
  colorNotFound: 'El color no existe',
  imageNotFound: 'La foto que quieres quitar no es de este producto',
  tooManyWords: 'La búsqueda puede tener hasta 10 palabras',
} as const;

export const MAX_PRODUCT_NAME = 200;
export const MAX_PRODUCT_DESCRIPTION = 5000;
export const MAX_SIZES = 30;
export const MAX_SIZE_LENGTH = 20;
export const MAX_STOCK_QUANTITY = 100_000;
/** One million pesos. */
export const MAX_PRICE_CENTS = 100_000_000;
export const ADMIN_PRODUCTS_MAX_PAGE = 100;
const MAX_SEARCH_WORDS = 10;

/** A type, brand or colour named by id (GraphQL) or by name (the REST facade). */
export type LookupRef = { id: number } | { name: string } | null;

/** What an admin sends to create or update a product (centavos; sizes and quantities aligned). */
export interface ProductWrite {
  special: boolean;
  name: string;
  description: string;
  /** null: not given. */
  priceCents: number | null;
  promotion: boolean;
  promotionPriceCents: number | null;
  sizes: readonly string[];
  quantities: readonly (number | null)[];
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

interface Valid {
  special: boolean;
  name: string;
  description: string;
  priceCents: number;
  promotion: boolean;
  promotionPriceCents: number | null;
  sizes: string[];
  quantities: number[];
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

/** The spec's rules, in the order its form checks them. Pure: nothing is read or written. */
export function validateProduct(input: ProductWrite): Valid {
  const name = input.name.trim();
  const description = input.description.trim();
  const price = input.priceCents;
  if (input.promotion && !input.promotionPriceCents) {
    throw badInput(PRODUCT_MESSAGES.promotionZero, 'promotionPriceCents');
  }
  if (price === null || price === 0) throw badInput(PRODUCT_MESSAGES.allFields, 'priceCents');
  if (!Number.isInteger(price) || price < 0 || price > MAX_PRICE_CENTS) {
    throw badInput(PRODUCT_MESSAGES.badPrice, 'priceCents');
  }
  const promo = input.promotion ? input.promotionPriceCents! : null;
  if (promo !== null) {
    if (!Number.isInteger(promo) || promo < 0) {
      throw badInput(PRODUCT_MESSAGES.badPrice, 'promotionPriceCents');
    }
    if (promo >= price) throw badInput(PRODUCT_MESSAGES.promotionNotLower, 'promotionPriceCents');
  }
  if (name === '' || description === '') {
    throw badInput(
      input.special ? PRODUCT_MESSAGES.specialFields : PRODUCT_MESSAGES.nameAndDescription,
      name === '' ? 'name' : 'description',
    );
  }
  const sizes = input.sizes.map((s) => s.trim());
  if (sizes.length === 0 || sizes.some((s) => s === '')) {
    throw badInput(PRODUCT_MESSAGES.allFields, 'sizes');
  }
  if (input.quantities.length !== sizes.length || input.quantities.some((q) => q === null)) {
    throw badInput(PRODUCT_MESSAGES.allFields, 'quantities');
  }
  if (!input.special && input.type === null) throw badInput(PRODUCT_MESSAGES.allFields, 'typeId');
  if ([...name].length > MAX_PRODUCT_NAME) throw badInput(PRODUCT_MESSAGES.nameTooLong, 'name');
  if (CONTROL_CHARS.test(name)) throw badInput(PRODUCT_MESSAGES.nameControl, 'name');
  if ([...description].length > MAX_PRODUCT_DESCRIPTION) {
    throw badInput(PRODUCT_MESSAGES.descriptionTooLong, 'description');
  }
  if (sizes.length > MAX_SIZES) throw badInput(PRODUCT_MESSAGES.tooManySizes, 'sizes');
  if (sizes.some((s) => [...s].length > MAX_SIZE_LENGTH || CONTROL_CHARS.test(s))) {
    throw badInput(PRODUCT_MESSAGES.sizeTooLong, 'sizes');
  }
  if (new Set(sizes.map((s) => s.toLowerCase())).size !== sizes.length) {
    throw badInput(PRODUCT_MESSAGES.duplicateSize, 'sizes');
  }
  const quantities = input.quantities as number[];
  if (quantities.some((q) => !Number.isInteger(q) || q < 0 || q > MAX_STOCK_QUANTITY)) {
    throw badInput(PRODUCT_MESSAGES.badQuantity, 'quantities');
  }
  return {
    special: input.special,
    name,
    description,
    priceCents: price,
    promotion: input.promotion,
    promotionPriceCents: promo,
    sizes,
    quantities,
  };
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
    if (words.length > MAX_SEARCH_WORDS) throw badInput(PRODUCT_MESSAGES.tooManyWords, 'search');
    const { rows, total } = await adminProductPage(this.em, words, page);
    return { items: rows.map(toProductView), total };
  }

  /** Creates a product with 1 to 3 photos. */
  async create(input: ProductWrite, uploads: readonly PhotoUpload[]): Promise<ProductView> {
    checkAccess(this.actor.user, 'admin');
    const valid = validateProduct(input);
    if (uploads.length === 0) throw badInput(PRODUCT_MESSAGES.allFields, 'photos');
    if (uploads.length > MAX_PRODUCT_PHOTOS)
      throw badInput(PRODUCT_MESSAGES.tooManyPhotos, 'photos');
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
    if (added.length > MAX_PRODUCT_PHOTOS) throw badInput(PRODUCT_MESSAGES.tooManyPhotos, 'photos');
    const prepared = await this.prepare(added);
    let removedFiles: string[] = [];
    await this.writingPhotos(prepared, () =>
      withTransaction(this.em, async (tx) => {
        if (!(await lockShownProduct(tx, id))) throw notFound(PRODUCT_MESSAGES.notFound);
        const images = await productImages(tx, id);
        const removing = new Set(
          removeImageIds === 'all' ? images.map((i) => i.id) : removeImageIds,
        );
        if ([...removing].some((imageId) => !images.some((i) => i.id === imageId))) {
          throw badInput(PRODUCT_MESSAGES.imageNotFound, 'removeImageIds');
        }
        const kept = images.filter((i) => !removing.has(i.id));
        const total = kept.length + prepared.length;
        if (total > MAX_PRODUCT_PHOTOS) throw badInput(PRODUCT_MESSAGES.tooManyPhotos, 'photos');
        if (total === 0) throw badInput(PRODUCT_MESSAGES.allFields, 'photos');
        await this.assertNameFree(tx, valid.name, id);
        const lookups = await this.resolveLookups(tx, input, valid.name);
        await updateProduct(tx, id, columnsOf(valid, lookups));
        // Sizes: the ones left out go; the others take their new position and quantity.
        await writeSizes(tx, id, valid.sizes, valid.quantities, { removeOthers: true });
        // Photos: removed rows go; kept ones are renumbered, then the new ones follow.
        const removed = images.filter((i) => removing.has(i.id));
        await writeImages(tx, id, { kept, removed, added: prepared.map((p) => p.fileName) });
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
      // Open carts lose it, through the cart module (waits for a checkout holding those lines).
      await this.peers.carts.dropProduct(tx, id);
      if (await this.peers.orders.namesProduct(tx, id)) {
        await hideProduct(tx, id);
        return [];
      }
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
      throw conflict(PRODUCT_MESSAGES.duplicateName, 'name');
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
      if (!found) throw badInput(LOOKUP_MISSING[kind].message, LOOKUP_MISSING[kind].field);
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
  valid: Valid,
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
