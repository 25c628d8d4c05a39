import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import type { FiscalValues } from '@tienda/rules';
import type { GlobalInvoiceView } from '../../../modules/invoicing/global-invoice.service.js';
import type { InvoiceView } from '../../../modules/invoicing/invoice.service.js';

@ObjectType('FiscalData', {
  simpleResolvers: true,
  description: "A customer's fiscal data: the receiver of their CFDI, as on their Constancia.",
})
export class FiscalDataObject implements FiscalValues {
  @Field(() => Int)
  userId!: number;

  @Field({ description: 'RFC: 12 characters a persona moral, 13 a persona física; uppercase.' })
  rfc!: string;

  @Field({ description: 'Name or company name, uppercase, without the regime suffix.' })
  legalName!: string;

  @Field({ description: 'Régimen fiscal, a code of the SAT catalogue c_RegimenFiscal.' })
  taxRegime!: string;

  @Field({ description: 'Uso del CFDI, a code of c_UsoCFDI valid for the régimen.' })
  cfdiUse!: string;

  @Field({ description: 'Fiscal postal code, 5 digits.' })
  postalCode!: string;

  @Field(() => DateTimeISOResolver)
  updatedAt!: Date;
}

@InputType('FiscalDataInput')
export class FiscalDataInput implements FiscalValues {
  @Field({
    description: '12 or 13 characters with the SAT check digit; blanks and dashes ignored.',
  })
  rfc!: string;

  @Field({ description: 'As on the Constancia, without "S.A. de C.V." or another regime suffix.' })
  legalName!: string;

  @Field({ description: 'c_RegimenFiscal code for the RFC’s kind (física or moral).' })
  taxRegime!: string;

  @Field({ description: 'c_UsoCFDI code valid for the régimen.' })
  cfdiUse!: string;

  @Field({ description: '5 digits.' })
  postalCode!: string;
}

export const fiscalValuesOf = (input: FiscalDataInput): FiscalValues => ({
  rfc: input.rfc,
  legalName: input.legalName,
  taxRegime: input.taxRegime,
  cfdiUse: input.cfdiUse,
  postalCode: input.postalCode,
});

/** The CFDI's states (`invoice.status`). */
export enum InvoiceStatusValue {
  STAMPING = 'stamping',
  VALID = 'valid',
  CANCELLING = 'cancelling',
  CANCELLED = 'cancelled',
  SKIPPED = 'skipped',
}
registerEnumType(InvoiceStatusValue, {
  name: 'InvoiceStatus',
  description:
    "An order's CFDI: being stamped, valid, cancellation asked (SAT pending), cancelled; SKIPPED: a credit note the shop did not stamp (`skipReason` says why).",
});

/** c_TipoDeComprobante of an order's CFDI. */
export enum InvoiceKindValue {
  INGRESO = 'ingreso',
  EGRESO = 'egreso',
}
registerEnumType(InvoiceKindValue, {
  name: 'InvoiceKind',
  description: "INGRESO: the order's invoice; EGRESO: a refunded return's credit note.",
});

@ObjectType('Invoice', {
  simpleResolvers: true,
  description:
    "An order's CFDI 4.0 stamped by the PAC: its ingreso (invoice) or a return's egreso (credit note).",
})
export class InvoiceObject {
  @Field(() => Int)
  id!: number;

  @Field(() => Int)
  orderId!: number;

  @Field(() => InvoiceKindValue)
  kind!: InvoiceKindValue;

