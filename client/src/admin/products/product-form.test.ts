import { describe, expect, it } from 'vitest';
import {
  checkProductForm,
  initialFormValues,
  parsePesos,
  pesosText,
  type ProductFormValues,
  type ProductLookups,
} from './product-form';

const lookups: ProductLookups = {
  types: [{ id: 1, name: 'Playera' }],
  brands: [{ id: 10, name: 'Nike' }],
  colors: [{ id: 20, name: 'Negro' }],
};

const photo = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });

function form(overrides: Partial<ProductFormValues> = {}): ProductFormValues {
  return {
    special: false,
    typeId: 1,
    brandId: 10,
    colorId: 20,
    number: '23',
    specialName: '',
    specialDescription: '',
    price: '450',
    promotion: false,
    promotionPrice: '',
    sizesText: 'S,M,L,XL',
    quantities: [1, 2, 3, 4],
    existingImages: [],
    removeImageIds: [],
    photos: [photo('a.png')],
    ...overrides,
  };
}

describe('parsePesos / pesosText', () => {
  it('reads pesos as integer centavos', () => {
    expect(parsePesos('1250')).toBe(125000);
    expect(parsePesos('$1,250.50')).toBe(125050);
    expect(parsePesos('0')).toBe(0);
    expect(parsePesos('')).toBeNull();
    expect(parsePesos('doce')).toBeNull();
    expect(parsePesos('1.234')).toBeNull();
  });

  it('writes centavos back as the input text', () => {
    expect(pesosText(125000)).toBe('1250');
    expect(pesosText(125050)).toBe('1250.50');
  });
});

describe('checkProductForm', () => {
  it('builds the generated name, description and centavos for a normal product', () => {
    expect(checkProductForm(form(), lookups, 'create')).toEqual({
      ok: true,
      input: {
        special: false,
        name: 'Playera Nike 23 Negro',
        description:
          'Luce increíble con esta prenda de la marca Nike en color Negro. ' +
          'Confeccionada con materiales de calidad, combina comodidad y estilo para tu día a día y cualquier ocasión. ' +
          'Disponible en tallas S, M, L y XL. ' +
          '¡Pídela hoy y recíbela en la puerta de tu casa!',
        priceCents: 45000,
        promotion: false,
        promotionPriceCents: null,
        sizes: ['S', 'M', 'L', 'XL'],
        quantities: [1, 2, 3, 4],
        typeId: 1,
        brandId: 10,
        colorId: 20,
      },
    });
  });

  it('sends the free text of a special product', () => {
    const result = checkProductForm(
      form({ special: true, specialName: ' Gorra única ', specialDescription: 'Hecha a mano' }),
      lookups,
      'create',
    );
    expect(result.ok && [result.input.name, result.input.description]).toEqual([
      'Gorra única',
      'Hecha a mano',
    ]);
  });

  it('switches the promotion off when its price is 0', () => {
    expect(
      checkProductForm(form({ promotion: true, promotionPrice: '0' }), lookups, 'create'),
    ).toEqual({
      ok: false,
      message: 'El precio de promoción no puede ser 0, se ha quitado la promoción automáticamente',
      switchOffPromotion: true,
    });
  });

  it('refuses a promotion price not below the price', () => {
    for (const promotionPrice of ['450', '500']) {
      expect(
        checkProductForm(form({ promotion: true, promotionPrice }), lookups, 'create'),
      ).toEqual({
        ok: false,
        message: 'El precio de promoción no puede ser mayor o igual al precio normal',
      });
    }
    const result = checkProductForm(
      form({ promotion: true, promotionPrice: '399.90' }),
      lookups,
      'create',
    );
    expect(result.ok && result.input.promotionPriceCents).toBe(39990);
  });

  it('asks for the special fields, or the name and description', () => {
    expect(
      checkProductForm(form({ special: true, specialName: 'Gorra' }), lookups, 'create'),
    ).toEqual({
      ok: false,
      message: 'Por favor, llena todos los campos especiales',
    });
    expect(
      checkProductForm(
        form({ typeId: null, brandId: null, colorId: null, number: '' }),
        lookups,
        'create',
      ),
    ).toEqual({ ok: false, message: 'Por favor, llena todos los campos nombre y descripción' });
  });

  it('asks for every required field', () => {
    const required = { ok: false, message: 'Por favor, llena todos los campos' };
    expect(checkProductForm(form({ price: '' }), lookups, 'create')).toEqual(required);
    expect(checkProductForm(form({ price: '0' }), lookups, 'create')).toEqual(required);
    expect(checkProductForm(form({ sizesText: ' , ', quantities: [] }), lookups, 'create')).toEqual(
      required,
    );
    expect(
      checkProductForm(form({ quantities: [1, Number.NaN, 3, 4] }), lookups, 'create'),
    ).toEqual(required);
    expect(checkProductForm(form({ typeId: null }), lookups, 'create')).toEqual(required);
    expect(checkProductForm(form({ photos: [] }), lookups, 'create')).toEqual(required);
  });

  it("refuses what the server refuses, in the server's words (@tienda/rules)", () => {
    expect(checkProductForm(form({ quantities: [1, -1, 3, 4] }), lookups, 'create')).toEqual({
      ok: false,
      message: 'Las cantidades deben ser números enteros entre 0 y 100000',
    });
    expect(
      checkProductForm(form({ sizesText: 'S,M,s', quantities: [1, 1, 1] }), lookups, 'create'),
    ).toEqual({
      ok: false,
      message: 'Las tallas no pueden repetirse',
    });
    expect(checkProductForm(form({ price: '-5' }), lookups, 'create')).toEqual({
      ok: false,
      message: 'El precio no es válido',
    });
    expect(
      checkProductForm(
        form({ special: true, specialName: 'x'.repeat(201), specialDescription: 'Única' }),
        lookups,
        'create',
      ),
    ).toEqual({ ok: false, message: 'El nombre no puede tener más de 200 caracteres' });
  });

  it('on update keeps the existing photos, but not all of them removed', () => {
    const existing = { existingImages: [{ id: 5, url: '/uploads/a.webp' }], photos: [] };
    expect(checkProductForm(form(existing), lookups, 'update').ok).toBe(true);
    expect(checkProductForm(form({ ...existing, removeImageIds: [5] }), lookups, 'update')).toEqual(
      {
        ok: false,
        message: 'Por favor, llena todos los campos',
      },
    );
  });

  it('allows at most 3 photos in the end', () => {
    const images = [1, 2, 3].map((id) => ({ id, url: `/uploads/${id}.webp` }));
    expect(
      checkProductForm(
        form({ existingImages: images, photos: [photo('b.png')] }),
        lookups,
        'update',
      ),
    ).toEqual({ ok: false, message: 'Solo puedes subir hasta 3 fotos' });
    expect(
      checkProductForm(
        form({ existingImages: images, removeImageIds: [2], photos: [photo('b.png')] }),
        lookups,
        'update',
      ).ok,
    ).toBe(true);
  });
});

