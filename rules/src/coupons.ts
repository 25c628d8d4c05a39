import { formatMoney } from './money.js';
import type { CouponKind } from './order-calculator.js';
import { messagesByField, problem, type Problem } from './problem.js';

/**
 * Coupons: what the admin's form may hold (checked by the back office as it is typed and by the
 * server on every write, GraphQL or REST), what a shopper is told when a code is refused, and the
 * coupon's validity window, counted in Mexico City days. The arithmetic of a coupon is the order
 * calculator's (order-calculator.ts); usage limits are the server's coupons module's, taken inside
 * the checkout's transaction.
 */

export const COUPON_KINDS = [
  'PERCENTAGE',
  'FIXED',
  'FREE_SHIPPING',
] as const satisfies readonly CouponKind[];

/** What the admin reads for each kind. */
export const COUPON_KIND_LABELS: Record<CouponKind, string> = {
  PERCENTAGE: 'Porcentaje de descuento',
  FIXED: 'Monto fijo de descuento',
  FREE_SHIPPING: 'Envío gratis',
};

/** The time zone a coupon's days are counted in. */
export const COUPON_TIME_ZONE = 'America/Mexico_City';

export const COUPON_CODE_MIN_LENGTH = 3;
export const COUPON_CODE_MAX_LENGTH = 30;
/** The most a fixed coupon or a minimum purchase may be: $1,000,000. */
export const COUPON_MAX_CENTS = 1_000_000_00;
/** The most uses a limit may allow. */
export const COUPON_MAX_USES = 1_000_000;

/**
 * The combination rule, as the admin's Cupones screen shows it (and the calculator applies it):
 * the tests of order-calculator.ts hold each sentence.
 */
export const COUPON_COMBINATION_RULE = [
  'El descuento por mayoreo se aplica primero; el porcentaje del cupón se calcula sobre los productos que aplican, ya con ese descuento.',
  'Un monto fijo nunca es mayor que lo que cuestan los productos que aplican.',
  'La compra mínima se compara con esos productos, sin contar el envío.',
  'Un cupón por pedido. El total nunca baja del envío cobrado, y todo se redondea al centavo hacia abajo.',
] as const;

/** A coupon as the admin writes it (GraphQL's CouponInput; the REST facade maps its fields). */
export interface CouponDraft {
  code: string;
  kind: CouponKind;
  /** PERCENTAGE: whole percent 1–100; FIXED: centavos; FREE_SHIPPING: 0. */
  value: number;
  /** First valid day, 'YYYY-MM-DD' in Mexico City; null: valid from its creation. */
  validFrom: string | null;
  /** Last valid day (inclusive), 'YYYY-MM-DD' in Mexico City; null: no end. */
  validUntil: string | null;
  /** Uses across every customer; null: no limit. */
  maxUses: number | null;
  /** Uses per customer; null: no limit. */
  maxUsesPerCustomer: number | null;
  /** Minimum purchase in centavos (eligible goods after the bulk discount); null: none. */
  minimumCents: number | null;
  /** Only products not on promotion count (the default: a coupon never stacks on a promotion). */
  nonPromotionalOnly: boolean;
  active: boolean;
}

export type CouponField = keyof CouponDraft;
export type CouponErrors = Partial<Record<CouponField, string>>;

export const COUPON_FORM_MESSAGES = {
  codeRequired: 'El campo código es obligatorio',
  codeFormat: `El código debe tener de ${COUPON_CODE_MIN_LENGTH} a ${COUPON_CODE_MAX_LENGTH} letras (sin acentos), números, guiones o guiones bajos`,
  codeTaken: 'Ya existe un cupón con ese código',
  kind: 'Elige el tipo de cupón',
  percent: 'El porcentaje debe ser un número entero entre 1 y 100',
  amount: `El monto debe ser mayor que $0 y de hasta ${formatMoney(COUPON_MAX_CENTS)}`,
  date: 'La fecha debe ser válida (AAAA-MM-DD)',
  dateOrder: 'La fecha final no puede ser anterior a la inicial',
  limit: `Los usos deben ser un número entero entre 1 y ${COUPON_MAX_USES.toLocaleString('es-MX')}`,
  limitOrder: 'Los usos por cliente no pueden ser más que los usos máximos',
  minimum: `La compra mínima debe ser mayor que $0 y de hasta ${formatMoney(COUPON_MAX_CENTS)}`,
  usedKindOrValue:
    'Este cupón ya se usó: no puedes cambiar su tipo ni su valor (puedes desactivarlo o cambiar sus fechas y límites)',
} as const;

