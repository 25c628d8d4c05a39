import { problem, type Problem } from './problem.js';

/** Spec §5 'Product create and update' (exact texts), plus the bounds the shop adds. */
export const PRODUCT_MESSAGES = {
  promotionZero:
    'El precio de promoción no puede ser 0, se ha quitado la promoción automáticamente',
  promotionNotLower: 'El precio de promoción no puede ser mayor o igual al precio normal',
  specialFields: 'Por favor, llena todos los campos especiales',
  nameAndDescription: 'Por favor, llena todos los campos nombre y descripción',
  allFields: 'Por favor, llena todos los campos',
  tooManyPhotos: 'Solo puedes subir hasta 3 fotos',
  duplicateName: 'Ya existe un producto con el mismo nombre',
  // Not in the spec: the shop's own bounds.
  badPrice: 'El precio no es válido',
  nameTooLong: 'El nombre no puede tener más de 200 caracteres',
  nameControl: 'El nombre no puede contener saltos de línea ni caracteres de control',
  descriptionTooLong: 'La descripción no puede tener más de 5000 caracteres',
  tooManySizes: 'Puedes tener hasta 30 tallas',
  sizeTooLong: 'Cada talla puede tener hasta 20 caracteres',
  duplicateSize: 'Las tallas no pueden repetirse',
  badQuantity: 'Las cantidades deben ser números enteros entre 0 y 100000',
} as const;

/** Spec §9. */
export const MAX_PRODUCT_PHOTOS = 3;
export const MAX_PRODUCT_NAME = 200;
export const MAX_PRODUCT_DESCRIPTION = 5000;
export const MAX_SIZES = 30;
export const MAX_SIZE_LENGTH = 20;
export const MAX_STOCK_QUANTITY = 100_000;
/** One million pesos. */
export const MAX_PRICE_CENTS = 100_000_000;

/** Spec §3, §9: a new product's sizes, and the stock each new size starts with. */
export const DEFAULT_SIZES = ['S', 'M', 'L', 'XL'] as const;
export const DEFAULT_STOCK_PER_SIZE = 1;

/** The input fields a product refusal may name. */
export type ProductField =
  | 'name'
  | 'description'
  | 'priceCents'
  | 'promotionPriceCents'
  | 'sizes'
  | 'quantities'
  | 'typeId'
  | 'photos';

/** A product as an admin sends it (centavos; sizes and quantities aligned). */
export interface ProductDraft {
  special: boolean;
  name: string;
  description: string;
  /** null: not given. */
  priceCents: number | null;
  promotion: boolean;
  promotionPriceCents: number | null;
  sizes: readonly string[];
  /** null: an empty quantity. */
  quantities: readonly (number | null)[];
  /** Whether a type is chosen: required unless the product is special. */
  hasType: boolean;
}

/** A product that passed the rules: trimmed text, a price, every quantity a number. */
export interface ValidProduct {
  special: boolean;
  name: string;
  description: string;
  priceCents: number;
  promotion: boolean;
  promotionPriceCents: number | null;
  sizes: string[];
  quantities: number[];
}

export type ProductCheck =
  { ok: true; product: ValidProduct } | { ok: false; problem: Problem<ProductField> };

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

/** Characters as a person counts them (an emoji is one). */
const length = (text: string) => [...text].length;

/** The first size written twice (case-insensitive), or undefined when all are distinct. */
export function repeatedSize(sizes: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const size of sizes) {
    const key = size.toLowerCase();
    if (seen.has(key)) return size;
    seen.add(key);
  }
  return undefined;
}

/**
 * The spec's product rules and the shop's bounds, in the order the form checks them: the
 * promotion price, the name and description, then price, sizes, quantities and type, then the
 * bounds. Answers the first problem, or the product trimmed. Photos are checked apart
 * (productPhotosProblem), names against the catalogue by the server.
 */
