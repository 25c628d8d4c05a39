import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '@tienda/rules';
import { Access } from '../access.js';
import type { RequestContext } from '../../../http/request-context.js';
import { SalesSummaryObject } from './summary.types.js';

/** 'Resumen', the owner's home screen (issue 26 item 2). Read only. */
@Resolver()
export class SummaryResolver {
  @Query(() => SalesSummaryObject, {
    description:
      "Admin: 'Resumen' for the Mexico City days from `from` to `to` ('YYYY-MM-DD', both included, at most 366): paid orders, units, revenue, average ticket and discounts per day and in all, best sellers, sizes with `lowStockThreshold` units or fewer, unpaid orders released in the next 24 hours, coupon uses.",
  })
  @Access('admin')
  adminSummary(
    @Arg('from') from: string,
    @Arg('to') to: string,
    @Arg('lowStockThreshold', () => Int, { defaultValue: DEFAULT_LOW_STOCK_THRESHOLD })
    lowStockThreshold: number,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.summary.summary({ from, to }, lowStockThreshold);
  }
}
