import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer, { MulterError } from 'multer';
import { z } from 'zod';
import {
  findReplacementCharacter,
  rejectUnacceptableText,
  textRefusal,
} from '../../http/acceptable-text.js';
import { MAX_PRODUCT_PHOTOS, PHOTO_PROBLEMS, PRODUCT_MESSAGES } from '@tienda/rules';
import {
  ADMIN_PRODUCTS_MAX_PAGE,
  type LookupRef,
  type ProductWrite,
} from '../../modules/catalog/product-admin.service.js';
import {
  MAX_PHOTO_BYTES,
  PHOTO_MESSAGES,
  PHOTO_REASON,
  type PhotoUpload,
} from '../../modules/catalog/product-photos.js';
import { badInput, notFound, refusal } from '../../modules/shared/errors.js';
import { PRODUCT_SORTS } from '../../modules/catalog/catalog-filter.js';
import { MAX_PAGE_SIZE } from '../../modules/catalog/product.service.js';
import type { ProductView } from '../../modules/catalog/product-view.js';
import { GENDERS } from '../../modules/catalog/product.entity.js';
import { centsToPesos } from './money.js';
import { noContent, route, type RouteDef } from './route.js';
import {
  DEFAULT_REST_PAGE_SIZE,
  idParams,
  pageQuery,
  queryBoolean,
  repeated,
  text,
} from './schemas.js';

/** The form field that carries the photos (repeated), as the spec's client sends it. */
export const PHOTOS_FIELD = 'imagenes';

const MAX_FIELD_BYTES = 64 * 1024;

/**
 * multipart/form-data for POST and PUT /api/productos (multer, in memory): at most one photo more
 * than a product may have (so the answer can be 'Solo puedes subir hasta 3 fotos'), each at most
 * 5 MB, only under `imagenes`; a bounded number of small text fields. The text fields are then
 * checked like every other body (http/acceptable-text.ts): control characters, and text that is
 * not UTF-8 (busboy hands bad bytes over as U+FFFD, refused here). Run after the access check.
 */
export function productForm(): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: {
      files: MAX_PRODUCT_PHOTOS + 1,
      fileSize: MAX_PHOTO_BYTES,
      fields: 40,
      fieldSize: MAX_FIELD_BYTES,
      parts: 50,
    },
  }).array(PHOTOS_FIELD, MAX_PRODUCT_PHOTOS + 1);
  return (req: Request, res: Response, next: NextFunction) => {
    parse(req, res, (error?: unknown) => {
      if (error instanceof MulterError) {
        const photos =
          error.code === 'LIMIT_FILE_COUNT' ||
          (error.code === 'LIMIT_UNEXPECTED_FILE' && error.field === PHOTOS_FIELD);
        if (photos) return next(refusal({ ...PHOTO_PROBLEMS.tooMany, field: PHOTOS_FIELD }));
        if (error.code === 'LIMIT_FILE_SIZE') {
          return next(badInput(PHOTO_MESSAGES.invalid, PHOTOS_FIELD, PHOTO_REASON));
        }
        if (error.code === 'LIMIT_UNEXPECTED_FILE') {
          return next(badInput(`El campo ${error.field ?? ''} no admite archivos`.trim()));
        }
        return next(badInput('El formulario no es válido: demasiados campos o campos muy largos'));
      }
      if (error) return next(badInput('El formulario no es válido'));
      try {
        const replaced = findReplacementCharacter(req.body);
        if (replaced) throw textRefusal(replaced.fault);
        rejectUnacceptableText(req, res, next);
      } catch (refused) {
        next(refused);
      }
    });
  };
}

/** The photos multer kept, as the service reads them. */
export function uploadedPhotos(req: Request): PhotoUpload[] {
  const files = Array.isArray(req.files) ? req.files : [];
  return files.map((file) => ({ read: async () => file.buffer }));
}

/** A form value: text from multipart, or a JSON scalar from a JSON body. */
const scalar = z
  .union([text(MAX_FIELD_BYTES), z.number(), z.boolean(), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null ? '' : String(v).trim()));

/** The spec's product fields (§7 Products). `genero` is derived from the name; `id` is the path's. */
export const productoForm = z.object({
  nombre: scalar,
  descripcion: scalar,
  precio: scalar,
  promocion: scalar,
  precioPromocion: scalar,
  tallas: scalar,
  cantidad: scalar,
  tipo: scalar,
  marca: scalar,
  color: scalar,
  especial: scalar,
  genero: scalar,
  id: scalar,
});
export type ProductoForm = z.output<typeof productoForm>;

