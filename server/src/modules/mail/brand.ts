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
