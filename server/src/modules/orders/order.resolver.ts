import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Access } from '../../graphql/access.js';
import type { RequestContext } from '../../http/request-context.js';
import { OrderObject, OrderSummaryObject } from './order.types.js';

/** The shopper's side of orders: the summary, the checkout, their orders. */
@Resolver()
export class OrderResolver {
  @Query(() => OrderSummaryObject, {
    description: "The cart priced by the server for one of the shopper's addresses.",
  })
  @Access('signedIn')
  orderSummary(@Arg('addressId', () => Int) addressId: number, @Ctx() ctx: RequestContext) {
    return ctx.services.orders.summary(addressId);
  }

  @Mutation(() => OrderObject, {
    description:
      'Buys the cart (one transaction; no overselling). Repeating idempotencyKey returns the same order.',
  })
  @Access('signedIn')
  checkout(
    @Arg('addressId', () => Int) addressId: number,
    @Arg('idempotencyKey') idempotencyKey: string,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.orders.checkout({ addressId, idempotencyKey });
  }

  @Query(() => [OrderObject], { description: "The signed-in user's orders, newest first." })
  @Access('signedIn')
  myOrders(@Ctx() ctx: RequestContext) {
    return ctx.services.orders.list();
  }

  @Query(() => OrderObject, { description: 'One order: your own, or any for an admin.' })
  @Access('signedIn')
  order(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext) {
    return ctx.services.orders.get(id);
  }
}
