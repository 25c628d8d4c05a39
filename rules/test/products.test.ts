import { describe, expect, it } from 'vitest';
import {
  checkProduct,
  DEFAULT_SIZES,
  DEFAULT_STOCK_PER_SIZE,
  MAX_PRODUCT_PHOTOS,
  PRODUCT_MESSAGES,
  productPhotosProblem,
  repeatedSize,
  type ProductDraft,
} from '../src/products.js';

const draft = (overrides: Partial<ProductDraft> = {}): ProductDraft => ({
  special: false,
  name: ' Playera Nike 23 Negro ',
  description: 'Una playera',
  priceCents: 45_000,
  promotion: false,
  promotionPriceCents: null,
  sizes: ['S', ' M '],
  quantities: [1, 0],
  hasType: true,
  ...overrides,
});

/** The refusal of a draft: [field, reason, message], or 'ok'. */
function refusal(overrides: Partial<ProductDraft>) {
  const result = checkProduct(draft(overrides));
  return result.ok ? 'ok' : [result.problem.field, result.problem.reason, result.problem.message];
}

describe('product rules (spec §5, the server’s bounds)', () => {
  it('answers the product trimmed when it passes', () => {
    expect(checkProduct(draft({ promotion: true, promotionPriceCents: 39_900 }))).toEqual({
      ok: true,
      product: {
        special: false,
        name: 'Playera Nike 23 Negro',
        description: 'Una playera',
        priceCents: 45_000,
        promotion: true,
        promotionPriceCents: 39_900,
        sizes: ['S', 'M'],
        quantities: [1, 0],
      },
    });
    // A promotion price without the promotion is dropped.
    const off = checkProduct(draft({ promotionPriceCents: 100 }));
    expect(off.ok && off.product.promotionPriceCents).toBeNull();
  });

  it.each([
    [
      'a promotion at 0',
      { promotion: true, promotionPriceCents: 0 },
      'promotionPriceCents',
      'PROMOTION_PRICE_REQUIRED',
      PRODUCT_MESSAGES.promotionZero,
    ],
    [
      'a promotion without its price',
      { promotion: true, promotionPriceCents: null },
      'promotionPriceCents',
      'PROMOTION_PRICE_REQUIRED',
      PRODUCT_MESSAGES.promotionZero,
    ],
    [
      'a promotion price equal to the price',
      { promotion: true, promotionPriceCents: 45_000 },
      'promotionPriceCents',
      'PROMOTION_PRICE_NOT_LOWER',
      'El precio de promoción no puede ser mayor o igual al precio normal',
    ],
    [
      'a negative promotion price',
      { promotion: true, promotionPriceCents: -1 },
      'promotionPriceCents',
      'INVALID_PRICE',
      'El precio no es válido',
    ],
    [
      'a special without name',
      { special: true, name: ' ' },
      'name',
      'REQUIRED',
      'Por favor, llena todos los campos especiales',
    ],
    [
      'a normal product without description',
      { description: '' },
      'description',
      'REQUIRED',
      'Por favor, llena todos los campos nombre y descripción',
    ],
    [
      'no price',
      { priceCents: null },
      'priceCents',
      'REQUIRED',
      'Por favor, llena todos los campos',
    ],
    ['price 0', { priceCents: 0 }, 'priceCents', 'REQUIRED', 'Por favor, llena todos los campos'],
    [
      'a negative price',
      { priceCents: -5 },
      'priceCents',
      'INVALID_PRICE',
      'El precio no es válido',
    ],
    [
      'a price over a million pesos',
      { priceCents: 100_000_001 },
      'priceCents',
      'INVALID_PRICE',
      'El precio no es válido',
    ],
    ['no sizes', { sizes: [], quantities: [] }, 'sizes', 'REQUIRED', PRODUCT_MESSAGES.allFields],
    ['an empty size', { sizes: ['S', ' '] }, 'sizes', 'REQUIRED', PRODUCT_MESSAGES.allFields],
    [
      'a quantity missing',
      { quantities: [1] },
      'quantities',
      'REQUIRED',
      PRODUCT_MESSAGES.allFields,
    ],
    [
      'an empty quantity',
      { quantities: [1, null] },
      'quantities',
      'REQUIRED',
      PRODUCT_MESSAGES.allFields,
    ],
    [
      'no type on a normal product',
      { hasType: false },
      'typeId',
      'REQUIRED',
      PRODUCT_MESSAGES.allFields,
    ],
    [
      'a name over 200 characters',
      { name: 'a'.repeat(201) },
      'name',
      'TOO_LONG',
      'El nombre no puede tener más de 200 caracteres',
    ],
    [
      'a name on two lines',
      { name: 'Playera\nNike' },
      'name',
      'CONTROL_CHARACTERS',
      'El nombre no puede contener saltos de línea ni caracteres de control',
    ],
    [
      'a description over 5000 characters',
      { description: 'a'.repeat(5001) },
      'description',
      'TOO_LONG',
      'La descripción no puede tener más de 5000 caracteres',
    ],
    [
      'more than 30 sizes',
      { sizes: Array.from({ length: 31 }, (_, i) => `T${i}`), quantities: Array(31).fill(1) },
      'sizes',
      'TOO_MANY_SIZES',
      'Puedes tener hasta 30 tallas',
    ],
    [
      'a size over 20 characters',
      { sizes: ['S', 'x'.repeat(21)] },
      'sizes',
      'INVALID_SIZE',
      'Cada talla puede tener hasta 20 caracteres',
    ],
    [
      'a size written twice',
      { sizes: ['M', 'm'] },
      'sizes',
      'DUPLICATE_SIZE',
      'Las tallas no pueden repetirse',
    ],
    [
      'a negative quantity',
      { quantities: [1, -1] },
      'quantities',
      'INVALID_QUANTITY',
      'Las cantidades deben ser números enteros entre 0 y 100000',
    ],
    [
      'a fractional quantity',
      { quantities: [1, 1.5] },
      'quantities',
      'INVALID_QUANTITY',
      'Las cantidades deben ser números enteros entre 0 y 100000',
    ],
  ] as const)('%s: refused', (_label, overrides, field, reason, message) => {
    expect(refusal(overrides)).toEqual([field, reason, message]);
  });

  it('asks for the name and description before the price (the order the form checks them)', () => {
    expect(refusal({ name: '', priceCents: null })).toEqual([
      'name',
      'REQUIRED',
      'Por favor, llena todos los campos nombre y descripción',
    ]);
    expect(refusal({ special: true, hasType: false })).toBe('ok');
  });

  it('finds a size written twice, case-insensitively', () => {
    expect(repeatedSize(['S', 'M', 's'])).toBe('s');
    expect(repeatedSize(['S', 'M', 'L'])).toBeUndefined();
  });

  it('starts a new product with the sizes S, M, L and XL, one unit each', () => {
    expect(DEFAULT_SIZES).toEqual(['S', 'M', 'L', 'XL']);
    expect(DEFAULT_STOCK_PER_SIZE).toBe(1);
  });
});

