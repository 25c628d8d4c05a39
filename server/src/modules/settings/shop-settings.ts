import {
  DEFAULT_GLOBAL_INVOICE_PERIODICITY,
  SHOP_SETTINGS_TEXT_FIELDS,
  type ShopSettingsTextField,
  type ShopSettingsValues,
} from '@tienda/rules';
import type { BankTransferSettings, Config } from '../../config.js';

/**
 * The shop's settings (issue 26, 'Ajustes'): the values the back office stores in
 * `shop_settings` over the environment's defaults. An empty table behaves exactly as the
 * environment says (SHOP_NAME, SHOP_BANK_*, SHOP_CARRIER, SHOP_TRACKING_URL, SHOP_ORDERS_EMAIL…).
 * Field names are English here and in GraphQL; the REST facade gives them Spanish names.
 */
export type { ShopSettingsValues };

/** The settings of an empty shop: the environment's (config.ts), field by field. */
export function shopSettingsDefaults(config: Config): ShopSettingsValues {
  return {
    name: config.mail.shopName,
    legalName: config.shop.legalName,
    address: config.shop.address,
    phone: config.shop.phone,
    email: config.shop.email,
    bank: config.bankTransfer.bank,
    holder: config.bankTransfer.holder,
    account: config.bankTransfer.account,
    clabe: config.bankTransfer.clabe,
    card: config.bankTransfer.card,
    proofPhone: config.bankTransfer.proofPhone,
    whatsappUrl: config.shop.whatsappUrl,
    facebookUrl: config.shop.facebookUrl,
    trustUrl: config.shop.trustUrl,
    carrier: config.mail.carrier,
    trackingUrl: config.mail.trackingUrlTemplate,
    globalInvoicePeriodicity: DEFAULT_GLOBAL_INVOICE_PERIODICITY,
    ordersEmails: [...config.mail.shopOrdersEmails],
  };
}

/**
 * The stored values over the defaults. What the row holds is read defensively: only known fields
 * of the right type count (a hand-edited row with a stray key or a number changes nothing).
 */
export function effectiveSettings(
  defaults: ShopSettingsValues,
  stored: unknown,
): ShopSettingsValues {
  const out: ShopSettingsValues = { ...defaults, ordersEmails: [...defaults.ordersEmails] };
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return out;
  const row = stored as Record<string, unknown>;
  for (const field of SHOP_SETTINGS_TEXT_FIELDS) {
    const value = row[field];
    if (typeof value === 'string') out[field as ShopSettingsTextField] = value;
  }
  const emails = row.ordersEmails;
  if (Array.isArray(emails) && emails.every((e) => typeof e === 'string')) {
    out.ordersEmails = [...(emails as string[])];
  }
  return out;
}

/** The payment page's and the order e-mails' bank details. */
export function bankTransferOf(settings: BankTransferSettings): BankTransferSettings {
  return {
    bank: settings.bank,
    holder: settings.holder,
    account: settings.account,
    clabe: settings.clabe,
    card: settings.card,
    proofPhone: settings.proofPhone,
  };
}

/**
 * What any visitor may read (the public `shopSettings` query, the footer, the payment page): every
 * setting but the orders' notification addresses, which stay admin-only.
 */
export type PublicShopSettings = Omit<ShopSettingsValues, 'ordersEmails'>;

export function publicSettings(settings: ShopSettingsValues): PublicShopSettings {
  const view: Partial<ShopSettingsValues> = { ...settings };
  delete view.ordersEmails;
  return view as PublicShopSettings;
}
