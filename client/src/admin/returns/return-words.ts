import { RETURN_STATUS_LABELS, type ReturnStatus } from '@tienda/rules';

/** The list's badge: the status in the shop's words, capitalised. */
export const returnStatusText = (status: ReturnStatus): string => {
  const words = RETURN_STATUS_LABELS[status];
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const RETURN_PALETTE: Record<ReturnStatus, string> = {
  REQUESTED: 'orange',
  RECEIVED: 'blue',
  REFUNDED: 'green',
  REJECTED: 'gray',
};

export const RETURN_SCREEN_MESSAGES = {
  empty: 'Aún no hay devoluciones',
  received: 'Devolución recibida: las piezas volvieron al inventario.',
  refunded: 'Reembolso registrado.',
  rejected: 'Devolución rechazada.',
  failed: 'No se pudo actualizar la devolución.',
} as const;
