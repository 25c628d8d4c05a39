import {
  checkProduct,
  decimalPesos,
  MAX_PRODUCT_PHOTOS,
  PRODUCT_MESSAGES as PRODUCT_RULE_MESSAGES,
  productPhotosProblem,
  type ValidProduct,
} from '@tienda/rules';
import {
  generateDescription,
  generateName,
  recoverNameParts,
  type NamedItem,
} from './product-naming';
import { DEFAULT_QUANTITY, DEFAULT_SIZES_TEXT, parseSizes } from './sizes';

/**
 * Spec §5 "Product create and update" and §8 "Products", word for word: the product rules'
 * messages (@tienda/rules, the server's own) and the screens' sentences.
 */
export const PRODUCT_MESSAGES = {
  ...PRODUCT_RULE_MESSAGES,
  required: PRODUCT_RULE_MESSAGES.allFields,
  created: 'Producto creado exitosamente',
  createFailed: 'ERROR al crear el producto',
  updated: 'Producto actualizado correctamente',
  updateFailed: 'Ocurrió un error al actualizar el producto',
  confirmDelete: '¿Estás seguro de eliminar este producto?',
  empty: 'No hay productos disponibles',
  photosPreparing: 'Espera a que terminen de prepararse las fotos',
} as const;

/** Spec §9. */
export const MAX_PHOTOS = MAX_PRODUCT_PHOTOS;

export interface ExistingImage {
  id: number;
  url: string;
}

/** What the product popup edits; prices as typed (pesos), quantities aligned with the sizes. */
export interface ProductFormValues {
  special: boolean;
  typeId: number | null;
  brandId: number | null;
  colorId: number | null;
  number: string;
  specialName: string;
  specialDescription: string;
  price: string;
  promotion: boolean;
  promotionPrice: string;
  sizesText: string;
  /** One per size of `sizesText`; NaN while an input is empty. */
  quantities: number[];
  /** Photos the product already has (update), minus those marked in `removeImageIds`. */
  existingImages: ExistingImage[];
  removeImageIds: number[];
  /** Newly chosen files. */
  photos: File[];
}

export interface ProductLookups {
  types: readonly NamedItem[];
  brands: readonly NamedItem[];
  colors: readonly NamedItem[];
}

/** The contract's ProductInput (prices in centavos): a product the rules passed, and its lookups. */
export interface ProductInputValues extends ValidProduct {
  typeId: number | null;
  brandId: number | null;
  colorId: number | null;
}

/**
 * A price typed in pesos → integer centavos: '1250' → 125000, '$1,250.50' → 125050.
 * null when empty or not a number; negative amounts are numbers (the rules refuse them).
 */
