import { Arg, Ctx, Field, FieldResolver, Int, Mutation, ObjectType, Resolver } from 'type-graphql';
import { Root, registerEnumType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import { ORDER_REFUND_STATUSES, type OrderRefundStatus } from '@tienda/rules';
import { Access } from '../access.js';
import type { RequestContext } from '../../../http/request-context.js';
import type { OrderRecord } from '../../../modules/orders/order.service.js';
import type { OrderRefundView } from '../../../modules/returns/transfer-refunds.js';
import { OrderObject } from '../orders/order.types.js';

export const ORDER_REFUND_STATUS = Object.fromEntries(ORDER_REFUND_STATUSES.map((s) => [s, s])) as {
  [K in OrderRefundStatus]: K;
};

registerEnumType(ORDER_REFUND_STATUS, {
  name: 'OrderRefundStatus',
  description: "A transfer refund's state: PENDING (to send by hand) or REFUNDED (sent).",
});

@ObjectType('OrderRefund', {
  description:
    "The transfer refund of an order 'Cancelado con reembolso' paid by transfer (a card payment goes back through Mercado Pago by itself).",
  simpleResolvers: true,
})
export class OrderRefundObject implements Omit<OrderRefundView, 'refundedByEmail'> {
  @Field(() => Int)
  orderId!: number;

  @Field(() => ORDER_REFUND_STATUS)
  status!: OrderRefundStatus;

  @Field(() => Int, { description: 'What goes back, in centavos.' })
  amountCents!: number;

  @Field(() => String, { nullable: true, description: 'The CLABE it was sent to, once refunded.' })
  clabe!: string | null;

  @Field(() => DateTimeISOResolver)
  createdAt!: Date;

  @Field(() => DateTimeISOResolver, { nullable: true })
  refundedAt!: Date | null;

  @Field(() => Int, { nullable: true, description: 'The admin who marked it refunded.' })
  refundedBy!: number | null;

  @Field(() => String, {
    nullable: true,
    description: "That admin's e-mail (null for its customer, who sees only that it was sent).",
  })
  refundedByEmail!: string | null;
}

/** The customer sees the state, the amount and their CLABE; the admin also sees who. */
function objectOf(view: OrderRefundView, ctx: RequestContext): OrderRefundObject {
  const admin = ctx.user?.role === 'admin';
  return {
    ...view,
    refundedBy: admin ? view.refundedBy : null,
    refundedByEmail: admin ? view.refundedByEmail : null,
  };
}

/** An order's transfer refund (`Order.refund`) and the admin's 'Marcar reembolsado'. */
@Resolver(() => OrderObject)
export class OrderRefundResolver {
  @FieldResolver(() => OrderRefundObject, {
    nullable: true,
    description:
      "The transfer refund of this order when it was 'Cancelado con reembolso' after a transfer payment; null otherwise.",
  })
  async refund(@Root() order: OrderRecord, @Ctx() ctx: RequestContext) {
    const view = await ctx.loaders.orderRefund.load(order.id);
    return view ? objectOf(view, ctx) : null;
  }

  @Mutation(() => OrderRefundObject, {
    description:
      "Admin: the transfer refund of an order 'Cancelado con reembolso' was sent to the customer's CLABE (18 digits, check digit verified). Records who and when, audits it and e-mails the customer; repeating it answers the refund as it is.",
  })
  @Access('admin')
  async markOrderRefunded(
    @Arg('orderId', () => Int) orderId: number,
    @Arg('clabe', () => String) clabe: string,
    @Ctx() ctx: RequestContext,
  ) {
    return objectOf(await ctx.services.transferRefunds.markRefunded(orderId, clabe), ctx);
  }
}
