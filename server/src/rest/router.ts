import { Router, type NextFunction, type Request, type Response } from 'express';
import type { RequestContext } from '../graphql/context.js';
import type { CatalogFilter } from '../modules/catalog/catalog-filter.js';
import { PRODUCT_SORTS, type ProductSort } from '../modules/catalog/product.service.js';
import { badInput, DomainError, HTTP_STATUS, notFound } from '../modules/shared/errors.js';
import { toProductoRest } from './product.mapper.js';
import type { LookupKind } from '../modules/catalog/lookup.entity.js';

type Handler = (req: Request, res: Response, ctx: RequestContext) => Promise<unknown> | unknown;

/** Wraps a handler: gets the request context, sends its result as JSON, maps errors. */
const handle =
  (fn: Handler, status = 200) =>
  async (req: Request, res: Response, next: NextFunction) => {
    try {
      const result = await fn(req, res, res.locals.ctx as RequestContext);
      if (!res.headersSent) res.status(status).json(result);
    } catch (error) {
      next(error);
    }
  };

function list(value: unknown): string[] {
  if (value === undefined) return [];
  const values = Array.isArray(value) ? value : [value];
  return values.filter((v): v is string => typeof v === 'string');
}

function intParam(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw badInput(`${name} debe ser un entero no negativo`);
  return n;
}

function idParam(req: Request): number {
  const id = intParam(req.params.id, 'id');
  if (id === undefined || id < 1) throw badInput('id no válido');
  return id;
}

/** The catalogue's URL parameters, as the storefront writes them. */
function filterFromQuery(query: Request['query']): CatalogFilter {
  const promocion = query.promocion;
  return {
    brands: list(query.marca),
    types: list(query.tipo),
    priceRanges: list(query.precio),
    sizes: list(query.talla),
    sexes: list(query.sexo),
    colors: list(query.color),
    search: typeof query.busqueda === 'string' ? query.busqueda : undefined,
    onPromotion: promocion === undefined ? undefined : promocion === 'true',
  };
}

const LOOKUP_PATHS: Record<string, LookupKind> = {
  tipos: 'type',
  marcas: 'brand',
  colores: 'color',
};

/** The REST facade: the spec's paths and field names over the same domain services. */
export function restRouter(): Router {
  const router = Router();

  router.get(
    '/version',
    handle((_req, _res, ctx) => ({ version: ctx.config.appVersion })),
  );

  router.get(
    '/productos',
    handle(async (req, _res, ctx) => {
      const sort = (
        typeof req.query.orden === 'string' ? req.query.orden : 'NEWEST'
      ) as ProductSort;
      if (!PRODUCT_SORTS.includes(sort)) throw badInput(`orden no válido: ${sort}`);
      const products = await ctx.services.products.list(filterFromQuery(req.query), sort, {
        offset: intParam(req.query.desde, 'desde') ?? 0,
        limit: intParam(req.query.limite, 'limite') ?? null,
      });
      return products.map(toProductoRest);
    }),
  );

  router.get(
    '/productos/:id',
    handle(async (req, _res, ctx) => {
      const product = await ctx.loaders.productById.load(idParam(req));
      if (!product) throw notFound('Producto no encontrado');
      return toProductoRest(product);
    }),
  );

  for (const [pathName, kind] of Object.entries(LOOKUP_PATHS)) {
    router.get(
      `/${pathName}`,
      handle(async (_req, _res, ctx) => {
        const items = await ctx.services.lookups.list(kind);
        return items.map((x) => ({ id: x.id, nombre: x.name }));
      }),
    );
  }

  router.use((_req, res) => {
    res.status(404).json({ error: 'Ruta no encontrada' });
  });

  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (error instanceof DomainError) {
      res.status(HTTP_STATUS[error.code]).json({ error: error.message });
      return;
    }
    if (error instanceof SyntaxError && 'body' in error) {
      res.status(400).json({ error: 'El cuerpo de la petición no es JSON válido' });
      return;
    }
    console.error(error);
    res.status(500).json({ error: 'Error interno del servidor' });
  });

  return router;
}
