import { unitPriceCents } from '../pricing/pricing.js';
import type { Gender } from './product.entity.js';
import { productImageUrl } from './product-image-paths.js';
import { visibleProduct } from './product-rules.js';
import { productSharePath } from './share-path.js';

/**
 * A product as shoppers and the REST facade read it: plain data with its lookups, its sizes with
 * stock and its photos, read in ONE SQL statement whatever the number of products. Building ORM
 * entities for these reads cost most of a catalogue request's CPU (see BENCHMARKS.md).
 */
export interface ProductView {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  onPromotion: boolean;
  promotionPriceCents: number | null;
  /** What the shopper pays per unit (pricing module). */
  unitPriceCents: number;
  special: boolean;
  gender: Gender;
  type: LookupView | null;
  brand: LookupView | null;
  color: LookupView | null;
  /** In display order. */
  sizes: SizeStockView[];
  totalStock: number;
  /** In display order, at most 3. */
  images: ProductImageView[];
  createdAt: Date;
  /** Its share page, `/p/42-tenis-nike-air` (share-path.ts). */
  sharePath: string;
}

export interface LookupView {
  id: number;
  name: string;
}

export interface SizeStockView {
  size: string;
  stock: number;
}

export interface ProductImageView {
  id: number;
  fileName: string;
  url: string;
}

/** The select list of the view over `product p` (with PRODUCT_VIEW_JOINS). */
export const PRODUCT_VIEW_SELECT = `
  p.id, p.name, p.description, p.price_cents as "priceCents", p.promotion as "onPromotion",
  p.promotion_price_cents as "promotionPriceCents", p.special, p.gender, p.created_at as "createdAt",
  not (${visibleProduct('p')}) as hidden,
  case when t.id is null then null else json_build_object('id', t.id, 'name', t.name) end as type,
  case when b.id is null then null else json_build_object('id', b.id, 'name', b.name) end as brand,
  case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end as color,
  coalesce((select json_agg(json_build_object('size', s.size, 'stock', s.quantity) order by s.position)
              from product_stock s where s.product_id = p.id), '[]'::json) as sizes,
  coalesce((select json_agg(json_build_object('id', i.id, 'fileName', i.file_name) order by i.position)
              from product_image i where i.product_id = p.id), '[]'::json) as images`;

export const PRODUCT_VIEW_JOINS = `
  left join product_type t on t.id = p.type_id
  left join brand b on b.id = p.brand_id
  left join color c on c.id = p.color_id`;

export interface ProductViewRow extends Omit<
  ProductView,
  'unitPriceCents' | 'totalStock' | 'images' | 'createdAt' | 'sharePath'
> {
  images: Omit<ProductImageView, 'url'>[];
  /** MikroORM leaves timestamps as PostgreSQL's text. */
  createdAt: string | Date;
  /** Deleted while orders name it: only those orders still read it. */
  hidden: boolean;
}

export function toProductView({ hidden: _hidden, ...row }: ProductViewRow): ProductView {
  return {
    ...row,
    createdAt: new Date(row.createdAt),
    unitPriceCents: unitPriceCents({ ...row, promotion: row.onPromotion }),
    totalStock: row.sizes.reduce((sum, s) => sum + s.stock, 0),
    images: row.images.map((i) => ({ ...i, url: productImageUrl(i.fileName) })),
    sharePath: productSharePath(row.id, row.name),
  };
}
