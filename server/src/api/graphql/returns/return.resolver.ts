import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { ReturnStatus } from '@tienda/rules';
import { Access } from '../access.js';
import type { RequestContext } from '../../../http/request-context.js';
import type { ReturnUpdate } from '../../../modules/returns/return.service.js';
import {
  OrderReturnsObject,
  RETURN_STATUS,
  ReturnLineInput,
  ReturnObject,
  ReturnPageObject,
  returnPage,
  ReturnUpdateInput,
} from './return.types.js';

/** Returns and exchanges (modules/returns/return.service.ts). */
@Resolver()
export class ReturnResolver {
  @Query(() => OrderReturnsObject, {
    description:
      "An order's returns, and whether another may be asked for now (its owner or an admin).",
  })
  @Access('signedIn')
  orderReturns(@Arg('orderId', () => Int) orderId: number, @Ctx() ctx: RequestContext) {
    return ctx.services.returns.ofOrder(orderId);
  }

  @Query(() => ReturnPageObject, {
    description: 'Admin: every return, newest first, optionally of one status. limit 1..100.',
  })
  @Access('admin')
  async returns(
    @Arg('limit', () => Int, { defaultValue: 20 }) limit: number,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Arg('status', () => RETURN_STATUS, { nullable: true }) status: ReturnStatus | null,
    @Ctx() ctx: RequestContext,
  ) {
    return returnPage(await ctx.services.returns.list(status, { limit, offset }), limit, offset);
  }

  @Mutation(() => ReturnObject, {
    description:
      'Return or exchange lines of your own delivered order, within 5 business days of delivery.',
  })
  @Access('signedIn')
  requestReturn(
    @Arg('orderId', () => Int) orderId: number,
    @Arg('lines', () => [ReturnLineInput]) lines: ReturnLineInput[],
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.returns.request(
      orderId,
      lines.map((l) => ({
        productId: l.productId,
        size: l.size,
        quantity: l.quantity,
        reason: l.reason,
        newSize: l.newSize ?? null,
      })),
    );
  }

  @Mutation(() => ReturnObject, {
    description:
      'Admin: receive (stock back once), refund (Mercado Pago, or a transfer to the CLABE) or reject a return.',
  })
  @Access('admin')
  updateReturn(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => ReturnUpdateInput) input: ReturnUpdateInput,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.returns.update(id, {
      status: input.status as ReturnUpdate['status'],
      clabe: input.clabe ?? null,
      shopFault: input.shopFault ?? false,
    });
  }
}
