import { badInput } from './errors.js';

/** A page of a list: skip `offset` items, return at most `limit`. */
export interface Page {
  offset: number;
  limit: number;
}

/**
 * Refuses a page that is not whole, non-negative, or larger than `maxLimit` (`items` names what
 * is listed, for the message: 'Máximo 100 productos por página').
 */
export function checkPage(page: Page, maxLimit: number, items: string): void {
  if (!Number.isInteger(page.offset) || page.offset < 0) {
    throw badInput('El desplazamiento debe ser un entero no negativo', 'offset');
  }
  if (!Number.isInteger(page.limit) || page.limit < 1) {
    throw badInput('El tamaño de página debe ser un entero positivo', 'limit');
  }
  if (page.limit > maxLimit) throw badInput(`Máximo ${maxLimit} ${items} por página`, 'limit');
}
