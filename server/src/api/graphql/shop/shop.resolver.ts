import { Ctx, Query, Resolver } from 'type-graphql';
import { Access } from '../access.js';
import type { RequestContext } from '../../../http/request-context.js';
import { ShopSettingsObject } from './shop.types.js';

/** The running app's version and the shop's public settings. */
@Resolver()
export class ShopResolver {
  @Query(() => String, { description: 'Version of the running app (same as GET /api/version).' })
  @Access('public')
  appVersion(@Ctx() ctx: RequestContext): string {
    return ctx.config.appVersion;
  }

  @Query(() => ShopSettingsObject, {
    description: 'Public shop settings: the floating contact links, Google sign-in.',
  })
  @Access('public')
  shopSettings(@Ctx() ctx: RequestContext): ShopSettingsObject {
    return {
      ...ctx.config.shop,
      googleClientId: ctx.config.googleClientId ?? null,
      cardPaymentsEnabled: ctx.services.payments.enabled,
      bankTransfer: ctx.config.bankTransfer,
    };
  }
}
