import { z } from 'zod';
import type { CouponDraft, CouponKind } from '@tienda/rules';
import type { CouponView } from '../../modules/coupons/coupon-records.js';
import { MAX_COUPONS_PAGE_SIZE } from '../../modules/coupons/coupon.service.js';
import { centsToPesos, pesosToCentavos } from './money.js';
import { route, type RouteDef } from './route.js';
import { DEFAULT_REST_PAGE_SIZE, idParams, pageQuery, text } from './schemas.js';

/** The spec's `tipo` words for each kind. */
const TIPOS: Record<string, CouponKind> = {
  porcentaje: 'PERCENTAGE',
  monto: 'FIXED',
  envio: 'FREE_SHIPPING',
};
const TIPO_OF = {
  PERCENTAGE: 'porcentaje',
  FIXED: 'monto',
  FREE_SHIPPING: 'envio',
} as const satisfies Record<CouponKind, string>;

/** A coupon with the spec's field names: `valor` in percent (porcentaje) or pesos (monto). */
const cuponSchema = z
  .object({
    id: z.number().int(),
    codigo: z.string(),
    tipo: z.enum(Object.values(TIPO_OF)),
    valor: z.number().meta({ description: 'Percent (porcentaje), pesos (monto); 0 for envio' }),
    desde: z.iso
      .date()
      .nullable()
      .meta({ description: 'First day it applies (Mexico City), YYYY-MM-DD' }),
    hasta: z.iso
      .date()
      .nullable()
      .meta({ description: 'Last day it applies (Mexico City), YYYY-MM-DD' }),
    usosMaximos: z.number().int().nullable(),
    usosPorCliente: z.number().int().nullable(),
    compraMinima: z.number().nullable().meta({ description: 'Pesos' }),
    soloSinPromocion: z.boolean(),
    activo: z.boolean(),
    usos: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Cupon' });

export function toCuponRest(c: CouponView): z.input<typeof cuponSchema> {
  return {
    id: c.id,
    codigo: c.code,
    tipo: TIPO_OF[c.kind],
    valor: c.kind === 'FIXED' ? centsToPesos(c.value) : c.value,
    desde: c.validFrom,
    hasta: c.validUntil,
    usosMaximos: c.maxUses,
    usosPorCliente: c.maxUsesPerCustomer,
    compraMinima: c.minimumCents === null ? null : centsToPesos(c.minimumCents),
    soloSinPromocion: c.nonPromotionalOnly,
    activo: c.active,
    usos: c.uses,
    createdAt: c.createdAt.toISOString(),
  };
}

const amount = z.union([z.number(), text(30)]);
const nullable = <T extends z.ZodType>(schema: T) => z.union([schema, z.null()]).optional();

/**
 * POST and PUT /api/cupones: the whole form. `usos` is read-only (ignored). The values reach the
 * service's rules (couponProblems) as written, so the admin reads the same messages as the back
 * office's form: a `tipo` not among the three is 'Elige el tipo de cupón', an amount not exact to
 * the centavo is the amount's message.
 */
const cuponBody = z.object({
  codigo: text(200).default(''),
  tipo: text(50).default(''),
  valor: amount.optional(),
  desde: nullable(text(50)),
  hasta: nullable(text(50)),
  usosMaximos: nullable(z.number()),
  usosPorCliente: nullable(z.number()),
  compraMinima: nullable(amount),
  soloSinPromocion: z.boolean().default(true),
  activo: z.boolean().default(true),
});
type CuponBody = z.output<typeof cuponBody>;

function fromCuponRest(body: CuponBody): CouponDraft {
  const kind = TIPOS[body.tipo] ?? ('' as CouponKind);
  const valor = body.valor ?? 0;
  const value =
    kind === 'FIXED'
      ? pesosToCentavos(valor)
      : typeof valor === 'number'
        ? valor
        : /^\d{1,10}$/.test(valor.trim())
          ? Number(valor.trim())
          : Number.NaN;
  return {
    code: body.codigo,
    kind,
    value,
    validFrom: body.desde ?? null,
    validUntil: body.hasta ?? null,
    maxUses: body.usosMaximos ?? null,
    maxUsesPerCustomer: body.usosPorCliente ?? null,
    minimumCents: body.compraMinima == null ? null : pesosToCentavos(body.compraMinima),
    nonPromotionalOnly: body.soloSinPromocion,
    active: body.activo,
  };
}

/** GET /api/cupones: `busqueda` (in the code), and paging. */
const cuponesQuery = z.object({
  busqueda: text(200).optional(),
  ...pageQuery(DEFAULT_REST_PAGE_SIZE, MAX_COUPONS_PAGE_SIZE),
});

/** The admin's coupons: list, create, edit, and DELETE, which deactivates (orders keep it). */
export const COUPON_ROUTES: readonly RouteDef[] = [
  route({
    method: 'get',
    path: '/cupones',
    access: 'admin',
    query: cuponesQuery,
    tag: 'Cupones',
    summary: 'Every coupon, searched by code, paged (admin)',
    headers: { 'X-Total-Count': 'How many coupons match, over all pages' },
    response: z.array(cuponSchema),
    handler: async ({ query, ctx, res }) => {
      const page = await ctx.services.coupons.list(query.busqueda, {
        offset: query.desde,
        limit: query.limite,
      });
      res.set('X-Total-Count', String(page.total));
      return page.items.map(toCuponRest);
    },
  }),
  route({
    method: 'post',
    path: '/cupones',
    access: 'admin',
    body: cuponBody,
    tag: 'Cupones',
    summary: 'Create a coupon (admin)',
    response: cuponSchema,
    errors: [409],
    status: 201,
    handler: async ({ body, ctx }) =>
      toCuponRest(await ctx.services.coupons.create(fromCuponRest(body))),
  }),
  route({
    method: 'put',
    path: '/cupones/:id',
    access: 'admin',
    tag: 'Cupones',
    summary: 'Edit a coupon (admin); a used one keeps its kind and value',
    response: cuponSchema,
    errors: [409],
    params: idParams,
    body: cuponBody,
    handler: async ({ params, body, ctx }) =>
      toCuponRest(await ctx.services.coupons.update(params.id, fromCuponRest(body))),
  }),
  route({
    method: 'delete',
    path: '/cupones/:id',
    access: 'admin',
    tag: 'Cupones',
    summary: 'Deactivate a coupon (admin): orders keep it; answers the coupon',
    response: cuponSchema,
    params: idParams,
    handler: async ({ params, ctx }) =>
      toCuponRest(await ctx.services.coupons.deactivate(params.id)),
  }),
];
