import { GLOBAL_INVOICE_MESSAGES, isGlobalInvoicePeriodicity } from './global-invoice.js';
import { messagesByField, problem, type Problem } from './problem.js';

/**
 * The shop's settings (issue 26, 'Ajustes'): what the back office edits and the server stores,
 * over the environment's defaults. The same rules run in the form and on every write.
 */
export const SHOP_SETTINGS_TEXT_FIELDS = [
  // Tienda
  'name',
  'legalName',
  'address',
  'phone',
  'email',
  // Datos bancarios
  'bank',
  'holder',
  'account',
  'clabe',
  'card',
  'proofPhone',
  // Contacto y enlaces
  'whatsappUrl',
  'facebookUrl',
  'trustUrl',
  // Envíos
  'carrier',
  'trackingUrl',
  // Facturación: 'day', 'week' or 'month' (global-invoice.ts)
  'globalInvoicePeriodicity',
] as const;

export type ShopSettingsTextField = (typeof SHOP_SETTINGS_TEXT_FIELDS)[number];
export type ShopSettingsField = ShopSettingsTextField | 'ordersEmails';

/** Every setting: texts, and the orders' notification addresses (empty: every active admin). */
export type ShopSettingsValues = Record<ShopSettingsTextField, string> & {
  ordersEmails: string[];
};
export type ShopSettingsErrors = Partial<Record<ShopSettingsField, string>>;

/** Every field in the form's order. */
export const SHOP_SETTINGS_FIELDS: readonly ShopSettingsField[] = [
  ...SHOP_SETTINGS_TEXT_FIELDS,
  'ordersEmails',
];

/** What the form shows above each field, and how a message names it. */
export const SHOP_SETTINGS_LABELS: Record<ShopSettingsField, string> = {
  name: 'Nombre de la tienda',
  legalName: 'Razón social',
  address: 'Dirección',
  phone: 'Teléfono',
  email: 'Correo de contacto',
  bank: 'Banco',
  holder: 'Titular',
  account: 'Número de cuenta',
  clabe: 'CLABE',
  card: 'Número de tarjeta',
  proofPhone: 'WhatsApp para comprobantes',
  whatsappUrl: 'Enlace de WhatsApp',
  facebookUrl: 'Enlace de Facebook',
  trustUrl: 'Enlace de "Somos confiables?"',
  carrier: 'Paquetería',
  trackingUrl: 'URL de rastreo',
  globalInvoicePeriodicity: 'Periodicidad de la factura global',
  ordersEmails: 'Correos para avisos de pedidos',
};

/** Fields a shop may leave empty (nothing is shown for them). */
export const SHOP_SETTINGS_OPTIONAL: ReadonlySet<ShopSettingsField> = new Set([
  'legalName',
  'address',
  'phone',
  'email',
  'ordersEmails',
]);

/** The longest each text may be once trimmed. */
export const SHOP_SETTINGS_MAX_LENGTH: Record<ShopSettingsTextField, number> = {
  name: 80,
  legalName: 150,
  address: 300,
  phone: 10,
  email: 254,
  bank: 80,
  holder: 150,
  account: 20,
  clabe: 18,
  card: 19,
  proofPhone: 10,
  whatsappUrl: 500,
  facebookUrl: 500,
  trustUrl: 500,
  carrier: 80,
  trackingUrl: 500,
  globalInvoicePeriodicity: 5,
};

/** At most this many notification addresses. */
export const MAX_ORDERS_EMAILS = 10;

/** Where the tracking number goes in the carrier's tracking URL. */
export const TRACKING_NUMBER_PLACEHOLDER = '{guia}';

/**
 * The carrier's tracking page for a tracking number: the settings' URL with every
 * `{guia}` replaced by the number, URL-encoded (the e-mail 'Pedido enviado' and 'Mis pedidos').
 */
export function trackingUrlOf(template: string, tracking: string): string {
  return template.split(TRACKING_NUMBER_PLACEHOLDER).join(encodeURIComponent(tracking.trim()));
}

