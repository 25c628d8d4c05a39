import { isCalendarDay, mexicoCityDay, nextDay } from './coupons.js';
import { problem, type Problem } from './problem.js';

/**
 * 'Resumen', the owner's home screen: its range of Mexico City days (both ends inclusive), the
 * choices the screen offers, and the low-stock threshold. The server checks every request with
 * `summaryProblems`; the screen computes the preset ranges with `summaryPresetRange`.
 */

/** The longest range the summary answers, in days (a year and a leap day). */
export const SUMMARY_MAX_DAYS = 366;
/** Sizes with this many units or fewer are listed as low stock, unless the owner says otherwise. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 2;
export const MAX_LOW_STOCK_THRESHOLD = 1000;
/** How long ahead the summary looks for unpaid orders the sweep will release. */
export const RELEASE_WINDOW_HOURS = 24;

export const SUMMARY_PRESETS = [
  'TODAY',
  'LAST_7_DAYS',
  'LAST_30_DAYS',
  'THIS_MONTH',
  'CUSTOM',
] as const;
export type SummaryPreset = (typeof SUMMARY_PRESETS)[number];

export const SUMMARY_PRESET_LABELS: Record<SummaryPreset, string> = {
  TODAY: 'Hoy',
  LAST_7_DAYS: '7 días',
  LAST_30_DAYS: '30 días',
  THIS_MONTH: 'Este mes',
  CUSTOM: 'Personalizado',
};

export const SUMMARY_MESSAGES = {
  invalidFrom: 'La fecha inicial no es válida (AAAA-MM-DD)',
  invalidTo: 'La fecha final no es válida (AAAA-MM-DD)',
  dateOrder: 'La fecha final no puede ser anterior a la inicial',
  rangeTooLong: `El periodo no puede pasar de ${SUMMARY_MAX_DAYS} días`,
  invalidThreshold: `El umbral de existencias debe ser un número entero entre 0 y ${MAX_LOW_STOCK_THRESHOLD}`,
} as const;

export interface SummaryRange {
  /** First Mexico City day, 'YYYY-MM-DD'. */
  from: string;
  /** Last Mexico City day, inclusive. */
  to: string;
}

export type SummaryField = 'from' | 'to' | 'lowStockThreshold';

/** `day` moved by `n` days ('2026-03-01', -1 → '2026-02-28'). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** How many days from `from` to `to`, both included ('2026-11-01'..'2026-11-30' → 30). */
export function daysInRange(range: SummaryRange): number {
  const start = Date.parse(`${range.from}T00:00:00Z`);
  const end = Date.parse(`${range.to}T00:00:00Z`);
  return Math.round((end - start) / 86_400_000) + 1;
}

/** Every day of the range, in order. */
export function summaryDays(range: SummaryRange): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = nextDay(day)) days.push(day);
  return days;
}

/** What is wrong with a range and threshold: calendar days, in order, at most SUMMARY_MAX_DAYS. */
export function summaryProblems(
  range: SummaryRange,
  lowStockThreshold: number = DEFAULT_LOW_STOCK_THRESHOLD,
): Problem<SummaryField>[] {
  const problems: Problem<SummaryField>[] = [];
  const fromOk = isCalendarDay(range.from);
  const toOk = isCalendarDay(range.to);
  if (!fromOk) problems.push(problem('from', 'INVALID_DATE', SUMMARY_MESSAGES.invalidFrom));
  if (!toOk) problems.push(problem('to', 'INVALID_DATE', SUMMARY_MESSAGES.invalidTo));
  if (fromOk && toOk) {
    if (range.to < range.from) {
      problems.push(problem('to', 'DATE_ORDER', SUMMARY_MESSAGES.dateOrder));
    } else if (daysInRange(range) > SUMMARY_MAX_DAYS) {
      problems.push(problem('to', 'RANGE_TOO_LONG', SUMMARY_MESSAGES.rangeTooLong));
    }
  }
  if (
    !Number.isInteger(lowStockThreshold) ||
    lowStockThreshold < 0 ||
    lowStockThreshold > MAX_LOW_STOCK_THRESHOLD
  ) {
    problems.push(
      problem('lowStockThreshold', 'INVALID_THRESHOLD', SUMMARY_MESSAGES.invalidThreshold),
    );
  }
  return problems;
}

/**
 * The range of a preset at `now`, in Mexico City days: today; the last 7 or 30 days ending
 * today; this month from its first day to today. CUSTOM has no range of its own (today).
 */
export function summaryPresetRange(preset: SummaryPreset, now: Date): SummaryRange {
  const today = mexicoCityDay(now);
  switch (preset) {
    case 'LAST_7_DAYS':
      return { from: addDays(today, -6), to: today };
    case 'LAST_30_DAYS':
      return { from: addDays(today, -29), to: today };
    case 'THIS_MONTH':
      return { from: `${today.slice(0, 8)}01`, to: today };
    default:
      return { from: today, to: today };
  }
}

/** The average ticket: revenue over paid orders, rounded to the centavo (0 without orders). */
export function averageTicketCents(revenueCents: number, orders: number): number {
  return orders === 0 ? 0 : Math.round(revenueCents / orders);
}
