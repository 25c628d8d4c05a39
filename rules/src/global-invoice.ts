import { isCalendarDay, mexicoCityDay } from './coupons.js';
import { problem, type Problem } from './problem.js';

/**
 * The global invoice (issue 25 item 5): the paid orders of a period nobody invoiced, in one CFDI
 * to the public in general. The shop's periodicity (Ajustes), the closed periods it is issued
 * for, and the admin's range for 'Emitir ahora', checked the same in the form and the server.
 */
export const GLOBAL_INVOICE_PERIODICITIES = ['day', 'week', 'month'] as const;
export type GlobalInvoicePeriodicity = (typeof GLOBAL_INVOICE_PERIODICITIES)[number];
export const DEFAULT_GLOBAL_INVOICE_PERIODICITY: GlobalInvoicePeriodicity = 'month';

export const GLOBAL_INVOICE_PERIODICITY_LABELS: Record<GlobalInvoicePeriodicity, string> = {
  day: 'Diaria',
  week: 'Semanal',
  month: 'Mensual',
};

export const GLOBAL_INVOICE_MESSAGES = {
  invalidPeriodicity: 'La periodicidad de la factura global debe ser diaria, semanal o mensual',
  invalidDay: (field: 'desde' | 'hasta') =>
    `La fecha «${field}» debe ser un día válido con formato AAAA-MM-DD`,
  inverted: 'La fecha «desde» no puede ser posterior a la fecha «hasta»',
  notClosed:
    'Solo se puede emitir la factura global de un periodo cerrado: la fecha «hasta» debe ser anterior a hoy (hora de la Ciudad de México)',
  tooLong: 'El periodo de una factura global no puede pasar de un mes calendario',
} as const;

export function isGlobalInvoicePeriodicity(value: unknown): value is GlobalInvoicePeriodicity {
  return GLOBAL_INVOICE_PERIODICITIES.some((p) => p === value);
}

/** The shop's periodicity as stored (a hand-edited or missing value: monthly). */
export function globalInvoicePeriodicityOf(value: unknown): GlobalInvoicePeriodicity {
  return isGlobalInvoicePeriodicity(value) ? value : DEFAULT_GLOBAL_INVOICE_PERIODICITY;
}

export interface DayRange {
  from: string;
  to: string;
}

/**
 * The admin's range for 'Emitir ahora': two Mexico City days, in order, already over (the range
 * must be closed), within one calendar month (a CFDI global names one month and year).
 */
export function globalInvoiceRangeProblems(
  range: DayRange,
  now: Date,
): Problem<'desde' | 'hasta'>[] {
  const M = GLOBAL_INVOICE_MESSAGES;
  const problems: Problem<'desde' | 'hasta'>[] = [];
  if (!isCalendarDay(range.from))
    problems.push(problem('desde', 'INVALID_DAY', M.invalidDay('desde')));
  if (!isCalendarDay(range.to))
    problems.push(problem('hasta', 'INVALID_DAY', M.invalidDay('hasta')));
  if (problems.length > 0) return problems;
  if (range.from > range.to) return [problem('desde', 'INVERTED_RANGE', M.inverted)];
  if (range.to >= mexicoCityDay(now)) return [problem('hasta', 'PERIOD_NOT_CLOSED', M.notClosed)];
  if (range.from.slice(0, 7) !== range.to.slice(0, 7)) {
    return [problem('hasta', 'PERIOD_TOO_LONG', M.tooLong)];
  }
  return [];
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utcMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * The last period of this periodicity that is over at `now` (Mexico City days): yesterday; the
 * last Monday–Sunday week; the last calendar month. A week that spans two months is cut at the
 * month's end (a CFDI global names one month), so its first part closes with the month.
 */
export function lastClosedPeriod(periodicity: GlobalInvoicePeriodicity, now: Date): DayRange {
  const today = mexicoCityDay(now);
  const yesterday = dayOf(utcMs(today) - 86_400_000);
  if (periodicity === 'day') return { from: yesterday, to: yesterday };
  if (periodicity === 'month') {
    const to = dayOf(utcMs(`${today.slice(0, 7)}-01`) - 86_400_000);
    return { from: `${to.slice(0, 7)}-01`, to };
  }
  // The week (Monday to Sunday) or its part within one month that ended most recently.
  const weekday = (new Date(utcMs(today)).getUTCDay() + 6) % 7; // Monday 0
  const monthStart = `${today.slice(0, 7)}-01`;
  const weekStart = dayOf(utcMs(today) - weekday * 86_400_000);
  // The current stretch starts at max(this week's Monday, the month's first day); the period
  // before it is the one that closed last.
  const currentStart = weekStart > monthStart ? weekStart : monthStart;
  const to = dayOf(utcMs(currentStart) - 86_400_000);
  const toWeekday = (new Date(utcMs(to)).getUTCDay() + 6) % 7;
  const toWeekStart = dayOf(utcMs(to) - toWeekday * 86_400_000);
  const toMonthStart = `${to.slice(0, 7)}-01`;
  return { from: toWeekStart > toMonthStart ? toWeekStart : toMonthStart, to };
}
