import { z } from 'zod';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '@tienda/rules';
import type {
  BestSeller,
  SalesFigures,
  SalesSummary,
} from '../../modules/summary/summary.service.js';
import { centsToPesos } from './money.js';
import { route, type RouteDef } from './route.js';

const pesos = z.number().meta({ description: 'Pesos, exact to the centavo' });

const cifrasShape = {
  pedidos: z.number().int(),
  unidades: z.number().int(),
  ingresos: pesos,
  ticketPromedio: pesos,
  descuentos: pesos,
};

const masVendidoSchema = z.object({
  idProducto: z.number().int().nullable(),
  nombre: z.string(),
  unidades: z.number().int(),
  importe: pesos.meta({ description: 'Units × unit price, before the discounts' }),
});

const resumenSchema = z
  .object({
    desde: z.string(),
    hasta: z.string(),
    totales: z.object(cifrasShape),
    dias: z.array(z.object({ dia: z.string(), ...cifrasShape })),
    masVendidosPorUnidades: z.array(masVendidoSchema),
    masVendidosPorImporte: z.array(masVendidoSchema),
    umbralExistencias: z.number().int(),
    existenciasBajas: z.object({
      total: z.number().int(),
      tallas: z.array(
        z.object({
          idProducto: z.number().int(),
          nombre: z.string(),
          talla: z.string(),
          cantidad: z.number().int(),
        }),
      ),
    }),
    porLiberar: z.object({
      total: z.number().int(),
      importe: pesos,
      pedidos: z.array(
        z.object({
          idPedido: z.number().int(),
          cliente: z.string(),
          total: pesos,
          fecha: z.iso.datetime(),
          liberacion: z.iso.datetime(),
        }),
      ),
    }),
    cupones: z.array(z.object({ codigo: z.string(), usos: z.number().int(), descuento: pesos })),
  })
  .meta({ id: 'Resumen' });

const toCifras = (f: SalesFigures) => ({
  pedidos: f.orders,
  unidades: f.units,
  ingresos: centsToPesos(f.revenueCents),
  ticketPromedio: centsToPesos(f.averageTicketCents),
  descuentos: centsToPesos(f.discountCents),
});

const toMasVendido = (b: BestSeller) => ({
  idProducto: b.productId,
  nombre: b.name,
  unidades: b.units,
  importe: centsToPesos(b.revenueCents),
});

export function toResumenRest(s: SalesSummary): z.input<typeof resumenSchema> {
  return {
    desde: s.from,
    hasta: s.to,
    totales: toCifras(s.totals),
    dias: s.days.map((d) => ({ dia: d.day, ...toCifras(d) })),
    masVendidosPorUnidades: s.bestSellersByUnits.map(toMasVendido),
    masVendidosPorImporte: s.bestSellersByRevenue.map(toMasVendido),
    umbralExistencias: s.lowStockThreshold,
    existenciasBajas: {
      total: s.lowStockTotal,
      tallas: s.lowStock.map((l) => ({
        idProducto: l.productId,
        nombre: l.name,
        talla: l.size,
        cantidad: l.quantity,
      })),
    },
    porLiberar: {
      total: s.releasingTotal,
      importe: centsToPesos(s.releasingTotalCents),
      pedidos: s.releasing.map((r) => ({
        idPedido: r.orderId,
        cliente: r.customerName,
        total: centsToPesos(r.totalCents),
        fecha: r.placedAt.toISOString(),
        liberacion: r.releasesAt.toISOString(),
      })),
    },
    cupones: s.couponUses.map((c) => ({
      codigo: c.code,
      usos: c.uses,
      descuento: centsToPesos(c.discountCents),
    })),
  };
}

const day = z.string().meta({ description: "A Mexico City day, 'YYYY-MM-DD'" });

/**
 * GET /api/admin/resumen?desde=&hasta=&umbral= (admin): 'Resumen' for the Mexico City days from
 * `desde` to `hasta`, both included (at most 366); `umbral`: sizes with this many units or fewer
 * are low stock (0 to 1000, 2 unless said).
 */
export const SUMMARY_ROUTES: readonly RouteDef[] = [
  route({
    method: 'get',
    path: '/admin/resumen',
    access: 'admin',
    tag: 'Resumen',
    summary:
      "The owner's summary for a range of days: paid orders, units, revenue, average ticket, discounts, best sellers, low stock, orders about to be released, coupon uses (admin)",
    response: resumenSchema,
    query: z.object({
      desde: day,
      hasta: day,
      umbral: z
        .string()
        .regex(/^\d{1,9}$/, 'se esperaba un número entero no negativo')
        .transform(Number)
        .default(DEFAULT_LOW_STOCK_THRESHOLD),
    }),
    handler: async ({ query, ctx }) =>
      toResumenRest(
        await ctx.services.summary.summary({ from: query.desde, to: query.hasta }, query.umbral),
      ),
  }),
];
