import { mexicoCityDay, mexicoCityDayStart, nextDay, SPANISH_MONTHS } from './coupons.js';
import { problem, type Problem } from './problem.js';
import { isValidClabe } from './shop-settings.js';

/**
 * Returns and size exchanges (issue 25, item 6): PROFECO gives the buyer five business days from
 * delivery (LFPC art. 56), counted in Mexico City time, weekends and the federal holidays of the
 * LFT art. 74 skipped. The server refuses with these rules; 'Mis pedidos' shows the same window
 * and messages before sending.
 *
 * Election days (LFT art. 74 fr. IX: the days the federal and local electoral laws set for an
 * ordinary election) are rest days too, but they are not computable from the calendar: they
 * depend on each state's law and on each year's decree. They are not counted here, so on such a
 * year the window is one day shorter than the law's at most; the shop may grant more by hand.
 */

/** How many business days after delivery a return or exchange may be asked for. */
export const RETURN_BUSINESS_DAYS = 5;

export const RETURN_STATUSES = ['REQUESTED', 'RECEIVED', 'REFUNDED', 'REJECTED'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The Spanish words of a return's status, as the REST facade takes and answers them. */
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  REQUESTED: 'solicitada',
  RECEIVED: 'recibida',
  REFUNDED: 'reembolsada',
  REJECTED: 'rechazada',
};

/** How a return's money goes back. */
export const REFUND_METHODS = ['MERCADOPAGO', 'TRANSFER'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  MERCADOPAGO: 'Mercado Pago',
  TRANSFER: 'Transferencia (CLABE)',
};

export const RETURN_MAX_REASON_LENGTH = 500;

export const RETURN_MESSAGES = {
  windowClosed: (deadline: Date) =>
    `El plazo para devolver o cambiar este pedido terminó el ${returnDeadlineText(deadline)} ` +
    `(${RETURN_BUSINESS_DAYS} días hábiles desde la entrega).`,
  windowOpen: (deadline: Date) =>
    `Puedes devolverlo o cambiar la talla hasta el ${returnDeadlineText(deadline)}.`,
  notDelivered: 'Solo se puede devolver o cambiar un pedido entregado.',
  noLines: 'Elige al menos un producto para devolver o cambiar.',
  notBought: 'Ese producto y talla no están en el pedido.',
  duplicateLine: 'Ese producto y talla ya están en la solicitud; cambia la cantidad.',
  quantity: (left: number) =>
    left === 0
      ? 'Ya pediste devolver todas las piezas de este producto.'
      : `La cantidad debe ser un número entero entre 1 y ${left}.`,
  reasonRequired: 'Escribe el motivo de la devolución o el cambio.',
  reasonTooLong: `El motivo no puede tener más de ${RETURN_MAX_REASON_LENGTH} caracteres.`,
  newSizeMissing: (size: string) => `Este producto no tiene la talla ${size}.`,
  newSizeSame: 'La talla nueva debe ser distinta de la que compraste.',
  clabeRequired: 'Escribe la CLABE a la que se hará la transferencia.',
  invalidClabe: 'La CLABE debe tener 18 dígitos y un dígito verificador válido.',
} as const;

