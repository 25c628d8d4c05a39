import type { Config } from '../../config.js';
import type { ShopBrand } from './messages.js';

/** The shop as the messages show it, from the settings. */
export function brandOf(config: Config): ShopBrand {
  return {
    name: config.mail.shopName,
    publicUrl: config.mail.publicUrl,
    logoUrl: config.mail.logoUrl,
    whatsappUrl: config.shop.whatsappUrl,
    facebookUrl: config.shop.facebookUrl,
    trackingUrlTemplate: config.mail.trackingUrlTemplate,
    carrier: config.mail.carrier,
  };
}
