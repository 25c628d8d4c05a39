import { z } from 'zod';
import { RETURN_STATUS_LABELS, RETURN_STATUSES, type ReturnStatus } from '@tienda/rules';
import {
  MAX_RETURNS_PAGE_SIZE,
  type ReturnUpdate,
  type ReturnView,
} from '../../modules/returns/return.service.js';
import type { OrderRefundView } from '../../modules/returns/transfer-refunds.js';
import { centsToPesos } from './money.js';
import { route, type RouteDef } from './route.js';
import { DEFAULT_REST_PAGE_SIZE, idParams, pageQuery, text } from './schemas.js';

const pesos = (description: string) =>
  z.number().meta({ description: `${description}, in pesos (MXN) exact to the centavo` });

const ESTADOS = RETURN_STATUSES.map((s) => RETURN_STATUS_LABELS[s]) as [string, ...string[]];
const STATUS_OF = Object.fromEntries(
  RETURN_STATUSES.map((s) => [RETURN_STATUS_LABELS[s], s]),
) as Record<string, ReturnStatus>;

/** A return with Spanish field names; money in pesos. */
const devolucionSchema = z
  .object({
    id: z.number().int(),
    idPedido: z.number().int(),
    idUsuario: z.number().int(),
    estado: z.enum(ESTADOS),
    reembolso: pesos('What it refunds (the lines’ paid shares, and the shipping when refunded)'),
    envioReembolsado: pesos('The shipping refunded'),
    fallaTienda: z.boolean(),
    metodoReembolso: z.enum(['mercadopago', 'transferencia']).nullable(),
    clabe: z.string().nullable(),
    idPedidoCambio: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The new order that ships an exchange (no charge)' }),
    solicitada: z.iso.datetime(),
    recibida: z.iso.datetime().nullable(),
    recibidaPor: z.number().int().nullable(),
    reembolsada: z.iso.datetime().nullable(),
    reembolsadaPor: z.number().int().nullable(),
    rechazada: z.iso.datetime().nullable(),
    rechazadaPor: z.number().int().nullable(),
    lineas: z.array(
      z.object({
        idProducto: z.number().int().nullable(),
        nombre: z.string(),
        talla: z.string(),
        cantidad: z.number().int(),
        motivo: z.string(),
        tallaNueva: z.string().nullable(),
        reembolso: pesos('What this line refunds'),
      }),
    ),
  })
  .meta({ id: 'Devolucion' });

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function toDevolucionRest(r: ReturnView): z.input<typeof devolucionSchema> {
  return {
    id: r.id,
    idPedido: r.orderId,
    idUsuario: r.userId,
    estado: RETURN_STATUS_LABELS[r.status],
    reembolso: centsToPesos(r.refundCents),
    envioReembolsado: centsToPesos(r.shippingRefundCents),
    fallaTienda: r.shopFault,
    metodoReembolso:
      r.refundMethod === null
        ? null
        : r.refundMethod === 'MERCADOPAGO'
          ? 'mercadopago'
          : 'transferencia',
    clabe: r.clabe,
    idPedidoCambio: r.exchangeOrderId,
    solicitada: r.requestedAt.toISOString(),
    recibida: iso(r.receivedAt),
    recibidaPor: r.receivedBy,
    reembolsada: iso(r.refundedAt),
    reembolsadaPor: r.refundedBy,
    rechazada: iso(r.rejectedAt),
    rechazadaPor: r.rejectedBy,
    lineas: r.lines.map((l) => ({
      idProducto: l.productId,
      nombre: l.productName,
      talla: l.size,
      cantidad: l.quantity,
      motivo: l.reason,
      tallaNueva: l.newSize,
      reembolso: centsToPesos(l.refundCents),
    })),
  };
}

/** POST /api/pedidos/:id/devoluciones: the lines to return (or exchange, with `tallaNueva`). */
const devolucionBody = z.object({
  lineas: z
    .array(
      z.object({
        idProducto: z.number().int().min(1).max(2_147_483_647),
        talla: text(20),
        cantidad: z.number().int().min(-1_000_000).max(1_000_000),
        motivo: text(2000).default(''),
        tallaNueva: z.union([text(20), z.null()]).optional(),
      }),
    )
    .max(100),
});

/** PUT /api/devoluciones/:id: the admin's step. */
const devolucionUpdateBody = z.object({
  estado: z.enum(['recibida', 'reembolsada', 'rechazada']),
  clabe: z.union([text(40), z.null()]).optional(),
  fallaTienda: z.boolean().optional(),
});

const devolucionesQuery = z.object({
  estado: z.enum(ESTADOS).optional(),
  ...pageQuery(DEFAULT_REST_PAGE_SIZE, MAX_RETURNS_PAGE_SIZE),
});

