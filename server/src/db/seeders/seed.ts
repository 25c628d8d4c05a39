import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { hashPassword } from '../../modules/accounts/password.js';
import { User } from '../../modules/accounts/user.entity.js';
import { Brand, Color, ProductType } from '../../modules/catalog/lookup.entity.js';
import { Product, ProductImage, ProductStock } from '../../modules/catalog/product.entity.js';
import { PRODUCT_IMAGES_DIR } from '../../modules/catalog/product-image-paths.js';
import { DiskPhotoStorage, type PhotoStorage } from '../../modules/storage/photo-storage.js';
import { genderFromName } from '../../modules/catalog/product-rules.js';
import {
  BRANDS,
  COLORS,
  colorHex,
  type DemoProduct,
  FOOTWEAR_TYPES,
  generateDemoCatalog,
  SHIRT_TYPES,
  TROUSER_TYPES,
} from './demo-data.js';

/** 160 clothes (issue 8's demo catalogue) and 24 pairs of shoes (issue 28). */
export const DEMO_PRODUCT_COUNT = 184;

export interface SeedOptions {
  admin: { email: string; password: string };
  uploadsDir: string;
  /** Where drawn photos go (an object store when S3_BUCKET is set); default: `uploadsDir`. */
  photos?: PhotoStorage;
  productCount?: number;
  /** Add the demo catalogue (default true; production only with SEED_DEMO=true). */
  demo?: boolean;
  /** Draw real photo files (slow-ish); tests turn it off. */
  images?: boolean;
  seed?: number;
}

/** Whether the database has never been seeded (no users and no products). */
export async function isEmpty(em: EntityManager): Promise<boolean> {
  const [row] = await em.execute<{ n: number }[]>(
    'select (select count(*) from app_user) + (select count(*) from product) as n',
  );
  return Number(row?.n ?? 0) === 0;
}

/** The spec's lists (14 clothing types, 23 colours, the brands) and the footwear types. Existing names are kept. */
export async function seedLookups(em: EntityManager): Promise<void> {
  const insert = async (table: string, names: readonly string[]) => {
    if (names.length === 0) return;
    const values = names.map(() => '(?)').join(', ');
    await em.execute(`insert into ${table} (name) values ${values} on conflict do nothing`, [
      ...names,
    ]);
  };
  await insert('product_type', [...SHIRT_TYPES, ...TROUSER_TYPES, ...FOOTWEAR_TYPES]);
  await insert(
    'color',
    COLORS.map((c) => c.name),
  );
  await insert('brand', BRANDS);
}

export async function seedAdmin(em: EntityManager, admin: SeedOptions['admin']): Promise<void> {
  const existing = await em.findOne(User, { email: { $ilike: admin.email } });
  if (existing) return;
  em.create(User, {
    name: 'Administrador',
    email: admin.email.toLowerCase(),
    passwordHash: await hashPassword(admin.password),
    role: 'admin',
  });
  await em.flush();
}

async function writeImages(product: DemoProduct, photos: PhotoStorage): Promise<string[]> {
  // The photo renderer (sharp, fonts) is loaded only when photos are drawn: never on a start
  // against a seeded database.
  const { renderProductImage } = await import('./product-images.js');
  const hex = colorHex(product.colorName) ?? '#888888';
  return Promise.all(
    Array.from({ length: product.imageCount }, async (_, variant) => {
      const fileName = `${randomUUID()}.webp`;
      const image = await renderProductImage({
        typeName: product.typeName,
        colorHex: hex,
        brandName: product.brandName,
        variant,
      });
      await photos.put(`${PRODUCT_IMAGES_DIR}/${fileName}`, image, 'image/webp');
      return fileName;
    }),
  );
}

/** Adds `count` generated products (with stock rows and, optionally, drawn photos). */
export async function seedProducts(
  em: EntityManager,
  options: Pick<SeedOptions, 'uploadsDir' | 'photos' | 'images' | 'seed'> & { count: number },
): Promise<number> {
  await seedLookups(em);
  const [types, brands, colors] = await Promise.all([
    em.find(ProductType, {}),
    em.find(Brand, {}),
    em.find(Color, {}),
  ]);
  const byName = <T extends { name: string }>(list: T[]) =>
    new Map(list.map((x) => [x.name.toLowerCase(), x]));
  const typeMap = byName(types);
  const brandMap = byName(brands);
  const colorMap = byName(colors);
  const photos = options.photos ?? new DiskPhotoStorage(options.uploadsDir);

  const demo = generateDemoCatalog({ count: options.count, seed: options.seed ?? 2026 });
  const BATCH = 50;
  for (let start = 0; start < demo.length; start += BATCH) {
    const batch = demo.slice(start, start + BATCH);
    const files = options.images
      ? await Promise.all(batch.map((p) => writeImages(p, photos)))
      : batch.map(() => [] as string[]);
    batch.forEach((d, i) => {
      const product = em.create(Product, {
        name: d.name,
        description: d.description,
        priceCents: d.priceCents,
        promotion: d.promotion,
        promotionPriceCents: d.promotionPriceCents,
        gender: genderFromName(d.name),
        type: typeMap.get(d.typeName.toLowerCase()) ?? null,
        brand: brandMap.get(d.brandName.toLowerCase()) ?? null,
        color: colorMap.get(d.colorName.toLowerCase()) ?? null,
      });
      d.sizes.forEach((s, position) =>
        em.create(ProductStock, { product, size: s.size, position, quantity: s.stock }),
      );
      (files[i] ?? []).forEach((fileName, position) =>
        em.create(ProductImage, { product, fileName, position }),
      );
    });
    await em.flush();
    em.clear();
  }
  return demo.length;
}

/**
 * On an empty database: the lookup lists and the admin account, always; the demo catalogue
 * unless `demo` is false. Returns whether the demo catalogue was added.
 */
export async function seedIfEmpty(em: EntityManager, options: SeedOptions): Promise<boolean> {
  if (!(await isEmpty(em))) return false;
  await seedLookups(em);
  await seedAdmin(em, options.admin);
  if (options.demo === false) return false;
  await seedProducts(em, {
    uploadsDir: options.uploadsDir,
    photos: options.photos,
    images: options.images ?? true,
    seed: options.seed,
    count: options.productCount ?? DEMO_PRODUCT_COUNT,
  });
  return true;
}
