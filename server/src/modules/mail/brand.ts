import type { Config } from '../../config.js';
import { shopSettingsDefaults, type ShopSettingsValues } from '../settings/shop-settings.js';
import type { ShopBrand } from './messages.js';

/**
 * The shop as the messages show it: the shop's settings (Ajustes; the app passes its
 * ShopSettingsStore's current ones, the environment's by default) and the app's address.
 */
export function brandOf(
  config: Config,
  settings: ShopSettingsValues = shopSettingsDefaults(config),
): ShopBrand {
  return {
    name: settings.name,
    publicUrl: config.mail.publicUrl,
    logoUrl: config.mail.logoUrl,
    whatsappUrl: settings.whatsappUrl,
    facebookUrl: settings.facebookUrl,
    trackingUrlTemplate: settings.trackingUrl,
    carrier: settings.carrier,
  };
}

/**
 * The From header of the messages: MAIL_FROM as given when it names its sender ('Ventas
 * <ventas@tienda.mx>'); a bare address goes out under the shop's name as the settings give it now
 * (Ajustes), quoted so that a comma or a quote in the name cannot split the header.
 */
export function senderOf(mailFrom: string, shopName: string): string {
  const from = mailFrom.trim();
  if (from.includes('<')) return from;
  const name = shopName.replace(/[\r\n]+/g, ' ').trim();
  if (name === '') return from;
  return `"${name.replace(/["\\]/g, '\\$&')}" <${from}>`;
}
