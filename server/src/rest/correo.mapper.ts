import type { OrderEmailView } from '../modules/mail/order-emails.service.js';

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
