import { z } from 'zod';
import type {
  StockAlertConfirmation,
  StockAlertDemand,
  StockAlertRequest,
} from '../../modules/stock/stock-alerts.js';
import { route, type RouteDef } from './route.js';
import { idParams, text } from './schemas.js';

const avisoSchema = z
  .object({
    estado: z.enum(['suscrito', 'confirmacion-enviada']).meta({
      description:
        "suscrito: a signed-in shopper's request waits now; confirmacion-enviada: a visitor must open the e-mailed link",
    }),
    email: z.string(),
    mensaje: z.string(),
  })
  .meta({ id: 'AvisoExistencias' });

const avisoConfirmadoSchema = z
  .object({
    idProducto: z.number().int(),
    producto: z.string(),
    talla: z.string(),
    disponible: z.boolean().meta({
      description: 'The size came back before the link was opened: no e-mail follows',
    }),
    mensaje: z.string(),
  })
  .meta({ id: 'AvisoConfirmado' });

const avisoPendienteSchema = z
  .object({
    idProducto: z.number().int(),
    producto: z.string(),
    talla: z.string(),
    esperando: z.number().int(),
    cantidad: z.number().int(),
  })
  .meta({ id: 'AvisosPendientes' });

const toAvisoRest = (r: StockAlertRequest): z.input<typeof avisoSchema> => ({
  estado: r.status === 'SUBSCRIBED' ? 'suscrito' : 'confirmacion-enviada',
  email: r.email,
  mensaje: r.message,
});

const toAvisoConfirmadoRest = (
  c: StockAlertConfirmation,
): z.input<typeof avisoConfirmadoSchema> => ({
  idProducto: c.productId,
  producto: c.productName,
  talla: c.size,
  disponible: c.inStock,
  mensaje: c.message,
});

const toAvisoPendienteRest = (d: StockAlertDemand): z.input<typeof avisoPendienteSchema> => ({
  idProducto: d.productId,
  producto: d.productName,
  talla: d.size,
  esperando: d.waiting,
  cantidad: d.units,
});

/** 'Avísame cuando llegue': POST /api/productos/:id/avisos, POST /api/avisos/confirmar, GET /api/avisos. */
export const STOCK_ALERT_ROUTES: readonly RouteDef[] = [
  route({
    method: 'post',
    path: '/productos/:id/avisos',
    access: 'public',
    tag: 'Avisos',
    summary: "'Avísame cuando llegue' for a sold-out size (`talla`; `email` for a visitor)",
    description:
      "Signed in: the account's address, waiting at once (`email` is ignored). A visitor: `email` gets a confirmation link first; the answer is the same whether the address already waits.",
    response: avisoSchema,
    errors: [404, 409, 429],
    params: idParams,
    body: z.object({ talla: text(40), email: text(1000).optional() }),
    handler: async ({ params, body, ctx }) =>
      toAvisoRest(await ctx.services.stockAlerts.request(params.id, body.talla, body.email)),
  }),

  route({
    method: 'post',
    path: '/avisos/confirmar',
    access: 'public',
    tag: 'Avisos',
    summary: "Confirm a visitor's back-in-stock request with the e-mailed link's `token`",
    response: avisoConfirmadoSchema,
    errors: [429],
    body: z.object({ token: text(200) }),
    handler: async ({ body, ctx }) =>
      toAvisoConfirmadoRest(await ctx.services.stockAlerts.confirm(body.token)),
  }),

  route({
    method: 'get',
    path: '/avisos',
    access: 'admin',
    tag: 'Avisos',
    summary: 'Sizes shoppers wait for (confirmed requests), most awaited first (admin)',
    response: z.array(avisoPendienteSchema),
    handler: async ({ ctx }) => (await ctx.services.stockAlerts.demand()).map(toAvisoPendienteRest),
  }),
];
