import {
  DEFAULT_GLOBAL_INVOICE_PERIODICITY,
  SHOP_SETTINGS_TEXT_FIELDS,
  type ShopSettingsErrors,
  type ShopSettingsField,
  type ShopSettingsTextField,
  type ShopSettingsValues,
  isShopSettingsField,
  splitEmails,
  validateShopSettings,
} from '@tienda/rules';

/**
 * The Ajustes form: what each input holds (texts; the notification addresses as one text, one
 * address per comma or line), its sections, and the bridge to the rules of @tienda/rules that the
 * server applies too.
 */
export type SettingsFormValues = Record<ShopSettingsTextField, string> & { ordersEmails: string };

export const SETTINGS_MESSAGES = {
  saved: 'Ajustes guardados. Todas las páginas de la tienda los muestran en unos segundos.',
  fix: 'Revisa los campos marcados',
  failed: 'No se pudieron guardar los ajustes. Intenta de nuevo.',
  loadFailed: (message: string) => `Error al cargar los ajustes: ${message}`,
} as const;

export interface SettingsSection {
  id: string;
  title: string;
  description: string;
  fields: readonly ShopSettingsField[];
}

/** The screen's sections, in order (every field once). */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  {
    id: 'tienda',
    title: 'Tienda',
    description: 'Cómo se presenta la tienda: el pie de página y las páginas legales lo muestran.',
    fields: ['name', 'legalName', 'address', 'phone', 'email'],
  },
  {
    id: 'banco',
    title: 'Datos bancarios',
    description: 'Lo que ve quien paga por transferencia o depósito en OXXO, y sus correos.',
    fields: ['bank', 'holder', 'account', 'clabe', 'card', 'proofPhone'],
  },
  {
    id: 'contacto',
    title: 'Contacto y enlaces',
    description: 'Los enlaces de contacto al pie del menú y de cada página.',
    fields: ['whatsappUrl', 'facebookUrl', 'trustUrl'],
  },
  {
    id: 'envios',
    title: 'Envíos',
    description: 'La paquetería de los pedidos enviados y su página de rastreo.',
    fields: ['carrier', 'trackingUrl'],
  },
  {
    id: 'facturacion',
    title: 'Facturación',
    description:
      'Cada cuánto se emite la factura global al público en general con los pedidos pagados que nadie facturó.',
    fields: ['globalInvoicePeriodicity'],
  },
  {
    id: 'notificaciones',
    title: 'Notificaciones',
    description: 'Quién recibe el aviso de cada pedido nuevo y pagado.',
    fields: ['ordersEmails'],
  },
];

/** What each input explains under it (when it shows no error). */
export const SETTINGS_HELP: Partial<Record<ShopSettingsField, string>> = {
  legalName: 'Opcional.',
  address: 'Opcional. Calle, número, colonia, código postal y ciudad.',
  phone: 'Opcional. 10 dígitos.',
  email: 'Opcional.',
  clabe: '18 dígitos; el último es el dígito verificador.',
  card: '16 dígitos, para transferencias a tarjeta y depósitos en OXXO.',
  proofPhone: '10 dígitos: el WhatsApp al que llegan los comprobantes de pago.',
  whatsappUrl: 'Empieza con https://, por ejemplo https://wa.me/525512345678',
  trackingUrl: 'Escribe {guia} donde va el número de guía.',
  globalInvoicePeriodicity:
    'Se emite sola dentro de las 24 horas siguientes al cierre de cada periodo.',
  ordersEmails:
    'Uno o varios correos separados por comas. Vacío: todas las cuentas de administrador.',
};

/** Settings as the server answers them (the periodicity may be null from an older server). */
export type LoadedShopSettings = Omit<ShopSettingsValues, 'globalInvoicePeriodicity'> & {
  globalInvoicePeriodicity?: string | null;
};

export function toFormValues(settings: LoadedShopSettings): SettingsFormValues {
  const out = {} as SettingsFormValues;
  for (const field of SHOP_SETTINGS_TEXT_FIELDS) out[field] = settings[field] ?? '';
  out.globalInvoicePeriodicity ||= DEFAULT_GLOBAL_INVOICE_PERIODICITY;
  out.ordersEmails = settings.ordersEmails.join(', ');
  return out;
}

export function fromFormValues(values: SettingsFormValues): ShopSettingsValues {
  const out = { ordersEmails: splitEmails(values.ordersEmails) } as ShopSettingsValues;
  for (const field of SHOP_SETTINGS_TEXT_FIELDS) out[field] = values[field].trim();
  return out;
}

/** The rules' messages, one per field (the same the server answers). */
export function validateSettingsForm(values: SettingsFormValues): ShopSettingsErrors {
  return validateShopSettings(fromFormValues(values));
}

/** A refusal of the server placed on its field (undefined when it names none the form has). */
export function fieldErrorOf(
  field: string | undefined,
  message: string,
): ShopSettingsErrors | undefined {
  return isShopSettingsField(field) ? { [field]: message } : undefined;
}

/** How long each input may be typed (the rules refuse longer, with their message). */
export const SETTINGS_INPUT_MAX_LENGTH: Partial<Record<ShopSettingsField, number>> = {
  phone: 10,
  proofPhone: 10,
  clabe: 18,
  card: 19,
};

export const SETTINGS_INPUT_MODE: Partial<
  Record<ShopSettingsField, 'numeric' | 'email' | 'url' | 'tel'>
> = {
  phone: 'tel',
  proofPhone: 'tel',
  clabe: 'numeric',
  card: 'numeric',
  account: 'numeric',
  email: 'email',
  whatsappUrl: 'url',
  facebookUrl: 'url',
  trustUrl: 'url',
  trackingUrl: 'url',
};
