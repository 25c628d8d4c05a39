import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  MAX_LOW_STOCK_THRESHOLD,
  SUMMARY_PRESETS,
  summaryPresetRange,
  type SummaryPreset,
  type SummaryRange,
} from '@tienda/rules';

/** The preset as the URL names it (`?periodo=30-dias`). */
export const PRESET_SLUGS: Record<SummaryPreset, string> = {
  TODAY: 'hoy',
  LAST_7_DAYS: '7-dias',
  LAST_30_DAYS: '30-dias',
  THIS_MONTH: 'mes',
  CUSTOM: 'personalizado',
};

/** What the screen shows when the URL says nothing: the last 30 days. */
export const DEFAULT_PRESET: SummaryPreset = 'LAST_30_DAYS';

export function presetOfSlug(slug: string | null): SummaryPreset {
  return SUMMARY_PRESETS.find((p) => PRESET_SLUGS[p] === slug) ?? DEFAULT_PRESET;
}

/**
 * The range the screen asks for: a preset's at `now`, or a custom one as typed (the server and
 * `summaryProblems` judge it; an empty day falls back to today).
 */
export function rangeOf(
  preset: SummaryPreset,
  custom: { desde: string; hasta: string },
  now: Date,
): SummaryRange {
  const today = summaryPresetRange('TODAY', now).to;
  if (preset !== 'CUSTOM') return summaryPresetRange(preset, now);
  return { from: custom.desde || today, to: custom.hasta || today };
}

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
const WEEKDAYS = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'];

const partsOf = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { y, m, d, weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay() };
};

/** A Mexico City day as the chart's axis shows it: '27 nov'. */
export function shortDay(day: string): string {
  const { m, d } = partsOf(day);
  return `${d} ${MONTHS[m - 1]}`;
}

/** A day as the table shows it: 'vie, 27 nov 2026'. */
export function longDay(day: string): string {
  const { y, m, d, weekday } = partsOf(day);
  return `${WEEKDAYS[weekday]}, ${d} ${MONTHS[m - 1]} ${y}`;
}

const releaseFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Mexico_City',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** When an unpaid order is released, Mexico City time: 'sáb, 14:30'. */
export function releaseTime(iso: string): string {
  const parts = Object.fromEntries(
    releaseFormat.formatToParts(new Date(iso)).map((p) => [p.type, p.value]),
  );
  const { weekday } = partsOf(`${parts.year}-${parts.month}-${parts.day}`);
  return `${WEEKDAYS[weekday]}, ${parts.hour}:${parts.minute}`;
}

const units = new Intl.NumberFormat('es-MX');
export const formatCount = (n: number) => units.format(n);

/** Where the owner's low-stock threshold is kept in this browser, per admin. */
export const thresholdKey = (userId: number | string) => `tienda.resumen.umbral.${userId}`;

/** A stored threshold, if it is a whole number in range; else the default. */
export function parseThreshold(stored: string | null): number {
  if (stored === null || !/^\d{1,4}$/.test(stored)) return DEFAULT_LOW_STOCK_THRESHOLD;
  const n = Number(stored);
  return n <= MAX_LOW_STOCK_THRESHOLD ? n : DEFAULT_LOW_STOCK_THRESHOLD;
}
