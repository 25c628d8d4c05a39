import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Access } from '../access.js';
import type { RequestContext } from '../../../http/request-context.js';
import { CartObject } from './cart.types.js';

/** The signed-in shopper's cart. Every mutation answers the whole cart. */
@Resolver()
export class CartResolver {
  @Query(() => CartObject, { description: 'Loading it also drops gone products and caps stock.' })
  @Access('signedIn')
  cart(@Ctx() ctx: RequestContext) {
    return ctx.services.cart.load();
  }

  @Mutation(() => CartObject, {
    description:
      'Merges with the same product and size, capped at stock; `addition` says what it added.',
  })
  // Public so that an anonymous shopper hears the spec's own message from the service.
  @Access('public')
  async addToCart(
    @Arg('productId', () => Int) productId: number,
    @Arg('size') size: string,
    @Arg('quantity', () => Int) quantity: number,
    @Ctx() ctx: RequestContext,
  ) {
    const addition = await ctx.services.cart.add(productId, size, quantity);
    return { ...(await ctx.services.cart.load()), addition };
  }

  @Mutation(() => CartObject, { description: 'From 1 to the stock of that size.' })
  @Access('signedIn')
  async setCartLineQuantity(
    @Arg('lineId', () => Int) lineId: number,
    @Arg('quantity', () => Int) quantity: number,
    @Ctx() ctx: RequestContext,
  ) {
    await ctx.services.cart.setQuantity(lineId, quantity);
    return ctx.services.cart.load();
  }

  @Mutation(() => CartObject)
  @Access('signedIn')
  async removeCartLine(@Arg('lineId', () => Int) lineId: number, @Ctx() ctx: RequestContext) {
    await ctx.services.cart.remove(lineId);
    return ctx.services.cart.load();
  }
}