describe('product photos: 1 to 3, a new product at least one new', () => {
  it.each([
    [{ kept: 0, added: 0, mode: 'create' }, 'REQUIRED'],
    [{ kept: 0, added: 1, mode: 'create' }, undefined],
    [{ kept: 0, added: 4, mode: 'create' }, 'TOO_MANY_PHOTOS'],
    [{ kept: 2, added: 0, mode: 'update' }, undefined],
    [{ kept: 0, added: 0, mode: 'update' }, 'REQUIRED'],
    [{ kept: 3, added: 1, mode: 'update' }, 'TOO_MANY_PHOTOS'],
    [{ kept: 2, added: 1, mode: 'update' }, undefined],
  ] as const)('%j → %s', (photos, reason) => {
    const found = productPhotosProblem(photos);
    expect(found?.reason).toBe(reason);
    if (found) expect(found.field).toBe('photos');
  });

  it('says so in the spec’s words', () => {
    expect(MAX_PRODUCT_PHOTOS).toBe(3);
    expect(productPhotosProblem({ kept: 3, added: 1, mode: 'update' })?.message).toBe(
      'Solo puedes subir hasta 3 fotos',
    );
    expect(productPhotosProblem({ kept: 0, added: 0, mode: 'update' })?.message).toBe(
      'Por favor, llena todos los campos',
    );
  });
});