const flag = (v: string) => ['true', '1', 'on', 'si', 'sí'].includes(v.toLowerCase());

/** Pesos as the form writes them ('250', '199.50') to centavos; '' is not given. */
function pesosToCents(value: string, field: string): number | null {
  if (value === '') return null;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(value)) {
    throw badInput(PRODUCT_MESSAGES.badPrice, field, 'INVALID_PRICE');
  }
  return Math.round(Number(value) * 100);
}

/** A type, brand or colour by id (digits) or by name; '' is not given. */
const lookupRef = (value: string): LookupRef =>
  value === '' ? null : /^\d{1,9}$/.test(value) ? { id: Number(value) } : { name: value };

const list = (value: string) => (value === '' ? [] : value.split(',').map((item) => item.trim()));

/** The spec's form, in the service's terms. */
export function fromProductoForm(form: ProductoForm): ProductWrite {
  const sizes = list(form.tallas);
  return {
    special: flag(form.especial),
    name: form.nombre,
    description: form.descripcion,
    priceCents: pesosToCents(form.precio, 'precio'),
    promotion: flag(form.promocion),
    promotionPriceCents: flag(form.promocion)
      ? pesosToCents(form.precioPromocion, 'precioPromocion')
      : null,
    sizes,
    quantities: list(form.cantidad).map((q) =>
      q === '' ? null : /^\d+$/.test(q) ? Number(q) : NaN,
    ),
    type: lookupRef(form.tipo),
    brand: lookupRef(form.marca),
    color: lookupRef(form.color),
  };
}