  @Field(() => Int, { nullable: true, description: "A credit note's return." })
  returnId!: number | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The UUID of the CFDI it relates to: the invoice a credit note corrects (01) or a substitute replaces (04).',
  })
  relatedUuid!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'A corrected invoice: the UUID of its substitute (cancelled with motive 01).',
  })
  substitutedByUuid!: string | null;

  @Field(() => String, { nullable: true, description: 'Why a credit note was not stamped.' })
  skipReason!: string | null;

  @Field(() => InvoiceStatusValue)
  status!: InvoiceStatusValue;

  @Field(() => String, { nullable: true, description: 'Folio fiscal; null while stamping.' })
  uuid!: string | null;

  @Field()
  rfc!: string;

  @Field()
  legalName!: string;

  @Field(() => Int, { nullable: true, description: 'Centavos, IVA included.' })
  totalCents!: number | null;

  @Field(() => Int, { nullable: true, description: 'The IVA inside the total, centavos.' })
  taxCents!: number | null;

  @Field(() => String, { nullable: true, description: "c_FormaPago: '03' transfer, '04' card." })
  paymentForm!: string | null;

  @Field(() => DateTimeISOResolver, { nullable: true })
  stampedAt!: Date | null;

  @Field(() => String, {
    nullable: true,
    description: "The cancellation's SAT motive: '02', or '01' with a substitute.",
  })
  cancelMotive!: string | null;

  @Field(() => String, {
    nullable: true,
    description: "The PAC's refusal of the cancellation, for the admin.",
  })
  cancelError!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Where the PDF downloads (checks ownership); null until stamped.',
  })
  pdfUrl!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Where the XML downloads (checks ownership); null until stamped.',
  })
  xmlUrl!: string | null;
}

/**
 * `own`: URLs of this very CFDI (`/api/facturas/{id}/…`, for the order's list of CFDIs);
 * otherwise those of the order's current invoice.
 */
export const invoiceObjectOf = (i: InvoiceView, own = false): InvoiceObject => ({
  id: i.id,
  orderId: i.orderId,
  kind: i.kind as InvoiceKindValue,
  returnId: i.returnId,
  relatedUuid: i.relatedUuid,
  substitutedByUuid: i.substitutedByUuid,
  skipReason: i.skipReason,
  status: i.status as InvoiceStatusValue,
  uuid: i.uuid,
  rfc: i.receiver.rfc,
  legalName: i.receiver.legalName,
  totalCents: i.totalCents,
  taxCents: i.taxCents,
  paymentForm: i.paymentForm,
  stampedAt: i.stampedAt,
  cancelMotive: i.cancelMotive,
  cancelError: i.cancelError,
  pdfUrl: !i.uuid
    ? null
    : own
      ? `/api/facturas/${i.id}/pdf`
      : `/api/pedidos/${i.orderId}/factura/pdf`,
  xmlUrl: !i.uuid
    ? null
    : own
      ? `/api/facturas/${i.id}/xml`
      : `/api/pedidos/${i.orderId}/factura/xml`,
});

@ObjectType('GlobalInvoice', {
  simpleResolvers: true,
  description:
    'A global invoice (issue 25 item 5): the paid orders of a period nobody invoiced, one CFDI to the public in general (XAXX010101000).',
})
export class GlobalInvoiceObject {
  @Field(() => Int)
  id!: number;

  @Field(() => InvoiceStatusValue)
  status!: InvoiceStatusValue;

  @Field(() => String, { nullable: true, description: 'Folio fiscal; null while stamping.' })
  uuid!: string | null;

  @Field({ description: 'First Mexico City day of the period (YYYY-MM-DD).' })
  from!: string;

  @Field({ description: 'Last Mexico City day of the period, included (YYYY-MM-DD).' })
  to!: string;

  @Field({ description: "InformacionGlobal's periodicity: 'day', 'week' or 'month'." })
  periodicity!: string;

  @Field(() => Int, {
    nullable: true,
    description: 'Centavos, IVA included: the sum of its orders.',
  })
  totalCents!: number | null;

  @Field(() => Int, { nullable: true, description: 'The IVA inside the total, centavos.' })
  taxCents!: number | null;

  @Field(() => [Int], { description: 'The orders it lists.' })
  orderIds!: number[];

  @Field(() => DateTimeISOResolver, { nullable: true })
  stampedAt!: Date | null;

  @Field({ description: 'Download URL of the PDF (admin).' })
  pdfUrl!: string;

  @Field({ description: 'Download URL of the XML (admin).' })
  xmlUrl!: string;
}

export const globalInvoiceObjectOf = (g: GlobalInvoiceView): GlobalInvoiceObject => ({
  id: g.id,
  status: g.status as InvoiceStatusValue,
  uuid: g.uuid,
  from: g.from,
  to: g.to,
  periodicity: g.periodicity,
  totalCents: g.totalCents,
  taxCents: g.taxCents,
  orderIds: g.orderIds,
  stampedAt: g.stampedAt,
  pdfUrl: `/api/facturas/global/${g.id}/pdf`,
  xmlUrl: `/api/facturas/global/${g.id}/xml`,
});
