import { emailProblem } from './accounts.js';
import type { Problem } from './problem.js';

/**
 * 'Avísame cuando llegue' (issue 26 item 3): a sold-out size of a product offers a back-in-stock
 * e-mail. A signed-in shopper subscribes with their account's address at once; a visitor writes
 * an address and confirms it through the link we send there (so nobody subscribes someone else).
 * These are the words both the product page and the server say.
 */
export const STOCK_ALERT_MESSAGES = {
  /** The offer under a sold-out size. */
  offer: 'Avísame cuando llegue',
  /** A signed-in shopper (or a confirmed address): subscribed. */
  subscribed: (email: string, size: string) =>
    `Listo: te escribiremos a ${email} cuando llegue la talla ${size}.`,
  /** A visitor: the confirmation e-mail is on its way (the same whatever the address). */
  confirmationSent: (email: string) =>
    `Te enviamos un correo a ${email}. Abre el enlace para confirmar el aviso.`,
  /** The size is not sold out: nothing to wait for. */
  inStock: 'Esta talla tiene existencias: puedes agregarla al carrito.',
  /** The product has no such size. */
  unknownSize: 'Esta talla no existe para este producto.',
  /** The product is not shown (unknown, hidden or deleted). */
  unknownProduct: 'Producto no encontrado',
  /** The confirmation link is unknown (mistyped) or its alert already went out. */
  invalidToken: 'El enlace para confirmar el aviso no es válido o ya se usó.',
  /** The link was opened: the alert stands. */
  confirmed: (productName: string, size: string) =>
    `Listo: te avisaremos cuando llegue la talla ${size} de ${productName}.`,
  /** The link was opened after the size came back: no e-mail will follow, it is here now. */
  confirmedInStock: (productName: string, size: string) =>
    `¡Buenas noticias! La talla ${size} de ${productName} ya está disponible.`,
} as const;

/** A visitor's address for the alert: required, then well formed (the registration's words). */
export function stockAlertEmailProblem(email: string): Problem<'email'> | undefined {
  return emailProblem(email, 'email');
}
