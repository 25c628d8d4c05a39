import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Access } from '../access.js';
import type { RequestContext } from '../../../http/request-context.js';
import { OrderEmailObject } from './order-email.types.js';

/** The back office's view of an order's e-mails. */
@Resolver()
export class OrderEmailResolver {
  @Query(() => [OrderEmailObject], {
    description: 'Admin: the e-mails of one order, oldest first.',
  })
  @Access('admin')
  orderEmails(@Arg('orderId', () => Int) orderId: number, @Ctx() ctx: RequestContext) {
    return ctx.services.orderEmails.ofOrder(orderId);
  }

  @Mutation(() => OrderEmailObject, {
    description: "Admin: sends one of an order's e-mails again (queued now; the worker sends it).",
  })
  @Access('admin')
  resendOrderEmail(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext) {
    return ctx.services.orderEmails.resend(id);
  }
}
