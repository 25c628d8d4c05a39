import type { SizeUnits, TypeStock } from '../../modules/stock/stock-dashboard.service.js';
import { route, type RouteDef } from './route.js';

const toTallasRest = (sizes: SizeUnits[]) =>
  sizes.map((s) => ({ talla: s.size, cantidad: s.units }));

/** GET /api/dashboard-stock: the dashboard with Spanish field names, as the other paths. */
const toDashboardTipoRest = (t: TypeStock) => ({
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
    handler: async ({ ctx }) => (await ctx.services.stock.dashboard()).map(toDashboardTipoRest),
  }),
];