export const SHOP_SETTINGS_MESSAGES = {
  required: (field: ShopSettingsField) =>
    `El campo ${SHOP_SETTINGS_LABELS[field].toLowerCase()} es obligatorio`,
  tooLong: (field: ShopSettingsField, max: number) =>
    `El campo ${SHOP_SETTINGS_LABELS[field].toLowerCase()} no puede tener más de ${max} caracteres`,
  controlChars: (field: ShopSettingsField) =>
    `El campo ${SHOP_SETTINGS_LABELS[field].toLowerCase()} no puede contener caracteres de control`,
  invalidClabe: 'La CLABE debe tener 18 dígitos y un dígito verificador válido',
  invalidCard: 'El número de tarjeta debe tener 16 dígitos',
  invalidAccount: 'El número de cuenta debe tener de 6 a 20 dígitos',
  invalidPhone: 'El teléfono debe tener 10 dígitos',
  invalidProofPhone: 'El WhatsApp para comprobantes debe tener 10 dígitos',
  invalidEmail: 'El correo de contacto no es un email válido',
  invalidOrdersEmail: (email: string) => `"${email}" no es un email válido`,
  tooManyOrdersEmails: `Puedes indicar a lo más ${MAX_ORDERS_EMAILS} correos para avisos de pedidos`,
  duplicateOrdersEmail: (email: string) => `El correo "${email}" está repetido`,
  httpsOnly: (field: ShopSettingsField) =>
    `El campo ${SHOP_SETTINGS_LABELS[field].toLowerCase()} debe ser una dirección https://`,
  trackingPlaceholder:
    'La URL de rastreo debe incluir {guia} donde va el número de guía, por ejemplo https://www.estafeta.com/rastreo?guia={guia}',
} as const;

/** A CLABE's 18th digit: the Mexican banking check digit (weights 3, 7, 1 over 17 digits). */
export function isValidClabe(clabe: string): boolean {
  if (!/^\d{18}$/.test(clabe)) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += (Number(clabe[i]) * weights[i % 3]!) % 10;
  return (10 - (sum % 10)) % 10 === Number(clabe[17]);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value);
}

/**
 * An absolute https:// address: a host of letters, digits, dots and hyphens (a port allowed), then
 * a path or query without spaces, quotes, angle brackets or backslashes.
 */
export function isHttpsUrl(value: string): boolean {
  return /^https:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:\d{1,5})?([/?#][^\s"'<>\\]*)?$/i.test(
    value,
  );
}

/** '4152313800000000' or '4152 3138 0000 0000' → '4152 3138 0000 0000' (16 digits, else as given). */
export function groupCardNumber(card: string): string {
  const digits = card.replace(/\s/g, '');
  return /^\d{16}$/.test(digits) ? (digits.match(/\d{4}/g) ?? []).join(' ') : card;
}

/** The settings as stored and sent: texts trimmed, the card grouped, addresses trimmed. */
export function normalizeShopSettings(values: ShopSettingsValues): ShopSettingsValues {
  const out = { ordersEmails: [] } as unknown as ShopSettingsValues;
  for (const field of SHOP_SETTINGS_TEXT_FIELDS) out[field] = (values[field] ?? '').trim();
  out.card = groupCardNumber(out.card);
  out.ordersEmails = (values.ordersEmails ?? []).map((e) => e.trim()).filter((e) => e !== '');
  return out;
}

/** 'a@x.mx, b@x.mx' (the form's one input) → ['a@x.mx', 'b@x.mx']. */
export function splitEmails(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((e) => e.trim())
    .filter((e) => e !== '');
}

/**
 * Every field within its length, free of control characters, and required unless optional; then
 * each field's format: CLABE 18 digits with its check digit, card 16 digits, phones 10 digits,
 * e-mails, links https only, the tracking URL with {guia}; at most one problem per field, in the
 * form's order.
 */
