import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Access } from '../access.js';
import type { RequestContext } from '../../../http/request-context.js';
import { AddressObject } from '../addresses/address.types.js';
import { ProductObject } from '../catalog/product.types.js';
import { cardChargeCents } from '../../../modules/pricing/pricing.js';
import { stateOf } from '../../../modules/orders/order-machine.js';
import { holdDeadline } from '../../../modules/orders/unpaid-orders.js';
import { isPaidStatus, isPaymentSettled, trackingUrlOf } from '@tienda/rules';
import type {
  OrderLineView,
  OrderRecord,
  OrderView,
} from '../../../modules/orders/order.service.js';
import {
  OrderLineObject,
  OrderObject,
  OrderPageObject,
  OrderSummaryObject,
  UpdateOrderInput,
} from './order.types.js';

/** Orders: the shopper's summary, checkout and orders; the admin's list and edit. */
@Resolver()
export class OrderResolver {
  @Query(() => OrderSummaryObject, {
    description:
      "The cart priced by the server for one of the shopper's addresses, with `couponCode` applied when it may be (else the refusal is answered and the summary priced without it).",
  })
  @Access('signedIn')
  orderSummary(
    @Arg('addressId', () => Int) addressId: number,
    @Arg('couponCode', () => String, { nullable: true }) couponCode: string | null,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.orders.summary(addressId, couponCode);
  }

  @Mutation(() => OrderObject, {
    description:
      "Buys the cart (one transaction; no overselling). Repeating idempotencyKey returns the same order. A refused `couponCode` fails with its Spanish message, `extensions.reason` (a CouponRefusal) and field 'couponCode', and changes nothing.",
  })
  @Access('signedIn')
  checkout(
    @Arg('addressId', () => Int) addressId: number,
    @Arg('idempotencyKey') idempotencyKey: string,
    @Arg('couponCode', () => String, { nullable: true }) couponCode: string | null,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.orders.checkout({ addressId, idempotencyKey, couponCode });
  }

  @Query(() => OrderPageObject, {
    description: "The signed-in customer's orders, newest first. limit 1..50.",
  })
  @Access('signedIn')
  myOrders(
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Arg('limit', () => Int, { defaultValue: 10 }) limit: number,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.orders.myOrders({ offset, limit });
  }

  @Query(() => OrderPageObject, {
    description:
      "Admin: every order, newest first; every word of `search` must match the user's name, the order id or the status.",
  })
  @Access('admin')
  orders(
    @Arg('search', () => String, { nullable: true }) search: string | null,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Arg('limit', () => Int, { defaultValue: 10 }) limit: number,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.orders.search(search, { offset, limit });
  }

  @Query(() => OrderObject, { description: 'One order: your own, or any for an admin.' })
  @Access('signedIn')
  order(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext) {
    return ctx.services.orders.get(id);
  }

  @Mutation(() => OrderObject, {
    description:
      'Admin: status and tracking through the one order-status method; cancelling returns units to stock once.',
  })
  @Access('admin')
  updateOrder(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => UpdateOrderInput) input: UpdateOrderInput,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.orders.updateOrder(id, input);
  }
}

/** An order's parts, through the request's loaders (constant statements for a page). */
@Resolver(() => OrderObject)
export class OrderFieldResolver {
  @FieldResolver(() => [OrderLineObject])
  lines(
    @Root() order: OrderRecord & Partial<Pick<OrderView, 'lines'>>,
    @Ctx() ctx: RequestContext,
  ) {
    return order.lines ?? ctx.loaders.orderLines.load(order.id);
  }

  @FieldResolver(() => Int, {
    description: 'Card charge for this order (total plus provider fee), from the pricing module.',
  })
  cardChargeCents(@Root() order: OrderRecord): number {
    return cardChargeCents(order.totalCents);
  }

  @FieldResolver(() => String, {
    description: "The customer's name (the spec's nombre_usuario). Resolved through a DataLoader.",
  })
  async userName(@Root() order: OrderRecord, @Ctx() ctx: RequestContext): Promise<string> {
    return (await ctx.loaders.userName.load(order.userId)) ?? '';
  }

  @FieldResolver(() => AddressObject, {
    nullable: true,
    description:
      'The delivery address (kept even if the customer deleted it later). Resolved through a DataLoader.',
  })
  async address(@Root() order: OrderRecord, @Ctx() ctx: RequestContext) {
    if (order.addressId === null) return null;
    return (await ctx.loaders.orderAddress.load(order.addressId)) ?? null;
  }

  @FieldResolver(() => Boolean, {
    description: "True when the status counts as paid (contains 'pagado', case-insensitive).",
  })
  paid(@Root() order: OrderRecord): boolean {
    return isPaidStatus(order.status);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      "The carrier's tracking page for the order's tracking number (the settings' tracking URL); null without one.",
  })
  trackingUrl(@Root() order: OrderRecord, @Ctx() ctx: RequestContext): string | null {
    const tracking = order.tracking?.trim();
    if (!tracking) return null;
    return trackingUrlOf(ctx.services.settings.publicSettings().trackingUrl, tracking);
  }

  @FieldResolver(() => Date, {
    nullable: true,
    description:
      'Until when an unpaid order is held (the unpaid-order sweep releases it after); null once it is paid, shipped or cancelled.',
  })
  holdUntil(@Root() order: OrderRecord, @Ctx() ctx: RequestContext): Date | null {
    if (stateOf(order.status) !== 'AWAITING_PAYMENT') return null;
    return holdDeadline(order.createdAt, ctx.config.orderPaymentHoldHours);
  }

  @FieldResolver(() => Boolean, {
    description:
      "True when nothing is left to pay: paid, or 'Enviado' or 'Entregado' (only a paid order ships). The shopper is offered the payment details only while false.",
  })
  paymentSettled(@Root() order: OrderRecord): boolean {
    return isPaymentSettled(order.status);
  }
}

/** What an order line's product is now. */
@Resolver(() => OrderLineObject)
export class OrderLineFieldResolver {
  @FieldResolver(() => ProductObject, {
    nullable: true,
    description:
      'The product as it is now (null when deleted; kept when hidden because orders name it). Resolved through the product DataLoader.',
  })
  async product(@Root() line: OrderLineView, @Ctx() ctx: RequestContext) {
    if (line.productId === null) return null;
    return (await ctx.loaders.orderedProductById.load(line.productId)) ?? null;
  }
}