export function parsePesos(text: string): number | null {
  const clean = text.replace(/[$\s,]/g, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

/** Centavos → the text of a price input: 125000 → '1250', 125050 → '1250.50'. */
export function pesosText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : decimalPesos(cents);
}

const nameOf = (items: readonly NamedItem[], id: number | null) =>
  id === null ? '' : (items.find((item) => item.id === id)?.name ?? '');

/** The name and description the product will carry: generated, or the special free text. */
export function nameAndDescription(
  values: ProductFormValues,
  lookups: ProductLookups,
): { name: string; description: string } {
  if (values.special) {
    return { name: values.specialName.trim(), description: values.specialDescription.trim() };
  }
  const brand = nameOf(lookups.brands, values.brandId);
  const color = nameOf(lookups.colors, values.colorId);
  return {
    name: generateName({
      type: nameOf(lookups.types, values.typeId),
      brand,
      number: values.number,
      color,
    }),
    description: generateDescription(brand, color, parseSizes(values.sizesText)),
  };
}

/** How many photos the product ends with: kept existing ones plus the new ones. */
export function finalPhotoCount(values: ProductFormValues): number {
  const kept = values.existingImages.filter((image) => !values.removeImageIds.includes(image.id));
  return kept.length + values.photos.length;
}

export type ProductFormCheck =
  | { ok: true; input: ProductInputValues }
  | {
      ok: false;
      message: string;
      /** Spec §4: a promotion price of 0 switches the promotion off (and the submit stops). */
      switchOffPromotion?: boolean;
    };

/**
 * The product rules of @tienda/rules (spec §5 and the shop's bounds, the server's own), checked
 * before sending so the admin gets the message at once; the server checks them all again. An
 * empty quantity input (NaN) counts as not given.
 */
export function checkProductForm(
  values: ProductFormValues,
  lookups: ProductLookups,
  mode: 'create' | 'update',
): ProductFormCheck {
  const { name, description } = nameAndDescription(values, lookups);
  const sizes = parseSizes(values.sizesText);
  const quantities = values.quantities.slice(0, sizes.length);
  const checked = checkProduct({
    special: values.special,
    name,
    description,
    priceCents: parsePesos(values.price),
    promotion: values.promotion,
    promotionPriceCents: values.promotion ? parsePesos(values.promotionPrice) : null,
    sizes,
    quantities: quantities.map((quantity) => (Number.isNaN(quantity) ? null : quantity)),
    hasType: values.typeId !== null,
  });
  if (!checked.ok) {
    const { message, reason } = checked.problem;
    return reason === 'PROMOTION_PRICE_REQUIRED'
      ? { ok: false, message, switchOffPromotion: true }
      : { ok: false, message };
  }
  const added = values.photos.length;
  const photos = productPhotosProblem({ kept: finalPhotoCount(values) - added, added, mode });
  if (photos) return { ok: false, message: photos.message };
  const product = checked.product;
  return {
    ok: true,
    input: {
      special: product.special,
      name: product.name,
      description: product.description,
      priceCents: product.priceCents,
      promotion: product.promotion,
      promotionPriceCents: product.promotionPriceCents,
      sizes: product.sizes,
      quantities: product.quantities,
      typeId: values.typeId,
      brandId: values.special ? null : values.brandId,
      colorId: values.special ? null : values.colorId,
    },
  };
}

/** The product as the update popup receives it (the admin table's row). */
export interface EditableProduct {
  name: string;
  description: string;
  special: boolean;
  priceCents: number;
  onPromotion: boolean;
  promotionPriceCents: number | null;
  sizes: readonly { size: string; stock: number }[];
  images: readonly ExistingImage[];
  type: NamedItem | null;
  brand: NamedItem | null;
  color: NamedItem | null;
}

/**
 * The popup's starting values: the defaults for a new product (sizes 'S,M,L,XL', 1 each), or the
 * product's own, its type, brand, colour and number recovered from its name (spec §3; the stored
 * type, brand or colour when the name has none of the list's names). The special name and
 * description start as the product's, so switching 'especial' on keeps its text.
 */
export function initialFormValues(
  product: EditableProduct | undefined,
  lookups: ProductLookups,
): ProductFormValues {
  if (!product) {
    const sizes = parseSizes(DEFAULT_SIZES_TEXT);
    return {
      special: false,
      typeId: null,
      brandId: null,
      colorId: null,
      number: '',
      specialName: '',
      specialDescription: '',
      price: '',
      promotion: false,
      promotionPrice: '',
      sizesText: DEFAULT_SIZES_TEXT,
      quantities: sizes.map(() => DEFAULT_QUANTITY),
      existingImages: [],
      removeImageIds: [],
      photos: [],
    };
  }
  const recovered = recoverNameParts(product.name, lookups);
  return {
    special: product.special,
    typeId: recovered.type?.id ?? product.type?.id ?? null,
    brandId: recovered.brand?.id ?? product.brand?.id ?? null,
    colorId: recovered.color?.id ?? product.color?.id ?? null,
    number: recovered.number,
    specialName: product.name,
    specialDescription: product.description,
    price: pesosText(product.priceCents),
    promotion: product.onPromotion,
    promotionPrice:
      product.promotionPriceCents === null ? '' : pesosText(product.promotionPriceCents),
    sizesText: product.sizes.map((line) => line.size).join(','),
    quantities: product.sizes.map((line) => line.stock),
    existingImages: product.images.map((image) => ({ id: image.id, url: image.url })),
    removeImageIds: [],
    photos: [],
  };
}
