/** Spec §9: the orders search waits 500 ms after the last keystroke. */
export const ORDERS_SEARCH_DEBOUNCE_MS = 500;
export const ORDERS_SEARCH_PLACEHOLDER = 'Buscar nombre de usuario, id de pedido o estado';

export const ORDER_EDIT_MESSAGES = {
  loadFailed: 'No se pudo cargar el pedido.',
  updateFailed: 'No se pudo actualizar el pedido.',
  updated: 'Pedido actualizado correctamente',
  /** Issue 24: only a paid order ships, unless the admin writes why. */
  overrideLabel: 'Motivo para enviarlo sin pago',
  overrideHelp:
    'El pedido no está pagado. Escribe por qué se envía de todos modos; queda registrado en el historial.',
} as const;

/** A transfer-paid order 'Cancelado con reembolso': its refund, sent by hand. */
export const ORDER_REFUND_EDIT_MESSAGES = {
  clabeLabel: 'CLABE del cliente para el reembolso',
  cancelHelp:
    'Pagó por transferencia: el dinero se devuelve a mano. Si ya hiciste la transferencia, escribe su CLABE; si la dejas vacía, el pedido queda con «Reembolso pendiente» y lo marcas después.',
  markButton: 'Marcar reembolsado',
  marked: 'Reembolso registrado',
  markFailed: 'No se pudo registrar el reembolso.',
  cancelledButNotMarked:
    'El pedido se canceló, pero el reembolso no se registró: queda pendiente. Márcalo de nuevo desde «Editar».',
} as const;

const dateFormat = new Intl.DateTimeFormat('es-ES', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** The creation date as the spec's admin reads it (es-ES, date and time): '23/11/2026, 22:30'. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** An order e-mail's delivery state (MailStatus) as the admin reads it. */
export const MAIL_STATUS_STYLES = {
  SENT: { label: 'Enviado', colorPalette: 'green' },
  PENDING: { label: 'Pendiente', colorPalette: 'orange' },
  FAILED: { label: 'Falló', colorPalette: 'red' },
} as const;

export const ORDER_EMAIL_MESSAGES = {
  loadFailed: 'No se pudieron cargar los correos.',
  resent: 'El correo se enviará de nuevo',
  resendFailed: 'No se pudo reenviar el correo.',
  none: 'Este pedido aún no tiene correos.',
} as const;
