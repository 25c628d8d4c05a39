import { z } from 'zod';
import type { CartLineRecord } from '../../modules/cart/cart.service.js';
import { noContent, route, type RouteDef } from './route.js';
import { bodyId, idParams, text } from './schemas.js';

/** A cart line as the spec's REST clients know it (§3 Cart line). */
const carritoSchema = z
  .object({
    id: z.number().int(),
    idUsuario: z.number().int(),
    idProducto: z.number().int().nullable(),
    cantidad: z.number().int(),
    talla: z.string(),
    comprado: z.boolean().meta({ description: 'true once an order bought it' }),
  })
  .meta({ id: 'Carrito' });

export function toCarritoRest(line: CartLineRecord): z.input<typeof carritoSchema> {
  return {
    id: line.id,
    idUsuario: line.userId,
    idProducto: line.productId,
    cantidad: line.quantity,
    talla: line.size,
    comprado: line.purchased,
  };
}

/** POST /api/carritos: the spec's fields; `comprado` is the server's business, ignored. */
const carritoBody = z.object({
  idUsuario: bodyId,
  idProducto: bodyId,
  cantidad: z.number().int(),
  talla: text(20),
});

/** Cart lines: /api/carritos, a user's cart /api/carritos/usuario/:id. */
export const CART_ROUTES: readonly RouteDef[] = [
  route({
    method: 'post',
    path: '/carritos',
    access: 'signedIn',
    tag: 'Carrito',
    summary: 'Put a product in a cart (one’s own; an admin, anyone’s)',
    response: carritoSchema,
    errors: [409],
    body: carritoBody,
    status: 201,
    handler: async ({ body, ctx }) => {
      const { lineId } = await ctx.services.cart.add(
        body.idProducto,
        body.talla,
        body.cantidad,
        body.idUsuario,
      );
      return toCarritoRest(await ctx.services.cart.line(lineId));
    },
  }),

  route({
    method: 'get',
    path: '/carritos/:id',
    access: 'signedIn',
    tag: 'Carrito',
    summary: 'One cart line',
    response: carritoSchema,
    params: idParams,
    handler: async ({ params, ctx }) => toCarritoRest(await ctx.services.cart.line(params.id)),
  }),

  route({
    method: 'put',
    path: '/carritos/:id',
    access: 'signedIn',
    tag: 'Carrito',
    summary: "Change a cart line's quantity",
    response: carritoSchema,
    errors: [409],
    params: idParams,
    body: z.object({ cantidad: z.number().int() }),
    handler: async ({ params, body, ctx }) => {
      await ctx.services.cart.setQuantity(params.id, body.cantidad);
      return toCarritoRest(await ctx.services.cart.line(params.id));
    },
  }),

  route({
    method: 'delete',
    path: '/carritos/:id',
    access: 'signedIn',
    tag: 'Carrito',
    summary: 'Take a line out of the cart',
    response: noContent,
    params: idParams,
    status: 204,
    handler: ({ params, ctx }) => ctx.services.cart.remove(params.id),
  }),

  route({
    method: 'get',
    path: '/carritos/usuario/:id',
    access: 'signedIn',
    tag: 'Carrito',
    summary: "A user's open cart lines",
    response: z.array(carritoSchema),
    params: idParams,
    handler: async ({ params, ctx }) =>
      (await ctx.services.cart.linesOfUser(params.id)).map(toCarritoRest),
  }),
];
