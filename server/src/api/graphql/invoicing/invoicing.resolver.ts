import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Access } from '../access.js';
import type { RequestContext } from '../../../http/request-context.js';
import type { OrderRecord } from '../../../modules/orders/order.service.js';
import { OrderObject } from '../orders/order.types.js';
import { ProductType } from '../../../modules/catalog/lookup.entity.js';
import {
  FiscalDataInput,
  FiscalDataObject,
  GlobalInvoiceObject,
  InvoiceObject,
  globalInvoiceObjectOf,
  fiscalValuesOf,
  invoiceObjectOf,
} from './invoicing.types.js';

/** The signed-in customer's fiscal data (issue 25 item 1) and 'Facturar mi compra' (item 2). */
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

  @Mutation(() => InvoiceObject, {
    description:
      "'Facturar mi compra': stamps the paid order's CFDI with the owner's fiscal data, or answers the one it has (the order is the idempotency key). Its owner or an admin.",
  })
  @Access('signedIn')
  async invoiceOrder(@Arg('orderId', () => Int) orderId: number, @Ctx() ctx: RequestContext) {
    return invoiceObjectOf(await ctx.services.invoices.issue(orderId));
  }

  @Mutation(() => InvoiceObject, {
    description:
      "'Corregir factura': re-stamps the order's invoice with the owner's corrected fiscal data (relationship 04 to the old one) and cancels the old one with motive 01 naming it; two calls give one new stamp. Its owner or an admin.",
  })
  @Access('signedIn')
  async correctInvoice(@Arg('orderId', () => Int) orderId: number, @Ctx() ctx: RequestContext) {
    return invoiceObjectOf(await ctx.services.invoices.substitute(orderId));
  }
}

/** The global invoices (issue 25 item 5): the admin's list and 'Emitir ahora'. */
@Resolver()
export class GlobalInvoiceResolver {
  @Query(() => Boolean, {
    description:
      'Whether invoicing is on (the server has FACTURAPI_KEY): without it nothing can be stamped, and the admin screens say so (admin).',
  })
  @Access('admin')
  invoicingAvailable(@Ctx() ctx: RequestContext): boolean {
    return ctx.services.globalInvoices.available;
  }

  @Query(() => [GlobalInvoiceObject], {
    description: 'The global invoices, latest period first (admin).',
  })
  @Access('admin')
  async globalInvoices(@Ctx() ctx: RequestContext) {
    return (await ctx.services.globalInvoices.list()).map(globalInvoiceObjectOf);
  }

  @Mutation(() => GlobalInvoiceObject, {
    description:
      'Issues now the global invoice of a closed range of Mexico City days (YYYY-MM-DD, both included), or answers the one it has: the paid orders of the range nobody invoiced (admin).',
  })
  @Access('admin')
  async issueGlobalInvoice(
    @Arg('from') from: string,
    @Arg('to') to: string,
    @Ctx() ctx: RequestContext,
  ) {
    return globalInvoiceObjectOf(await ctx.services.globalInvoices.issue({ from, to }));
  }
}

/** A product type's SAT keys for its invoice lines (issue 25 item 2), editable by the admin. */
@Resolver(() => ProductType)
export class ProductTypeSatResolver {
  @FieldResolver(() => String, {
    description: "c_ClaveProdServ of the type's invoice lines (the admin's, else the default).",
  })
  async satProductKey(@Root() type: ProductType, @Ctx() ctx: RequestContext) {
    return (await ctx.loaders.typeSatKeys.load(type.id))?.productKey ?? '';
  }

  @FieldResolver(() => String, {
    description: "c_ClaveUnidad of the type's invoice lines (the admin's, else the default).",
  })
  async satUnitKey(@Root() type: ProductType, @Ctx() ctx: RequestContext) {
    return (await ctx.loaders.typeSatKeys.load(type.id))?.unitKey ?? '';
  }

  @Mutation(() => ProductType, {
    description: "Sets a product type's SAT keys for its invoice lines (admin).",
  })
  @Access('admin')
  async setProductTypeSatKeys(
    @Arg('id', () => Int) id: number,
    @Arg('productKey') productKey: string,
    @Arg('unitKey') unitKey: string,
    @Ctx() ctx: RequestContext,
  ) {
    await ctx.services.typeSatKeys.set(id, { productKey, unitKey });
    ctx.loaders.typeSatKeys.clear(id);
    const types = await ctx.services.lookups.list('type');
    return types.find((t) => t.id === id)!;
  }
}

/** An order's CFDI, through the request's loader (one statement for a page of orders). */
@Resolver(() => OrderObject)
export class OrderInvoiceFieldResolver {
  @FieldResolver(() => InvoiceObject, {
    nullable: true,
    description: "The order's CFDI (its live one, else its last cancelled one); null: none.",
  })
  async invoice(@Root() order: OrderRecord, @Ctx() ctx: RequestContext) {
    const invoice = await ctx.loaders.orderInvoice.load(order.id);
    return invoice ? invoiceObjectOf(invoice) : null;
  }

  @FieldResolver(() => [InvoiceObject], {
    description:
      "Every CFDI of the order, oldest first: its invoices (also cancelled or substituted) and its returns' credit notes, each with its own download URLs.",
  })
  async cfdis(@Root() order: OrderRecord, @Ctx() ctx: RequestContext) {
    return (await ctx.loaders.orderCfdis.load(order.id)).map((i) => invoiceObjectOf(i, true));
  }
}
