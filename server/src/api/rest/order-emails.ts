import { z } from 'zod';
import { MAIL_TITLES, type MailKind } from '../../modules/mail/messages.js';
import type { OrderEmailView } from '../../modules/mail/order-emails.service.js';
import { route, type RouteDef } from './route.js';
import { idParams } from './schemas.js';

const ESTADOS = { pending: 'pendiente', sent: 'enviado', failed: 'fallido' } as const;

/** One of an order's e-mails, with the facade's Spanish field names. */
const correoSchema = z
  .object({
    id: z.number().int(),
    tipo: z.enum(Object.keys(MAIL_TITLES) as [MailKind, ...MailKind[]]),
    titulo: z.string(),
    destinatario: z.string(),
    estado: z.enum(Object.values(ESTADOS)),
    intentos: z.number().int(),
    error: z.string().nullable().meta({ description: 'Why the last try failed' }),
    creado: z.iso.datetime(),
    enviado: z.iso.datetime().nullable(),
    siguienteIntento: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Correo' });

export function toCorreoRest(e: OrderEmailView): z.input<typeof correoSchema> {
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
    tag: 'Pedidos',
    summary: "An order's e-mails and how their sending went (admin)",
    response: z.array(correoSchema),
    params: idParams,
    handler: async ({ params, ctx }) =>
      (await ctx.services.orderEmails.ofOrder(params.id)).map(toCorreoRest),
  }),

  route({
    method: 'post',
    path: '/correos/:id/reenviar',
    access: 'admin',
    tag: 'Pedidos',
    summary: 'Send one of those e-mails again (admin)',
    response: correoSchema,
    errors: [409],
    params: idParams,
    handler: async ({ params, ctx }) =>
      toCorreoRest(await ctx.services.orderEmails.resend(params.id)),
  }),
];