describe('initialFormValues', () => {
  it('starts a new product with the sizes S,M,L,XL at 1 each and nothing else', () => {
    expect(initialFormValues(undefined, lookups)).toEqual({
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
      sizesText: 'S,M,L,XL',
      quantities: [1, 1, 1, 1],
      existingImages: [],
      removeImageIds: [],
      photos: [],
    });
  });

  it('recovers type, brand, colour and number from the name of the product to update', () => {
    const values = initialFormValues(
      {
        name: 'Playera Nike 23 Negro',
        description: 'Texto',
        special: false,
        priceCents: 45050,
        onPromotion: true,
        promotionPriceCents: 39900,
        sizes: [
          { size: 'M', stock: 3 },
          { size: 'L', stock: 0 },
        ],
        images: [{ id: 8, url: '/uploads/products/x.webp' }],
        type: null,
        brand: null,
        color: null,
      },
      lookups,
    );
    expect(values).toEqual({
      special: false,
      typeId: 1,
      brandId: 10,
      colorId: 20,
      number: '23',
      specialName: 'Playera Nike 23 Negro',
      specialDescription: 'Texto',
      price: '450.50',
      promotion: true,
      promotionPrice: '399',
      sizesText: 'M,L',
      quantities: [3, 0],
      existingImages: [{ id: 8, url: '/uploads/products/x.webp' }],
      removeImageIds: [],
      photos: [],
    });
  });

  it('falls back to the stored type, brand and colour when the name has none of them', () => {
    const values = initialFormValues(
      {
        name: 'Gorra edición limitada',
        description: 'Única',
        special: true,
        priceCents: 30000,
        onPromotion: false,
        promotionPriceCents: null,
        sizes: [{ size: 'Unitalla', stock: 5 }],
        images: [],
        type: { id: 1, name: 'Playera' },
        brand: { id: 10, name: 'Nike' },
        color: null,
      },
      lookups,
    );
    expect([values.typeId, values.brandId, values.colorId, values.number]).toEqual([
      1,
      10,
      null,
      '',
    ]);
  });
});