/** The code as stored and compared: trimmed, upper case ('hotsale ' → 'HOTSALE'). */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

const CODE_PATTERN = new RegExp(
  `^[A-Z0-9_-]{${COUPON_CODE_MIN_LENGTH},${COUPON_CODE_MAX_LENGTH}}$`,
);
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `day` is a real calendar day written 'YYYY-MM-DD' (2026-02-30 is not). */
export function isCalendarDay(day: string): boolean {
  const m = DAY_PATTERN.exec(day);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return (
    y >= 2000 &&
    y <= 2999 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d
  );
}

const wholeIn = (value: number | null, min: number, max: number) =>
  value !== null && Number.isSafeInteger(value) && value >= min && value <= max;

/** Every problem of a draft, in the form's order; at most one per field. */
export function couponProblems(draft: CouponDraft): Problem<CouponField>[] {
  const problems: Problem<CouponField>[] = [];
  const code = normalizeCouponCode(draft.code);
  if (code === '') problems.push(problem('code', 'REQUIRED', COUPON_FORM_MESSAGES.codeRequired));
  else if (!CODE_PATTERN.test(code)) {
    problems.push(problem('code', 'INVALID_COUPON_CODE', COUPON_FORM_MESSAGES.codeFormat));
  }
  if (!COUPON_KINDS.includes(draft.kind)) {
    problems.push(problem('kind', 'INVALID_COUPON_VALUE', COUPON_FORM_MESSAGES.kind));
  } else if (draft.kind === 'PERCENTAGE' && !wholeIn(draft.value, 1, 100)) {
    problems.push(problem('value', 'INVALID_COUPON_VALUE', COUPON_FORM_MESSAGES.percent));
  } else if (draft.kind === 'FIXED' && !wholeIn(draft.value, 1, COUPON_MAX_CENTS)) {
    problems.push(problem('value', 'INVALID_COUPON_VALUE', COUPON_FORM_MESSAGES.amount));
  }
  for (const field of ['validFrom', 'validUntil'] as const) {
    const day = draft[field];
    if (day !== null && !isCalendarDay(day)) {
      problems.push(problem(field, 'INVALID_DATE', COUPON_FORM_MESSAGES.date));
    }
  }
  if (
    draft.validFrom !== null &&
    draft.validUntil !== null &&
    isCalendarDay(draft.validFrom) &&
    isCalendarDay(draft.validUntil) &&
    draft.validUntil < draft.validFrom
  ) {
    problems.push(problem('validUntil', 'DATE_ORDER', COUPON_FORM_MESSAGES.dateOrder));
  }
  for (const field of ['maxUses', 'maxUsesPerCustomer'] as const) {
    const limit = draft[field];
    if (limit !== null && !wholeIn(limit, 1, COUPON_MAX_USES)) {
      problems.push(problem(field, 'INVALID_LIMIT', COUPON_FORM_MESSAGES.limit));
    }
  }
  if (
    wholeIn(draft.maxUses, 1, COUPON_MAX_USES) &&
    wholeIn(draft.maxUsesPerCustomer, 1, COUPON_MAX_USES) &&
    draft.maxUsesPerCustomer! > draft.maxUses!
  ) {
    problems.push(problem('maxUsesPerCustomer', 'LIMIT_ORDER', COUPON_FORM_MESSAGES.limitOrder));
  }
  if (draft.minimumCents !== null && !wholeIn(draft.minimumCents, 1, COUPON_MAX_CENTS)) {
    problems.push(problem('minimumCents', 'INVALID_MINIMUM', COUPON_FORM_MESSAGES.minimum));
  }
  return problems;
}

/** The form's messages: one per field that breaks a rule (none when the coupon can be saved). */
export function validateCoupon(draft: CouponDraft): CouponErrors {
  return messagesByField(couponProblems(draft));
}

/** The draft as stored: code normalised, a free-shipping coupon's value 0. */
export function normalizeCoupon(draft: CouponDraft): CouponDraft {
  return {
    ...draft,
    code: normalizeCouponCode(draft.code),
    value: draft.kind === 'FREE_SHIPPING' ? 0 : draft.value,
  };
}

