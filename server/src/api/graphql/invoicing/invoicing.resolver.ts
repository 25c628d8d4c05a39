import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Access } from '../access.js';
import type { RequestContext } from '../../../http/request-context.js';
import { FiscalDataInput, FiscalDataObject, fiscalValuesOf } from './invoicing.types.js';

/** The signed-in customer's fiscal data (issue 25 item 1). */
@Resolver()
export class InvoicingResolver {
  @Query(() => FiscalDataObject, {
    nullable: true,
    description: "The signed-in user's fiscal data, or null when none was saved.",
  })
  @Access('signedIn')
  myFiscalData(@Ctx() ctx: RequestContext) {
    return ctx.services.fiscalData.get();
  }

  @Mutation(() => FiscalDataObject, {
    description: "Saves (creates or replaces) the signed-in user's fiscal data.",
  })
  @Access('signedIn')
  saveFiscalData(@Arg('input') input: FiscalDataInput, @Ctx() ctx: RequestContext) {
    return ctx.services.fiscalData.save(fiscalValuesOf(input));
  }
}
