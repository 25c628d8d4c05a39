import { z } from 'zod';
import type { SizeUnits, TypeStock } from '../../modules/stock/stock-dashboard.service.js';
import { route, type RouteDef } from './route.js';

const tallasSchema = z.array(z.object({ talla: z.string(), cantidad: z.number().int() }));
const dashboardTipoSchema = z
  .object({
    idTipo: z.number().int().nullable(),
    tipo: z.string(),
    total: z.number().int(),
    tallas: tallasSchema,
    marcas: z.array(
      z.object({
        idMarca: z.number().int().nullable(),
        marca: z.string(),
        total: z.number().int(),
        tallas: tallasSchema,
      }),
    ),
  })
  .meta({ id: 'StockPorTipo' });

const toTallasRest = (sizes: SizeUnits[]) =>
  sizes.map((s) => ({ talla: s.size, cantidad: s.units }));

/** GET /api/dashboard-stock: the dashboard with Spanish field names, as the other paths. */
const toDashboardTipoRest = (t: TypeStock): z.input<typeof dashboardTipoSchema> => ({
  idTipo: t.typeId,
  tipo: t.typeName,
  total: t.totalUnits,
  tallas: toTallasRest(t.sizes),
  marcas: t.brands.map((b) => ({
    idMarca: b.brandId,
    marca: b.brandName,
    total: b.totalUnits,
    tallas: toTallasRest(b.sizes),
  })),
});

/** GET /api/dashboard-stock (admin). */
export const STOCK_ROUTES: readonly RouteDef[] = [
  route({
    method: 'get',
    path: '/dashboard-stock',
    access: 'admin',
    tag: 'Inventario',
    summary: 'Units in stock by type, brand and size (admin)',
    response: z.array(dashboardTipoSchema),
    handler: async ({ ctx }) => (await ctx.services.stock.dashboard()).map(toDashboardTipoRest),
  }),
];
