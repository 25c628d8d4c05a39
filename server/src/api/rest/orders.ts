import { z } from 'zod';
import { ORDER_STATUSES } from '@tienda/rules';
import {
  MAX_ORDERS_PAGE_SIZE,
  type OrderDetails,
  type OrderView,
} from '../../modules/orders/order.service.js';
import { centsToPesos } from './money.js';
import { route, type RouteDef } from './route.js';
import { bodyId, DEFAULT_REST_PAGE_SIZE, idParams, pageQuery, text } from './schemas.js';

const pesos = (description: string) =>
  z.number().meta({ description: `${description}, in pesos (MXN) exact to the centavo` });

/** An order with the spec's field names (§3 Order); money in pesos. */
const pedidoSchema = z
  .object({
    id: z.number().int(),
    idUsuario: z.number().int(),
    idDireccion: z.number().int().nullable(),
    idProductos: z.string().meta({ description: 'The cart lines it bought, comma-separated ids' }),
    total: pesos('What the order charges'),
    subtotal: pesos('The lines'),
    envio: pesos('Shipping'),
    descuento: pesos('All discounts together'),
    cupon: z.string().nullable().meta({ description: 'The coupon code applied' }),
    descuentos: z
      .array(z.object({ concepto: z.string(), monto: pesos('The amount taken off') }))
      .meta({ description: "Each discount, named ('Descuento por mayoreo', a coupon…)" }),
    status: z.enum(ORDER_STATUSES),
    estafeta: z.string().nullable().meta({ description: "The carrier's tracking number" }),
    createdAt: z.iso.datetime(),
    productos: z.array(
      z.object({
        idProducto: z.number().int().nullable(),
        nombre: z.string(),
        talla: z.string(),
        cantidad: z.number().int(),
        precio: pesos('Unit price paid'),
      }),
    ),
  })
  .meta({ id: 'Pedido' });

/** An order in the admin's list: the spec's order plus the customer's `nombre_usuario`. */
const pedidoListaSchema = pedidoSchema
  .extend({ nombre_usuario: z.string() })
  .meta({ id: 'PedidoLista' });

export function toPedidoRest(o: OrderView): z.input<typeof pedidoSchema> {
  return {
    id: o.id,
    idUsuario: o.userId,
    idDireccion: o.addressId,
    idProductos: o.lines.map((l) => l.cartLineId ?? '').join(','),
    total: centsToPesos(o.totalCents),
    subtotal: centsToPesos(o.subtotalCents),
    envio: centsToPesos(o.shippingCents),
    descuento: centsToPesos(o.discountCents),
    cupon: o.couponCode,
    descuentos: o.adjustments.map((a) => ({
      concepto: a.label,
      monto: centsToPesos(a.amountCents),
    })),
    status: o.status,
    estafeta: o.tracking,
    createdAt: o.createdAt.toISOString(),
    productos: o.lines.map((l) => ({
      idProducto: l.productId,
      nombre: l.productName,
      talla: l.size,
      cantidad: l.quantity,
      precio: centsToPesos(l.unitPriceCents),
    })),
  };
}

export function toPedidoListaRest(o: OrderDetails): z.input<typeof pedidoListaSchema> {
  return { ...toPedidoRest(o), nombre_usuario: o.userName };
}

/**
 * POST /api/pedidos: the spec's fields. `idProductos` (comma-separated cart-line ids) limits the
 * purchase to those lines; `total` and `status` are the server's business and ignored.
 */
const pedidoBody = z.object({
  idUsuario: bodyId,
  idDireccion: bodyId,
  idProductos: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,49}$/, 'se esperaba una lista de ids separada por comas')
    .transform((v) => v.split(',').map(Number))
    .optional(),
  /** A coupon code; a refused one answers its refusal (400, `reason` a CouponRefusal). */
  cupon: z.union([text(100), z.null()]).optional(),
});

/** GET /api/pedidos (admin): the search box's words, and paging. */
const pedidosQuery = z.object({
  busqueda: text(200).optional(),
  ...pageQuery(DEFAULT_REST_PAGE_SIZE, MAX_ORDERS_PAGE_SIZE),
});

/**
 * PUT /api/pedidos/:id: the spec's client sends the whole order; only `status`, `estafeta` and
 * `motivo` (the admin's written reason to ship an unpaid order) are applied. `idUsuario`,
 * `idDireccion`, `idProductos`, `total`… are ignored, never trusted.
 */
const pedidoUpdateBody = z.object({
  status: text(100),
  estafeta: z.union([text(1000), z.null()]).optional(),
  motivo: z.union([text(1000), z.null()]).optional(),
});

/** Orders: checkout, the admin's list and edit, a customer's orders, one order. */
export const ORDER_ROUTES: readonly RouteDef[] = [
  route({
    method: 'post',
    path: '/pedidos',
    access: 'signedIn',
    tag: 'Pedidos',
    summary: "Check out: the user's cart lines at the address become an order",
    description:
      'The server computes every amount; `total` and `status` sent are ignored. An `Idempotency-Key` header makes a repeat answer the same order.',
    response: pedidoSchema,
    errors: [409],
    body: pedidoBody,
    status: 201,
    handler: async ({ body, ctx, req }) =>
      toPedidoRest(
        await ctx.services.orders.checkout({
          userId: body.idUsuario,
          addressId: body.idDireccion,
          cartLineIds: body.idProductos,
          idempotencyKey: req.get('idempotency-key') ?? null,
          couponCode: body.cupon ?? null,
        }),
      ),
  }),

  route({
    method: 'get',
    path: '/pedidos',
    access: 'admin',
    tag: 'Pedidos',
    summary: 'Every order, searched, with the customer’s name (admin)',
    headers: { 'X-Total-Count': 'How many orders match, over all pages' },
    response: z.array(pedidoListaSchema),
    query: pedidosQuery,
    handler: async ({ query, ctx, res }) => {
      const page = await ctx.services.orders.search(query.busqueda, {
        offset: query.desde,
        limit: query.limite,
      });
      res.set('X-Total-Count', String(page.total));
      return (await ctx.services.orders.details(page.items)).map(toPedidoListaRest);
    },
  }),

  route({
    method: 'put',
    path: '/pedidos/:id',
    access: 'admin',
    tag: 'Pedidos',
    summary: "Change an order's status and tracking number (admin)",
    response: pedidoSchema,
    errors: [409],
    params: idParams,
    body: pedidoUpdateBody,
    handler: async ({ params, body, ctx }) =>
      toPedidoRest(
        await ctx.services.orders.updateOrder(params.id, {
          status: body.status,
          tracking: body.estafeta,
          overrideReason: body.motivo,
        }),
      ),
  }),

  route({
    method: 'get',
    path: '/pedidos/usuario/:id',
    access: 'signedIn',
    tag: 'Pedidos',
    summary: "A user's orders, newest first",
    response: z.array(pedidoSchema),
    params: idParams,
    handler: async ({ params, ctx }) =>
      (await ctx.services.orders.list(params.id)).map(toPedidoRest),
  }),

  route({
    method: 'get',
    path: '/pedidos/:id',
    access: 'signedIn',
    tag: 'Pedidos',
    summary: 'One order',
    response: pedidoSchema,
    params: idParams,
    handler: async ({ params, ctx }) => toPedidoRest(await ctx.services.orders.get(params.id)),
  }),
];
