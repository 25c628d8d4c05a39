import type { ProductView } from '../modules/catalog/product-view.js';
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

export function toProductoRest(product: ProductView): ProductoRest {
  return {
    id: product.id,
    nombre: product.name,
    descripcion: product.description,
    precio: centsToPesos(product.priceCents),
    promocion: product.onPromotion,
    precioPromocion: centsToPesos(product.promotionPriceCents ?? 0),
    imagenes: product.images.map((i) => i.fileName).join(','),
    tallas: product.sizes.map((s) => s.size).join(','),
    cantidad: product.sizes.map((s) => String(s.stock)).join(','),
    tipo: product.type?.name ?? '',
    genero: product.gender,
    especial: product.special,
    marca: product.brand?.name ?? null,
    color: product.color?.name ?? null,
    createdAt: product.createdAt.toISOString(),
  };
}
