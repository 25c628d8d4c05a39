import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Access } from '../access.js';
import type { RequestContext } from '../../../http/request-context.js';
import {
  CouponInputObject,
  CouponObject,
  CouponPageObject,
  couponPage,
  draftOf,
} from './coupon.types.js';

/** The admin's coupons (modules/coupons/coupon.service.ts). */
@Resolver()
export class CouponResolver {
  @Query(() => CouponPageObject, {
    description:
      'Admin: coupons, newest first; `search` matches the code (case-insensitive, anywhere). limit 1..100.',
  })
  @Access('admin')
  async coupons(
    @Arg('limit', () => Int, { defaultValue: 10 }) limit: number,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Arg('search', () => String, { nullable: true }) search: string | null,
    @Ctx() ctx: RequestContext,
  ) {
    return couponPage(await ctx.services.coupons.list(search, { limit, offset }), limit, offset);
  }

  @Query(() => CouponObject, { description: 'Admin: one coupon.' })
  @Access('admin')
  coupon(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext) {
    return ctx.services.coupons.get(id);
  }

  @Mutation(() => CouponObject, { description: 'Admin: a new coupon (audited).' })
  @Access('admin')
  createCoupon(
    @Arg('input', () => CouponInputObject) input: CouponInputObject,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.coupons.create(draftOf(input));
  }

  @Mutation(() => CouponObject, {
    description:
      "Admin: replaces a coupon's fields (audited); a coupon already used keeps its kind and value.",
  })
  @Access('admin')
  updateCoupon(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => CouponInputObject) input: CouponInputObject,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.coupons.update(id, draftOf(input));
  }

  @Mutation(() => CouponObject, {
    description: 'Admin: deactivates a coupon (audited); its orders keep it.',
  })
  @Access('admin')
  deactivateCoupon(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext) {
    return ctx.services.coupons.deactivate(id);
  }
}
