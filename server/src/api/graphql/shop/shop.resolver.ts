import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Access } from '../access.js';
import type { RequestContext } from '../../../http/request-context.js';
import { bankTransferOf } from '../../../modules/settings/shop-settings.js';
import { ShopSettingsFields, ShopSettingsObject } from './shop.types.js';

/** The running app's version and the shop's settings (Ajustes). */
@Resolver()
export class ShopResolver {
  @Query(() => String, { description: 'Version of the running app (same as GET /api/version).' })
  @Access('public')
  appVersion(@Ctx() ctx: RequestContext): string {
    return ctx.config.appVersion;
  }

  @Query(() => ShopSettingsObject, {
    description:
      "Public shop settings: name and contact, the floating links, the carrier, the payment page's bank details, Google sign-in.",
  })
  @Access('public')
  shopSettings(@Ctx() ctx: RequestContext): ShopSettingsObject {
    const settings = ctx.services.settings.publicSettings();
    return {
      name: settings.name,
      legalName: settings.legalName,
      address: settings.address,
      phone: settings.phone,
      email: settings.email,
      whatsappUrl: settings.whatsappUrl,
      facebookUrl: settings.facebookUrl,
      trustUrl: settings.trustUrl,
      carrier: settings.carrier,
      trackingUrl: settings.trackingUrl,
      googleClientId: ctx.config.googleClientId ?? null,
      cardPaymentsEnabled: ctx.services.payments.enabled,
      bankTransfer: bankTransferOf(settings),
    };
  }

  @Query(() => ShopSettingsFields, { description: 'Every setting of the Ajustes screen.' })
  @Access('admin')
  adminShopSettings(@Ctx() ctx: RequestContext): ShopSettingsFields {
    return ctx.services.settings.adminSettings();
  }

  @Mutation(() => ShopSettingsFields, {
    description:
      'Replaces every setting (a 400 with the first rule broken changes nothing); every instance serves the new ones within seconds.',
  })
  @Access('admin')
  updateShopSettings(
    @Arg('input') input: ShopSettingsFields,
    @Ctx() ctx: RequestContext,
  ): Promise<ShopSettingsFields> {
    return ctx.services.settings.update({ ...input, ordersEmails: [...input.ordersEmails] });
  }
}