// ---------------------------------------------------------------------------------------------
// Business days

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const weekdayOf = (day: string): number => {
  const [, y, m, d] = DAY.exec(day)!.map(Number) as [number, number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
};

/** The `nth` Monday (1-based) of a month: 'YYYY-MM-DD'. */
function nthMonday(year: number, month: number, nth: number): string {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const day = 1 + ((8 - first) % 7) + (nth - 1) * 7;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The federal rest days of LFT art. 74 in a year (fr. I–VIII and X): 1 January; the first
 * Monday of February; the third Monday of March; 1 May; 16 September; the third Monday of
 * November; 25 December; and, every six years, the day the President takes office: 1 October
 * since 2024 (2024, 2030…), 1 December before (…, 2012, 2018). Election days (fr. IX) are not
 * computable: see the top of this file.
 */
export function mexicanHolidays(year: number): string[] {
  const y = String(year);
  const days = [
    `${y}-01-01`,
    nthMonday(year, 2, 1),
    nthMonday(year, 3, 3),
    `${y}-05-01`,
    `${y}-09-16`,
    nthMonday(year, 11, 3),
    `${y}-12-25`,
  ];
  if (year >= 2024 && (year - 2024) % 6 === 0) days.push(`${y}-10-01`);
  if (year < 2024 && (2018 - year) % 6 === 0) days.push(`${y}-12-01`);
  return days.sort();
}

/** Whether a Mexico City day ('YYYY-MM-DD') is a business day: not a weekend, not a holiday. */
export function isBusinessDay(day: string): boolean {
  const weekday = weekdayOf(day);
  if (weekday === 0 || weekday === 6) return false;
  return !mexicanHolidays(Number(day.slice(0, 4))).includes(day);
}

/** The `n`th business day after `day` (`day` itself never counts). */
export function addBusinessDays(day: string, n: number): string {
  let current = day;
  for (let counted = 0; counted < n;) {
    current = nextDay(current);
    if (isBusinessDay(current)) counted += 1;
  }
  return current;
}

/** The last Mexico City day a return may be asked for: the 5th business day after delivery. */
export function returnLastDay(deliveredAt: Date): string {
  return addBusinessDays(mexicoCityDay(deliveredAt), RETURN_BUSINESS_DAYS);
}

/**
 * When the window closes: the end of the 5th business day after the delivery's Mexico City day
 * (the instant the next day starts there; a return asked before it is in time).
 */
export function returnDeadline(deliveredAt: Date): Date {
  return mexicoCityDayStart(nextDay(returnLastDay(deliveredAt)));
}

/** Whether a return or exchange may be asked for at `now` of an order delivered at `deliveredAt`. */
export function canReturn(now: Date, deliveredAt: Date | null): boolean {
  if (deliveredAt === null) return false;
  return now.getTime() < returnDeadline(deliveredAt).getTime();
}

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];

/** The window's last day in words: 'viernes 4 de diciembre de 2026'. */
export function returnDeadlineText(deadline: Date): string {
  // The deadline is the start of the next day: its last day is the day before that instant.
  const lastDay = mexicoCityDay(new Date(deadline.getTime() - 1));
  const [y, m, d] = lastDay.split('-').map(Number) as [number, number, number];
  return `${WEEKDAYS[weekdayOf(lastDay)]} ${d} de ${SPANISH_MONTHS[m - 1]} de ${y}`;
}

// ---------------------------------------------------------------------------------------------
// CLABE

/** The refusal of a CLABE for a transfer refund, or undefined when it is good. */
export function clabeProblem(clabe: string | null | undefined): Problem<'clabe'> | undefined {
  const value = (clabe ?? '').replace(/\s+/g, '');
  if (value === '') return problem('clabe', 'REQUIRED', RETURN_MESSAGES.clabeRequired);
  if (!isValidClabe(value)) return problem('clabe', 'INVALID_CLABE', RETURN_MESSAGES.invalidClabe);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// A return request

/** One line the customer asks to return (or exchange, with `newSize`). */
export interface ReturnLineDraft {
  productId: number;
  size: string;
  quantity: number;
  reason: string;
  /** For an exchange: the size wanted instead. */
  newSize?: string | null;
}

/** What the order has: each line's units bought and already asked back (not rejected). */
export interface ReturnableLine {
  productId: number;
  size: string;
  bought: number;
  alreadyReturned: number;
  /** The sizes the product has now (for an exchange). */
  productSizes: readonly string[];
}

/** A request's field: `lines` for the whole, `lines.<i>.<field>` for one line's. */
export type ReturnField =
  | 'lines'
  | `lines.${number}.productId`
  | `lines.${number}.quantity`
  | `lines.${number}.reason`
  | `lines.${number}.newSize`;

/**
 * What is wrong with a return request: at least one line; each line bought in the order, once;
 * its quantity a whole number from 1 to what was bought minus what was already asked back; its
 * reason written (at most 500 characters); a new size, when given, one the product has and not
 * the one bought.
 */
export function returnRequestProblems(
  lines: readonly ReturnLineDraft[],
  order: readonly ReturnableLine[],
): Problem<ReturnField>[] {
  const problems: Problem<ReturnField>[] = [];
  if (lines.length === 0) problems.push(problem('lines', 'REQUIRED', RETURN_MESSAGES.noLines));
  const seen = new Set<string>();
  lines.forEach((line, i) => {
    const key = `${line.productId}\u0000${line.size}`;
    const bought = order.find((o) => o.productId === line.productId && o.size === line.size);
    if (!bought) {
      problems.push(problem(`lines.${i}.productId`, 'NOT_BOUGHT', RETURN_MESSAGES.notBought));
    } else if (seen.has(key)) {
      problems.push(
        problem(`lines.${i}.productId`, 'DUPLICATE_LINE', RETURN_MESSAGES.duplicateLine),
      );
    } else {
      const left = Math.max(0, bought.bought - bought.alreadyReturned);
      if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > left) {
        problems.push(
          problem(`lines.${i}.quantity`, 'RETURN_QUANTITY', RETURN_MESSAGES.quantity(left)),
        );
      }
      const newSize = line.newSize?.trim();
      if (newSize) {
        if (newSize === line.size) {
          problems.push(problem(`lines.${i}.newSize`, 'INVALID_SIZE', RETURN_MESSAGES.newSizeSame));
        } else if (!bought.productSizes.includes(newSize)) {
          problems.push(
            problem(`lines.${i}.newSize`, 'INVALID_SIZE', RETURN_MESSAGES.newSizeMissing(newSize)),
          );
        }
      }
    }
    seen.add(key);
    const reason = line.reason.trim();
    if (reason === '') {
      problems.push(problem(`lines.${i}.reason`, 'REQUIRED', RETURN_MESSAGES.reasonRequired));
    } else if ([...reason].length > RETURN_MAX_REASON_LENGTH) {
      problems.push(problem(`lines.${i}.reason`, 'TOO_LONG', RETURN_MESSAGES.reasonTooLong));
    }
  });
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The transfer refund of an order 'Cancelado con reembolso'
// ---------------------------------------------------------------------------------------------

/**
 * A paid order cancelled with a refund: a card payment goes back through Mercado Pago by itself;
 * a transfer payment is sent back by hand, so its refund waits ('PENDING') until the admin marks
 * it sent to the customer's CLABE ('REFUNDED'). The CLABE rule is `clabeProblem`'s.
 */
export const ORDER_REFUND_STATUSES = ['PENDING', 'REFUNDED'] as const;
export type OrderRefundStatus = (typeof ORDER_REFUND_STATUSES)[number];

/** What the admin and the customer read of the refund's state. */
export const ORDER_REFUND_STATUS_LABELS: Record<OrderRefundStatus, string> = {
  PENDING: 'Reembolso pendiente',
  REFUNDED: 'Reembolsado',
};

export const ORDER_REFUND_MESSAGES = {
  /** The customer's line in 'Mis pedidos' while the transfer is not sent. */
  pendingForCustomer: (amount: string) =>
    `Te devolveremos ${amount} por transferencia. Si aún no nos diste tu CLABE, escríbenos por WhatsApp.`,
  refundedForCustomer: (amount: string, clabeEnd: string, day: string) =>
    `Te devolvimos ${amount} por transferencia a la CLABE terminada en ${clabeEnd} el ${day}.`,
  /** The admin's note on the order while it waits. */
  pendingForAdmin: (amount: string) =>
    `Falta devolver ${amount} por transferencia: cuando la hagas, márcalo con la CLABE del cliente.`,
  notFound: 'Este pedido no tiene un reembolso por transferencia.',
} as const;