/** The transfer refund of an order 'Cancelado con reembolso', with Spanish field names. */
const reembolsoSchema = z
  .object({
    idPedido: z.number().int(),
    estado: z.enum(['pendiente', 'reembolsado']),
    monto: pesos('What goes back (the approved transfer payments)'),
    clabe: z.string().nullable().meta({ description: 'The CLABE it was sent to, once refunded' }),
    creado: z.iso.datetime(),
    reembolsado: z.iso.datetime().nullable(),
    reembolsadoPor: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The admin who marked it refunded' }),
  })
  .meta({ id: 'ReembolsoPedido' });

export function toReembolsoRest(r: OrderRefundView): z.input<typeof reembolsoSchema> {
  return {
    idPedido: r.orderId,
    estado: r.status === 'REFUNDED' ? 'reembolsado' : 'pendiente',
    monto: centsToPesos(r.amountCents),
    clabe: r.clabe,
    creado: r.createdAt.toISOString(),
    reembolsado: iso(r.refundedAt),
    reembolsadoPor: r.refundedBy,
  };
}

/** PUT /api/pedidos/:id/reembolso: the admin sent the transfer to `clabe`. */
const reembolsoBody = z.object({ clabe: z.union([text(40), z.null()]).optional() });

/** Returns and exchanges: the customer's request, the admin's list and steps. */
export const RETURN_ROUTES: readonly RouteDef[] = [
  route({
    method: 'post',
    path: '/pedidos/:id/devoluciones',
    access: 'signedIn',
    tag: 'Devoluciones',
    summary:
      'Return or exchange lines of your own delivered order, within 5 business days of delivery',
    params: idParams,
    body: devolucionBody,
    response: devolucionSchema,
    errors: [409],
    status: 201,
    handler: async ({ params, body, ctx }) =>
      toDevolucionRest(
        await ctx.services.returns.request(
          params.id,
          body.lineas.map((l) => ({
            productId: l.idProducto,
            size: l.talla,
            quantity: l.cantidad,
            reason: l.motivo,
            newSize: l.tallaNueva ?? null,
          })),
        ),
      ),
  }),
  route({
    method: 'get',
    path: '/devoluciones',
    access: 'admin',
    tag: 'Devoluciones',
    summary: 'Every return, newest first, optionally of one estado, paged (admin)',
    query: devolucionesQuery,
    headers: { 'X-Total-Count': 'How many returns match, over all pages' },
    response: z.array(devolucionSchema),
    handler: async ({ query, ctx, res }) => {
      const page = await ctx.services.returns.list(
        query.estado ? (STATUS_OF[query.estado] ?? null) : null,
        { offset: query.desde, limit: query.limite },
      );
      res.set('X-Total-Count', String(page.total));
      return page.items.map(toDevolucionRest);
    },
  }),
  route({
    method: 'put',
    path: '/devoluciones/:id',
    access: 'admin',
    tag: 'Devoluciones',
    summary:
      'Receive (stock back once), refund (Mercado Pago, or a transfer to `clabe`) or reject a return (admin)',
    params: idParams,
    body: devolucionUpdateBody,
    response: devolucionSchema,
    errors: [409],
    handler: async ({ params, body, ctx }) => {
      const update: ReturnUpdate = {
        status: STATUS_OF[body.estado] as ReturnUpdate['status'],
        clabe: body.clabe ?? null,
        shopFault: body.fallaTienda ?? false,
      };
      return toDevolucionRest(await ctx.services.returns.update(params.id, update));
    },
  }),
  route({
    method: 'get',
    path: '/pedidos/:id/reembolso',
    access: 'signedIn',
    tag: 'Devoluciones',
    summary:
      "The transfer refund of an order 'Cancelado con reembolso' paid by transfer (its owner or an admin)",
    description:
      'A card payment goes back through Mercado Pago by itself; a transfer payment waits as `pendiente` until the admin marks it sent. 404 (`NO_REFUND`) when the order has none.',
    params: idParams,
    response: reembolsoSchema,
    handler: async ({ params, ctx }) =>
      toReembolsoRest(await ctx.services.transferRefunds.ofOrder(params.id)),
  }),
  route({
    method: 'put',
    path: '/pedidos/:id/reembolso',
    access: 'admin',
    tag: 'Devoluciones',
    summary: "Mark an order's transfer refund sent to the customer's `clabe` (admin)",
    description:
      'The CLABE must have 18 digits and a valid check digit (400 `REQUIRED` / `INVALID_CLABE`). Records who and when, audits it and e-mails the customer; repeating it answers the refund as it is. 404 (`NO_REFUND`) when the order has no transfer refund.',
    params: idParams,
    body: reembolsoBody,
    response: reembolsoSchema,
    handler: async ({ params, body, ctx }) =>
      toReembolsoRest(
        await ctx.services.transferRefunds.markRefunded(params.id, body.clabe ?? null),
      ),
  }),
];
