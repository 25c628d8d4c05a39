import type { OrderEmailView } from '../../modules/mail/order-emails.service.js';
import { route, type RouteDef } from './route.js';
import { idParams } from './schemas.js';

const ESTADOS = { pending: 'pendiente', sent: 'enviado', failed: 'fallido' } as const;

/** One of an order's e-mails, with the facade's Spanish field names. */
export function toCorreoRest(e: OrderEmailView) {
  return {
    id: e.id,
    tipo: e.kind,
    titulo: e.title,
    destinatario: e.recipient,
    estado: ESTADOS[e.status],
    intentos: e.attempts,
    error: e.lastError,
    creado: e.createdAt.toISOString(),
    enviado: e.sentAt?.toISOString() ?? null,
    siguienteIntento: e.nextAttemptAt?.toISOString() ?? null,
  };
}

/** The admin's view of an order's e-mails: /api/pedidos/:id/correos, /api/correos/:id/reenviar. */
export const ORDER_EMAIL_ROUTES: readonly RouteDef[] = [
  route({
    method: 'get',
    path: '/pedidos/:id/correos',
    access: 'admin',
    params: idParams,
    handler: async ({ params, ctx }) =>
      (await ctx.services.orderEmails.ofOrder(params.id)).map(toCorreoRest),
  }),

  route({
    method: 'post',
    path: '/correos/:id/reenviar',
    access: 'admin',
    params: idParams,
    handler: async ({ params, ctx }) =>
      toCorreoRest(await ctx.services.orderEmails.resend(params.id)),
  }),
];
