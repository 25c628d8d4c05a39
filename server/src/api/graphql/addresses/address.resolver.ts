import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Access } from '../access.js';
import type { RequestContext } from '../../../http/request-context.js';
import { AddressInput, AddressObject, addressValuesOf } from './address.types.js';

/** The signed-in customer's delivery addresses. Editing is not offered (spec §6). */
@Resolver()
export class AddressResolver {
  @Query(() => [AddressObject], { description: "The signed-in user's addresses, newest first." })
  @Access('signedIn')
  addresses(@Ctx() ctx: RequestContext) {
    return ctx.services.addresses.list();
  }

  @Mutation(() => AddressObject)
  @Access('signedIn')
  addAddress(@Arg('input') input: AddressInput, @Ctx() ctx: RequestContext) {
    return ctx.services.addresses.add(addressValuesOf(input));
  }

  @Mutation(() => Boolean)
  @Access('signedIn')
  async deleteAddress(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext) {
    await ctx.services.addresses.delete(id);
    return true;
  }
}
