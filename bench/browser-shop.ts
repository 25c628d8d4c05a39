import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { PRODUCT_IMAGES_DIR } from '../server/src/modules/catalog/product-image-paths.js';

/** Demo photos are 800×800 WebP (server/src/db/seeders/product-images.ts). */
const PHOTO_SIZE = 800;

/**
 * Photo files for the newest products' photo rows (the bench seeds rows without files): flat
 * 800×800 WebP placeholders with a shape, one colour per product, enough for the home page's
 * grid, and #/promociones' (the products on sale, newest and dearest first, its two orders), to
 * load real images in the browser measurements (a missing photo is a 404 in the console, which
 * Lighthouse's best practices count against the page).
 */
export async function writePlaceholderPhotos(
  databaseUrl: string,
  uploadsDir: string,
  newest = 48,
): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let rows: { product_id: number; file_name: string }[];
  try {
    rows = (
      await client.query<{ product_id: number; file_name: string }>(
        `select i.product_id, i.file_name from product_image i
          where i.product_id in (select id from product order by id desc limit $1)
             or i.product_id in (select id from product where promotion
                                  order by id desc limit $1)
             or i.product_id in (select id from product where promotion
                                  order by promotion_price_cents desc, id desc limit $1)`,
        [newest],
      )
    ).rows;
  } finally {
    await client.end();
  }
  const dir = path.join(uploadsDir, PRODUCT_IMAGES_DIR);
  await mkdir(dir, { recursive: true });
  for (const row of rows) {
    const hue = (row.product_id * 47) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_SIZE}" height="${PHOTO_SIZE}">
      <rect width="100%" height="100%" fill="hsl(${hue},25%,92%)"/>
      <path d="M250 220h300l-40 420H290z" fill="hsl(${hue},55%,45%)"/>
      <circle cx="400" cy="220" r="70" fill="none" stroke="hsl(${hue},55%,30%)" stroke-width="24"/>
    </svg>`;
    await writeFile(
      path.join(dir, row.file_name),
      await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer(),
    );
  }
  return rows.length;
}