export function shopSettingsProblems(values: ShopSettingsValues): Problem<ShopSettingsField>[] {
  const s = normalizeShopSettings(values);
  const problems: Problem<ShopSettingsField>[] = [];
  const M = SHOP_SETTINGS_MESSAGES;
  for (const field of SHOP_SETTINGS_TEXT_FIELDS) {
    const value = s[field];
    const max = SHOP_SETTINGS_MAX_LENGTH[field];
    if (value === '') {
      if (!SHOP_SETTINGS_OPTIONAL.has(field)) {
        problems.push(problem(field, 'REQUIRED', M.required(field)));
      }
      continue;
    }
    if (CONTROL_CHARS.test(value)) {
      problems.push(problem(field, 'CONTROL_CHARACTERS', M.controlChars(field)));
      continue;
    }
    if (
      [...value].length > max &&
      !['clabe', 'card', 'phone', 'proofPhone', 'globalInvoicePeriodicity'].includes(field)
    ) {
      problems.push(problem(field, 'TOO_LONG', M.tooLong(field, max)));
      continue;
    }
    const format = formatProblem(field, value);
    if (format) problems.push(format);
  }
  const emails = s.ordersEmails;
  if (emails.length > MAX_ORDERS_EMAILS) {
    problems.push(problem('ordersEmails', 'TOO_MANY_EMAILS', M.tooManyOrdersEmails));
  } else {
    const seen = new Set<string>();
    for (const email of emails) {
      if (CONTROL_CHARS.test(email) || email.length > 254 || !isEmailAddress(email)) {
        const shown = [...email.replace(CONTROL_CHARS, '')].slice(0, 60).join('');
        problems.push(problem('ordersEmails', 'INVALID_EMAIL', M.invalidOrdersEmail(shown)));
        break;
      }
      const key = email.toLowerCase();
      if (seen.has(key)) {
        problems.push(problem('ordersEmails', 'DUPLICATE_EMAIL', M.duplicateOrdersEmail(email)));
        break;
      }
      seen.add(key);
    }
  }
  return problems;
}

function formatProblem(
  field: ShopSettingsTextField,
  value: string,
): Problem<ShopSettingsField> | null {
  const M = SHOP_SETTINGS_MESSAGES;
  switch (field) {
    case 'clabe':
      return isValidClabe(value) ? null : problem(field, 'INVALID_CLABE', M.invalidClabe);
    case 'card':
      return /^\d{4}( ?\d{4}){3}$/.test(value)
        ? null
        : problem(field, 'INVALID_CARD', M.invalidCard);
    case 'account':
      return /^\d{6,20}$/.test(value) ? null : problem(field, 'INVALID_ACCOUNT', M.invalidAccount);
    case 'phone':
      return /^\d{10}$/.test(value) ? null : problem(field, 'INVALID_PHONE', M.invalidPhone);
    case 'proofPhone':
      return /^\d{10}$/.test(value) ? null : problem(field, 'INVALID_PHONE', M.invalidProofPhone);
    case 'email':
      return isEmailAddress(value) ? null : problem(field, 'INVALID_EMAIL', M.invalidEmail);
    case 'whatsappUrl':
    case 'facebookUrl':
    case 'trustUrl':
      return isHttpsUrl(value) ? null : problem(field, 'HTTPS_ONLY', M.httpsOnly(field));
    case 'trackingUrl':
      if (!isHttpsUrl(value)) return problem(field, 'HTTPS_ONLY', M.httpsOnly(field));
      return value.includes(TRACKING_NUMBER_PLACEHOLDER)
        ? null
        : problem(field, 'TRACKING_PLACEHOLDER', M.trackingPlaceholder);
    case 'globalInvoicePeriodicity':
      return isGlobalInvoicePeriodicity(value)
        ? null
        : problem(field, 'INVALID_PERIODICITY', GLOBAL_INVOICE_MESSAGES.invalidPeriodicity);
    default:
      return null;
  }
}

/** The form's messages: one per field that breaks a rule (none when the settings can be sent). */
export function validateShopSettings(values: ShopSettingsValues): ShopSettingsErrors {
  return messagesByField(shopSettingsProblems(values));
}

export function isShopSettingsField(field: string | undefined): field is ShopSettingsField {
  return SHOP_SETTINGS_FIELDS.some((known) => known === field);
}