/** A product as the spec's REST clients know it: comma-separated sizes, stock and photos. */
export const productoSchema = z
  .object({
    id: z.number().int(),
    nombre: z.string(),
    descripcion: z.string(),
    precio: z.number().meta({ description: 'Pesos (MXN), exact to the centavo' }),
    promocion: z.boolean(),
    precioPromocion: z.number().meta({ description: 'Pesos; 0 when there is no promotion price' }),
    imagenes: z
      .string()
      .meta({ description: 'Photo file names, comma-separated (under /uploads/)' }),
    tallas: z.string().meta({ description: "Sizes, comma-separated ('S,M,L')" }),
    cantidad: z
      .string()
      .meta({ description: "Units in stock of each size, in the same order ('3,0,5')" }),
    tipo: z.string().meta({ description: "The product type's name ('' when none)" }),
    genero: z.enum(GENDERS),
    especial: z.boolean(),
    marca: z.string().nullable(),
    color: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Producto' });
export type ProductoRest = z.input<typeof productoSchema>;

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

/** Spec §9: the admin products page shows 10. */
const ADMIN_PRODUCTS_PAGE_SIZE = 10;

/** The catalogue's URL parameters, as the storefront writes them, plus paging and order. */
const productosQuery = z.object({
  marca: repeated(100),
  tipo: repeated(100),
  precio: repeated(20),
  talla: repeated(20),
  sexo: repeated(20),
  color: repeated(100),
  busqueda: text(200).optional(),
  promocion: queryBoolean.optional(),
  orden: z.enum(PRODUCT_SORTS).default('NEWEST'),
  ...pageQuery(DEFAULT_REST_PAGE_SIZE, MAX_PAGE_SIZE),
});

/** GET /api/productos/sugerencias: what the shopper has typed so far. */
const sugerenciasQuery = z.object({ busqueda: text(200).optional() });

const sugerenciasSchema = z.object({
  sugerencias: z.array(z.string()),
  quisisteDecir: z.string().nullable(),
});

/** GET /api/admin/productos: the admin list's search words (name or sizes) and paging. */
const adminProductosQuery = z.object({
  busqueda: text(200).optional(),
  ...pageQuery(ADMIN_PRODUCTS_PAGE_SIZE, ADMIN_PRODUCTS_MAX_PAGE),
});

/** The catalogue and the admin's products: /api/productos, /api/admin/productos. */
export const PRODUCT_ROUTES: readonly RouteDef[] = [
  route({
    method: 'get',
    path: '/productos',
    access: 'public',
    tag: 'Productos',
    summary: 'The catalogue: products matching the filters, paged',
    response: z.array(productoSchema),
    query: productosQuery,
    handler: async ({ query, ctx }) => {
      const { items } = await ctx.services.products.query(
        {
          filter: {
            brands: query.marca,
            types: query.tipo,
            priceRanges: query.precio,
            sizes: query.talla,
            sexes: query.sexo,
            colors: query.color,
            search: query.busqueda,
            onPromotion: query.promocion,
          },
          sort: query.orden,
          offset: query.desde,
          limit: query.limite,
        },
        { items: true },
      );
      return items!.map(toProductoRest);
    },
  }),

  route({
    method: 'post',
    path: '/productos',
    access: 'admin',
    tag: 'Productos',
    summary: 'Create a product (admin)',
    description:
      'multipart/form-data with the photos under `imagenes` (1 to 3, JPEG/PNG/WebP, 5 MB each); the text fields as in the JSON form.',
    multipart: { field: PHOTOS_FIELD, maxFiles: MAX_PRODUCT_PHOTOS },
    response: productoSchema,
    errors: [409],
    before: productForm(),
    body: productoForm,
    status: 201,
    handler: async ({ body, ctx, req }) =>
      toProductoRest(
        await ctx.services.productAdmin.create(fromProductoForm(body), uploadedPhotos(req)),
      ),
  }),

  route({
    method: 'get',
    path: '/admin/productos',
    access: 'admin',
    tag: 'Productos',
    summary: "The admin's product list, searched by name or sizes",
    headers: { 'X-Total-Count': 'How many products match, over all pages' },
    response: z.array(productoSchema),
    query: adminProductosQuery,
    handler: async ({ query, ctx, res }) => {
      const page = await ctx.services.productAdmin.list(query.busqueda, {
        offset: query.desde,
        limit: query.limite,
      });
      res.set('X-Total-Count', String(page.total));
      return page.items.map(toProductoRest);
    },
  }),

  route({
    method: 'get',
    path: '/productos/sugerencias',
    access: 'public',
    tag: 'Productos',
    summary: 'What the search box offers as the shopper types, and ¿Quisiste decir …?',
    description:
      '`sugerencias`: the search with its last word completed from the catalogue (at most 6, the most common first, in the catalogue’s spelling); `quisisteDecir`: when the search finds nothing, the search written with close catalogue words that finds something, else null. An empty `busqueda` answers no suggestions.',
    response: sugerenciasSchema,
    query: sugerenciasQuery,
    handler: async ({ query, ctx }) => {
      const { completions, didYouMean } = await ctx.services.products.searchSuggestions(
        query.busqueda ?? '',
      );
      return { sugerencias: completions, quisisteDecir: didYouMean };
    },
  }),

  route({
    method: 'get',
    path: '/productos/:id',
    access: 'public',
    tag: 'Productos',
    summary: 'One product',
    response: productoSchema,
    params: idParams,
    handler: async ({ params, ctx }) => {
      const product = await ctx.loaders.productById.load(params.id);
      if (!product) throw notFound('Producto no encontrado');
      return toProductoRest(product);
    },
  }),

  route({
    method: 'put',
    path: '/productos/:id',
    access: 'admin',
    tag: 'Productos',
    summary: 'Edit a product (admin); photos sent replace the old ones',
    multipart: { field: PHOTOS_FIELD, maxFiles: MAX_PRODUCT_PHOTOS },
    response: productoSchema,
    errors: [409],
    params: idParams,
    before: productForm(),
    body: productoForm,
    handler: async ({ params, body, ctx, req }) => {
      // The spec's client sends no `imagenes` to keep the photos; new ones replace them.
      const photos = uploadedPhotos(req);
      return toProductoRest(
        await ctx.services.productAdmin.update(
          params.id,
          fromProductoForm(body),
          photos.length > 0 ? photos : null,
          photos.length > 0 ? 'all' : [],
        ),
      );
    },
  }),

  route({
    method: 'delete',
    path: '/productos/:id',
    access: 'admin',
    tag: 'Productos',
    summary: 'Delete a product (admin)',
    response: noContent,
    errors: [409],
    params: idParams,
    status: 204,
    handler: async ({ params, ctx }) => {
      await ctx.services.productAdmin.delete(params.id);
    },
  }),
];
