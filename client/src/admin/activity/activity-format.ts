import { formatMoney } from '@tienda/rules';

/**
 * The audit trail in Spanish words: its action codes (server/src/modules/audit/audit-trail.ts,
 * AUDIT_ACTIONS), the kinds of object, the changed fields and their values, and the dates in
 * Mexico City time.
 */

/** Every action code the server writes, in the words of the 'Acción' column and filter. */
export const ACTION_LABELS: Record<string, string> = {
  'product.create': 'Producto creado',
  'product.update': 'Producto editado',
  'product.stock': 'Existencias cambiadas',
  'product.photos': 'Fotos cambiadas',
  'product.delete': 'Producto eliminado',
  'product.hide': 'Producto ocultado',
  'lookup.create': 'Alta de tipo, marca o color',
  'lookup.rename': 'Cambio de nombre de tipo, marca o color',
  'lookup.delete': 'Baja de tipo, marca o color',
  'lookup.sat_keys': 'Claves SAT de un tipo',
  'order.status': 'Estado de pedido cambiado',
  'order.tracking': 'Guía de pedido cambiada',
  'email.resend': 'Correo reenviado',
  'user.create': 'Usuario creado',
  'user.update': 'Usuario editado',
  'user.password': 'Contraseña restablecida',
  'account.two_factor_on': 'Verificación en dos pasos activada',
  'account.two_factor_off': 'Verificación en dos pasos desactivada',
  'settings.update': 'Ajustes cambiados',
  'coupon.create': 'Cupón creado',
  'coupon.update': 'Cupón editado',
  'coupon.delete': 'Cupón eliminado',
  'product.import': 'Productos importados (CSV)',
  'legal.update': 'Texto legal cambiado',
  'return.update': 'Devolución actualizada',
  'order.refund': 'Reembolso por transferencia hecho',
  'synonym.create': 'Sinónimos agregados',
  'synonym.update': 'Sinónimos editados',
  'synonym.delete': 'Sinónimos eliminados',
};

/** A type, brand or colour change, named by its list: 'Marca renombrada', 'Color creado'. */
const LOOKUP_ACTIONS: Record<string, Record<string, string>> = {
  type: {
    create: 'Tipo creado',
    rename: 'Tipo renombrado',
    delete: 'Tipo eliminado',
    sat_keys: 'Claves SAT del tipo cambiadas',
  },
  brand: { create: 'Marca creada', rename: 'Marca renombrada', delete: 'Marca eliminada' },
  color: { create: 'Color creado', rename: 'Color renombrado', delete: 'Color eliminado' },
};

/** The 'Acción' column: the action in Spanish words, a list change named by its list. */
export function actionLabel(action: string, objectKind?: string): string {
  const [area, verb] = action.split('.');
  const lookup = area === 'lookup' && objectKind ? LOOKUP_ACTIONS[objectKind]?.[verb ?? ''] : null;
  return lookup ?? ACTION_LABELS[action] ?? action;
}

const OBJECT_KINDS: Record<string, string> = {
  product: 'Producto',
  type: 'Tipo',
  brand: 'Marca',
  color: 'Color',
  order: 'Pedido',
  email: 'Correo',
  user: 'Usuario',
  account: 'Cuenta',
  settings: 'Ajustes',
  coupon: 'Cupón',
  product_import: 'Importación de productos',
  legal_text: 'Texto legal',
  return: 'Devolución',
  synonym: 'Sinónimos',
};

export const objectKindLabel = (kind: string) => OBJECT_KINDS[kind] ?? kind;

const FIELDS: Record<string, string> = {
  markdown: 'Texto',
  name: 'Nombre',
  description: 'Descripción',
  priceCents: 'Precio',
  promotion: 'Promoción',
  promotionPriceCents: 'Precio de promoción',
  special: 'Especial',
  type: 'Tipo',
  brand: 'Marca',
  color: 'Color',
  sizes: 'Tallas',
  photos: 'Fotos',
  hidden: 'Oculto',
  variants: 'Variantes',
  satProductKey: 'Clave de producto SAT',
  satUnitKey: 'Clave de unidad SAT',
  'fiscal:rfc': 'RFC',
  'fiscal:legalName': 'Razón social',
  'fiscal:taxRegime': 'Régimen fiscal',
  'fiscal:cfdiUse': 'Uso del CFDI',
  'fiscal:postalCode': 'Código postal fiscal',
  status: 'Estado',
  tracking: 'Guía',
  overrideReason: 'Motivo (envío sin pago)',
  refund: 'Reembolso',
  amountCents: 'Monto',
  clabe: 'CLABE',
  attempts: 'Intentos',
  role: 'Rol',
  active: 'Activo',
  twoFactor: 'Verificación en dos pasos',
  email: 'Email',
  password: 'Contraseña',
  // A product import (product.import).
  rows: 'Filas',
  toCreate: 'Productos nuevos',
  toUpdate: 'Productos actualizados',
  rowsWithErrors: 'Filas con errores',
  onlyValid: 'Solo filas válidas',
  // A synonym group (synonym.*): its words, 'tenis = sneakers'.
  words: 'Palabras',
};

/** 'priceCents' → 'Precio'; 'size:M' → 'Talla M' (its quantity). */
export function fieldLabel(field: string): string {
  if (field.startsWith('size:')) return `Talla ${field.slice('size:'.length)}`;
  return FIELDS[field] ?? field;
}

/** An account's role as the admin reads it (a promotion or demotion, by an admin or the console). */
const ROLES: Record<string, string> = {
  admin: 'Administrador',
  user: 'Cliente',
};

const MAIL_STATES: Record<string, string> = {
  pending: 'pendiente',
  sent: 'enviado',
  failed: 'fallido',
};

/** A value as the admin reads it; `json` is the server's JSON text, null when absent. */
export function formatValue(field: string, json: string | null): string {
  if (json === null) return '—';
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return json;
  }
  if (value === null || value === '') return '(vacío)';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'number' && field.endsWith('Cents')) return formatMoney(value);
  if (field === 'status' && typeof value === 'string') return MAIL_STATES[value] ?? value;
  if (field === 'role' && typeof value === 'string') return ROLES[value] ?? value;
  if (field === 'photos' && Array.isArray(value)) {
    return value.length === 0
      ? 'ninguna'
      : `${value.length === 1 ? '1 foto' : `${value.length} fotos`} (${value.map((id) => `#${String(id)}`).join(', ')})`;
  }
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const dateTime = new Intl.DateTimeFormat('es-MX', {
  timeZone: 'America/Mexico_City',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** When, in Mexico City time: '27/11/2026, 22:30:05'. */
export function formatActivityDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

/**
 * A day picked in the filter ('2026-11-27') as the instant it starts in Mexico City (UTC−6 all
 * year since the 2022 law dropped daylight saving time); `nextDay` gives the following midnight,
 * the exclusive end of a range.
 */
export function mexicoCityMidnight(day: string, nextDay = false): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const start = new Date(`${day}T00:00:00-06:00`);
  if (Number.isNaN(start.getTime())) return null;
  if (nextDay) start.setUTCDate(start.getUTCDate() + 1);
  return start.toISOString();
}
