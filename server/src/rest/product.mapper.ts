import type { Product, ProductImage, ProductStock } from '../modules/catalog/product.entity.js';
import { centsToPesos } from './money.js';

/** A product as the spec's REST clients know it: comma-separated sizes, stock and photos. */
export interface ProductoRest {
  id: number;
  nombre: string;
  descripcion: string;
  precio: number;
  promocion: boolean;
  precioPromocion: number;
  imagenes: string;
  tallas: string;
  cantidad: string;
  tipo: string;
  genero: string;
  especial: boolean;
  marca: string | null;
  color: string | null;
  createdAt: string;
}

export function toProductoRest(
  product: Product,
  stock: ProductStock[],
  images: ProductImage[],
): ProductoRest {
  return {
    id: product.id,
    nombre: product.name,
    descripcion: product.description,
    precio: centsToPesos(product.priceCents),
    promocion: product.promotion,
    precioPromocion: centsToPesos(product.promotionPriceCents ?? 0),
    imagenes: images.map((i) => i.fileName).join(','),
    tallas: stock.map((s) => s.size).join(','),
    cantidad: stock.map((s) => String(s.quantity)).join(','),
    tipo: product.type?.name ?? '',
    genero: product.gender,
    especial: product.special,
    marca: product.brand?.name ?? null,
    color: product.color?.name ?? null,
    createdAt: product.createdAt.toISOString(),
  };
}