export function checkProduct(draft: ProductDraft): ProductCheck {
  const refuse = (field: ProductField, reason: Problem['reason'], message: string) =>
    ({ ok: false, problem: problem(field, reason, message) }) as const;
  const name = draft.name.trim();
  const description = draft.description.trim();
  const price = draft.priceCents;
  if (draft.promotion && !draft.promotionPriceCents) {
    return refuse(
      'promotionPriceCents',
      'PROMOTION_PRICE_REQUIRED',
      PRODUCT_MESSAGES.promotionZero,
    );
  }
  if (name === '' || description === '') {
    return refuse(
      name === '' ? 'name' : 'description',
      'REQUIRED',
      draft.special ? PRODUCT_MESSAGES.specialFields : PRODUCT_MESSAGES.nameAndDescription,
    );
  }
  if (price === null || price === 0) {
    return refuse('priceCents', 'REQUIRED', PRODUCT_MESSAGES.allFields);
  }
  if (!Number.isInteger(price) || price < 0 || price > MAX_PRICE_CENTS) {
    return refuse('priceCents', 'INVALID_PRICE', PRODUCT_MESSAGES.badPrice);
  }
  const promo = draft.promotion ? draft.promotionPriceCents : null;
  if (promo !== null) {
    if (!Number.isInteger(promo) || promo < 0) {
      return refuse('promotionPriceCents', 'INVALID_PRICE', PRODUCT_MESSAGES.badPrice);
    }
    if (promo >= price) {
      return refuse(
        'promotionPriceCents',
        'PROMOTION_PRICE_NOT_LOWER',
        PRODUCT_MESSAGES.promotionNotLower,
      );
    }
  }
  const sizes = draft.sizes.map((s) => s.trim());
  if (sizes.length === 0 || sizes.some((s) => s === '')) {
    return refuse('sizes', 'REQUIRED', PRODUCT_MESSAGES.allFields);
  }
  if (draft.quantities.length !== sizes.length || draft.quantities.some((q) => q === null)) {
    return refuse('quantities', 'REQUIRED', PRODUCT_MESSAGES.allFields);
  }
  if (!draft.special && !draft.hasType) {
    return refuse('typeId', 'REQUIRED', PRODUCT_MESSAGES.allFields);
  }
  if (length(name) > MAX_PRODUCT_NAME) {
    return refuse('name', 'TOO_LONG', PRODUCT_MESSAGES.nameTooLong);
  }
  if (CONTROL_CHARS.test(name)) {
    return refuse('name', 'CONTROL_CHARACTERS', PRODUCT_MESSAGES.nameControl);
  }
  if (length(description) > MAX_PRODUCT_DESCRIPTION) {
    return refuse('description', 'TOO_LONG', PRODUCT_MESSAGES.descriptionTooLong);
  }
  if (sizes.length > MAX_SIZES)
    return refuse('sizes', 'TOO_MANY_SIZES', PRODUCT_MESSAGES.tooManySizes);
  if (sizes.some((s) => length(s) > MAX_SIZE_LENGTH || CONTROL_CHARS.test(s))) {
    return refuse('sizes', 'INVALID_SIZE', PRODUCT_MESSAGES.sizeTooLong);
  }
  if (repeatedSize(sizes) !== undefined) {
    return refuse('sizes', 'DUPLICATE_SIZE', PRODUCT_MESSAGES.duplicateSize);
  }
  const quantities = draft.quantities as number[];
  if (quantities.some((q) => !Number.isInteger(q) || q < 0 || q > MAX_STOCK_QUANTITY)) {
    return refuse('quantities', 'INVALID_QUANTITY', PRODUCT_MESSAGES.badQuantity);
  }
  return {
    ok: true,
    product: {
      special: draft.special,
      name,
      description,
      priceCents: price,
      promotion: draft.promotion,
      promotionPriceCents: promo,
      sizes,
      quantities,
    },
  };
}

/** The photo refusals, for the checks that come before the product's photos are counted. */
export const PHOTO_PROBLEMS = {
  required: problem('photos', 'REQUIRED', PRODUCT_MESSAGES.allFields),
  tooMany: problem('photos', 'TOO_MANY_PHOTOS', PRODUCT_MESSAGES.tooManyPhotos),
} as const satisfies Record<string, Problem<'photos'>>;

/**
 * The photos a product ends with: `kept` of those it has, plus `added` new ones. A new product
 * needs at least one new photo; every product has 1 to 3.
 */
export function productPhotosProblem(photos: {
  kept: number;
  added: number;
  mode: 'create' | 'update';
}): Problem<'photos'> | undefined {
  const total = photos.kept + photos.added;
  if (photos.mode === 'create' && photos.added === 0) return PHOTO_PROBLEMS.required;
  if (photos.added > MAX_PRODUCT_PHOTOS || total > MAX_PRODUCT_PHOTOS)
    return PHOTO_PROBLEMS.tooMany;
  if (total === 0) return PHOTO_PROBLEMS.required;
  return undefined;
}
