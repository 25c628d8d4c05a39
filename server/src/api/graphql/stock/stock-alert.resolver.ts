import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Access } from '../access.js';
import type { RequestContext } from '../../../http/request-context.js';
import {
  StockAlertConfirmationObject,
  StockAlertDemandObject,
  StockAlertRequestObject,
} from './stock-alert.types.js';

/** 'Avísame cuando llegue': one call each into StockAlertService (modules/stock/stock-alerts.ts). */
@Resolver()
export class StockAlertResolver {
  @Mutation(() => StockAlertRequestObject, {
    description:
      "'Avísame cuando llegue' for a sold-out size. Signed in: the account's address, at once (email is ignored). A visitor: email is required and gets a confirmation link first.",
  })
  @Access('public')
  requestStockAlert(
    @Arg('productId', () => Int) productId: number,
    @Arg('size') size: string,
    @Arg('email', () => String, { nullable: true }) email: string | null,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.stockAlerts.request(productId, size, email);
  }

  @Mutation(() => StockAlertConfirmationObject, {
    description: "Confirms a visitor's back-in-stock request with the token of the e-mailed link.",
  })
  @Access('public')
  confirmStockAlert(@Arg('token') token: string, @Ctx() ctx: RequestContext) {
    return ctx.services.stockAlerts.confirm(token);
  }

  @Query(() => [StockAlertDemandObject], {
    description:
      'Admin: the sizes shoppers wait for (confirmed back-in-stock requests), most awaited first.',
  })
  @Access('admin')
  stockAlertDemand(@Ctx() ctx: RequestContext) {
    return ctx.services.stockAlerts.demand();
  }
}
