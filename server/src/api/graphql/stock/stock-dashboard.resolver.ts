import { Ctx, Query, Resolver } from 'type-graphql';
import { Access } from '../access.js';
import type { RequestContext } from '../../../http/request-context.js';
import { TypeStockObject } from './stock-dashboard.types.js';

@Resolver()
export class StockDashboardResolver {
  @Query(() => [TypeStockObject], {
    description:
      "Admin: units per product type (by total, descending), per size and per brand (the first brand of the list, by name, found in the product's name; else 'Otras'). Two SQL statements whatever the number of products.",
  })
  @Access('admin')
  stockDashboard(@Ctx() ctx: RequestContext) {
    return ctx.services.stock.dashboard();
  }
}