// --- Mexico City days -------------------------------------------------------------------------

const zoneParts = new Intl.DateTimeFormat('en-US', {
  timeZone: COUPON_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function wallClock(at: number): { y: number; mo: number; d: number; ms: number } {
  const parts: Record<string, number> = {};
  for (const p of zoneParts.formatToParts(new Date(at))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const y = parts.year!;
  const mo = parts.month!;
  const d = parts.day!;
  const ms = Date.UTC(y, mo - 1, d, parts.hour!, parts.minute!, parts.second!);
  return { y, mo, d, ms };
}

/** The day it is in Mexico City at `at` ('YYYY-MM-DD'). */
export function mexicoCityDay(at: Date): string {
  const { y, mo, d } = wallClock(at.getTime());
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The instant a Mexico City day starts (its 00:00 there). */
export function mexicoCityDayStart(day: string): Date {
  const m = DAY_PATTERN.exec(day);
  if (!m || !isCalendarDay(day)) throw new RangeError(`Día inválido: ${day}`);
  const midnight = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // The zone's offset at that instant; twice, in case the first guess crossed a change of offset.
  let guess = midnight;
  for (let i = 0; i < 2; i++) guess = midnight - (wallClock(guess).ms - guess);
  return new Date(guess);
}

/** The day after `day` ('2026-12-31' → '2027-01-01'). */
export function nextDay(day: string): string {
  const m = DAY_PATTERN.exec(day)!;
  const next = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1));
  return next.toISOString().slice(0, 10);
}

export type CouponWindowState = 'NOT_YET_VALID' | 'OPEN' | 'EXPIRED';

/** Where `at` falls in a coupon's days: from the start of validFrom to the end of validUntil. */
export function couponWindowState(
  window: { validFrom: string | null; validUntil: string | null },
  at: Date,
): CouponWindowState {
  if (window.validFrom !== null && at < mexicoCityDayStart(window.validFrom)) {
    return 'NOT_YET_VALID';
  }
  if (window.validUntil !== null && at >= mexicoCityDayStart(nextDay(window.validUntil))) {
    return 'EXPIRED';
  }
  return 'OPEN';
}

/** The months' Spanish names, January first. */
export const SPANISH_MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** A day as a shopper reads it: '2026-05-31' → '31 de mayo de 2026'. */
export function spanishDay(day: string): string {
  const m = DAY_PATTERN.exec(day);
  if (!m) return day;
  return `${Number(m[3])} de ${SPANISH_MONTHS[Number(m[2]) - 1]} de ${m[1]}`;
}

// --- Refusals -----------------------------------------------------------------------------------

/** Why a code cannot apply to this shopper's order: a stable reason the screens decide by. */
export type CouponRefusal =
  | 'COUPON_UNKNOWN'
  | 'COUPON_INACTIVE'
  | 'COUPON_NOT_YET_VALID'
  | 'COUPON_EXPIRED'
  | 'COUPON_USED_UP'
  | 'COUPON_ALREADY_USED'
  | 'COUPON_MINIMUM_NOT_REACHED'
  | 'COUPON_NOT_APPLICABLE';

/** What the shopper reads for each refusal, naming the code as they typed it (normalised). */
export const COUPON_REFUSAL_MESSAGES = {
  COUPON_UNKNOWN: (code: string) => `No existe el cupón ${code}; revisa que esté bien escrito`,
  COUPON_INACTIVE: (code: string) => `El cupón ${code} ya no está disponible`,
  COUPON_NOT_YET_VALID: (code: string, validFrom: string) =>
    `El cupón ${code} es válido a partir del ${spanishDay(validFrom)}`,
  COUPON_EXPIRED: (code: string, validUntil: string) =>
    `El cupón ${code} venció el ${spanishDay(validUntil)}`,
  COUPON_USED_UP: (code: string) => `El cupón ${code} ya se agotó`,
  COUPON_ALREADY_USED: (code: string) => `Ya usaste el cupón ${code}`,
  COUPON_MINIMUM_NOT_REACHED: (code: string, minimumCents: number) =>
    `El cupón ${code} es para compras desde ${formatMoney(minimumCents)} en productos que aplican`,
  COUPON_NOT_APPLICABLE: (code: string) =>
    `El cupón ${code} no aplica a productos en promoción, y tu carrito solo tiene productos en promoción`,
} as const;
