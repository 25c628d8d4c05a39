import { z } from 'zod';
import { route, type RouteDef } from './route.js';
import { bodyId, text } from './schemas.js';

/** Card payments (Mercado Pago): the preference for an order, the provider's webhook. */
export const PAYMENT_ROUTES: readonly RouteDef[] = [
  route({
    method: 'post',
    path: '/mercadopago/crear-preferencia',
    access: 'signedIn',
    tag: 'Pagos',
    summary: "Pay an order by card: Mercado Pago's checkout for the order's amount",
    response: z
      .object({
        id: z.string(),
        init_point: z
          .string()
          .meta({ description: "Mercado Pago's checkout page to send the shopper to" }),
      })
      .meta({ id: 'PreferenciaMercadoPago' }),
    errors: [409],
    // The spec's client sends items with prices: ignored, the order decides the amount.
    body: z.object({ idPedido: bodyId }),
    handler: async ({ body, ctx }) => {
      const checkout = await ctx.services.payments.createPreference(body.idPedido, ctx.shopUrl);
      return { id: checkout.id, init_point: checkout.initPoint };
    },
  }),

  route({
    method: 'post',
    path: '/mercadopago/webhook',
    tag: 'Pagos',
    summary: "Mercado Pago's payment notification (its servers call it, signed)",
    description: 'A notification without a valid `x-signature` answers 401.',
    response: z
      .object({ ok: z.literal(true), outcome: z.enum(['paid', 'ignored']) })
      .meta({ id: 'WebhookMercadoPago' }),
    errors: [401, 409],
    credential: 'mercadoPagoSignature',
    // Mercado Pago's servers call it: its signature, checked by the service, is the credential.
    access: 'public',
    query: z.object({ 'data.id': text(100).optional(), type: text(50).optional() }),
    handler: async ({ query, req, ctx }) => {
      const body = req.body as { type?: unknown } | undefined;
      const outcome = await ctx.services.payments.handleWebhook({
        dataId: query['data.id'],
        type: query.type ?? (typeof body?.type === 'string' ? body.type : undefined),
        xSignature: req.get('x-signature'),
        xRequestId: req.get('x-request-id'),
      });
      return { ok: true as const, outcome };
    },
  }),
];
