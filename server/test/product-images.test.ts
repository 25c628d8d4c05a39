import sharp from 'sharp';
import {
  colorHex,
  FOOTWEAR_TYPES,
  SHIRT_TYPES,
  TROUSER_TYPES,
} from '../src/db/seeders/demo-data.js';
import {
  garmentKind,
  productImageSvg,
  renderProductImage,
  wordmarkText,
} from '../src/db/seeders/product-images.js';

const RED = colorHex('Rojo') ?? '#c62a2f';

/** Mean absolute difference per channel (0–255) between two images, compared at 64×64. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const small = (img: Buffer) => sharp(img).resize(64, 64).removeAlpha().raw().toBuffer();
  const [x, y] = await Promise.all([small(a), small(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs((x[i] ?? 0) - (y[i] ?? 0));
  return sum / x.length;
}

describe('garmentKind', () => {
  test('maps every type to a fitting drawing', () => {
    expect(garmentKind('Playera')).toBe('tee');
    expect(garmentKind('Playera Cuello Polo')).toBe('polo');
    expect(garmentKind('Playera Manga Larga')).toBe('longsleeve');
    expect(garmentKind('Camisa')).toBe('shirt');
    expect(garmentKind('Blusa')).toBe('blouse');
    expect(garmentKind('Sudadera')).toBe('hoodie');
    expect(garmentKind('Sweater')).toBe('sweater');
    expect(garmentKind('Chamarra')).toBe('jacket');
    expect(garmentKind('Chaleco')).toBe('vest');
    expect(garmentKind('Conjunto')).toBe('set');
    expect(garmentKind('Traje de Baño', 'Speedo')).toBe('trunks');
    expect(garmentKind('Traje de Baño', 'Nike Dama')).toBe('swimsuit');
    expect(garmentKind('Pantalón')).toBe('pants');
    expect(garmentKind('PANTALON')).toBe('pants');
    expect(garmentKind('Jogger')).toBe('jogger');
    expect(garmentKind('Shorts')).toBe('shorts');
    expect(garmentKind('Tipo nuevo del admin')).toBe('tee');
  });

  test('draws footwear as shoes: Tenis, Zapatos, Botas, Sandalias, Calzado Casual', () => {
    expect(FOOTWEAR_TYPES.map((t) => garmentKind(t))).toEqual([
      'sneaker',
      'shoe',
      'boot',
      'sandal',
      'loafer',
    ]);
    expect(garmentKind('ZAPATO')).toBe('shoe');
  });

  test('prints the brand without the shop suffix', () => {
    expect(wordmarkText('Nike Dama')).toBe('NIKE');
    expect(wordmarkText("Levi's")).toBe("LEVI'S");
    expect(wordmarkText('  ')).toBe('TIENDA');
  });
});

describe('renderProductImage', () => {
  test('returns an 800×800 WebP by default, and the requested size otherwise', async () => {
    const image = await renderProductImage({
      typeName: 'Playera',
      colorHex: RED,
      brandName: 'Nike',
      variant: 0,
    });
    const meta = await sharp(image).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(800);
    expect(meta.height).toBe(800);
    expect(image.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(image.subarray(8, 12).toString('ascii')).toBe('WEBP');

    const small = await sharp(
      await renderProductImage({
        typeName: 'Jogger',
        colorHex: '#222',
        brandName: 'Puma',
        variant: 1,
        size: 256,
      }),
    ).metadata();
    expect([small.format, small.width, small.height]).toEqual(['webp', 256, 256]);
  });

  test('draws the garment in its colour on a light background', async () => {
    const image = await renderProductImage({
      typeName: 'Playera',
      colorHex: RED,
      brandName: 'Nike',
      variant: 0,
    });
    const { data, info } = await sharp(image)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number): [number, number, number] => {
      const i = (y * info.width + x) * 3;
      return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
    };
    const [cr, cg, cb] = at(400, 560); // lower body of the tee
    expect(cr).toBeGreaterThan(150);
    expect(cg).toBeLessThan(90);
    expect(cb).toBeLessThan(90);
    for (const [x, y] of [
      [10, 10],
      [790, 10],
      [10, 790],
      [790, 790],
    ] as const) {
      const [r, g, b] = at(x, y);
      expect(Math.min(r, g, b)).toBeGreaterThan(200);
    }
  });

  test('the three variants of a product are different pictures', async () => {
    const [front, back, detail] = await Promise.all(
      [0, 1, 2].map((variant) =>
        renderProductImage({ typeName: 'Camisa', colorHex: RED, brandName: 'Zara', variant }),
      ),
    );
    if (!front || !back || !detail) throw new Error('missing image');
    expect(await difference(front, back)).toBeGreaterThan(1.5);
    expect(await difference(front, detail)).toBeGreaterThan(8);
    expect(await difference(back, detail)).toBeGreaterThan(8);
  });

  test('is deterministic', async () => {
    const opts = { typeName: 'Sudadera', colorHex: '#2c4f8c', brandName: 'Adidas', variant: 2 };
    const [a, b] = await Promise.all([renderProductImage(opts), renderProductImage(opts)]);
    expect(a.equals(b)).toBe(true);
  });

  test('escapes brand names that are not safe in XML', async () => {
    for (const brandName of ["Levi's", 'D&G', 'Abercrombie & Fitch', '<Marca> "Rara"']) {
      const svg = productImageSvg({ typeName: 'Playera', colorHex: RED, brandName, variant: 0 });
      expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;|#)/);
      const image = await renderProductImage({
        typeName: 'Playera',
        colorHex: RED,
        brandName,
        variant: 0,
        size: 200,
      });
      expect((await sharp(image).metadata()).format).toBe('webp');
    }
    expect(
      productImageSvg({ typeName: 'Playera', colorHex: RED, brandName: 'D&G', variant: 0 }),
    ).toContain('D&amp;G');
  });

  test('every type and colour renders, each photo under 60 KB', async () => {
    const types = [...SHIRT_TYPES, ...TROUSER_TYPES, ...FOOTWEAR_TYPES];
    const colors = ['Blanco', 'Negro', 'Mostaza', 'Azul Rey'].map((c) => colorHex(c) ?? '#888');
    const jobs = types.flatMap((typeName, i) =>
      [0, 1, 2].map((variant) => ({
        typeName,
        colorHex: colors[(i + variant) % colors.length] ?? '#888',
        brandName: i % 2 ? 'Nike Dama' : 'Polo Ralph Lauren',
        variant,
      })),
    );
    const images = await Promise.all(jobs.map((j) => renderProductImage(j)));
    for (const image of images) {
      expect(image.length).toBeLessThan(60 * 1024);
      expect((await sharp(image).metadata()).width).toBe(800);
    }
  });

  test('odd inputs: unknown colour, variant beyond 2, bad size', async () => {
    const image = await renderProductImage({
      typeName: 'Chaleco',
      colorHex: 'not-a-colour',
      brandName: 'Columbia',
      variant: 5,
      size: 120,
    });
    expect((await sharp(image).metadata()).width).toBe(120);
    await expect(
      renderProductImage({
        typeName: 'Playera',
        colorHex: RED,
        brandName: 'X',
        variant: 0,
        size: 0,
      }),
    ).rejects.toThrow(RangeError);
  });
});
