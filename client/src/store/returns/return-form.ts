import { type ReturnLineDraft, type ReturnStatus } from '@tienda/rules';

/** What the customer reads for each step of a return. */
export const RETURN_STATUS_WORDS: Record<ReturnStatus, string> = {
  REQUESTED: 'Solicitada: envíanos el producto',
  RECEIVED: 'Recibida en la tienda',
  REFUNDED: 'Reembolsada',
  REJECTED: 'Rechazada',
};

/** One line of the dialog as typed: how many units (0: not this line), why, the new size. */
export interface ReturnLineValues {
  productId: number;
  size: string;
  quantity: number;
  reason: string;
  /** '' for a refund; a size for an exchange. */
  newSize: string;
}

/** The lines the customer chose, as the request sends them. */
export function chosenLines(values: readonly ReturnLineValues[]): ReturnLineDraft[] {
  return values
    .filter((v) => v.quantity > 0)
    .map((v) => ({
      productId: v.productId,
      size: v.size,
      quantity: v.quantity,
      reason: v.reason,
      newSize: v.newSize === '' ? null : v.newSize,
    }));
}
