import type { Response } from 'express';
import { z } from 'zod';
import type { FiscalDataView } from '../../modules/invoicing/fiscal-data.service.js';
import type { GlobalInvoiceView } from '../../modules/invoicing/global-invoice.service.js';
import type { InvoiceFile, InvoiceView } from '../../modules/invoicing/invoice.service.js';
import { notFound } from '../../modules/shared/errors.js';
import { route, type RouteDef } from './route.js';
import { idParams, text } from './schemas.js';

/** A customer's fiscal data with the issue's Spanish field names. */
const datosFiscalesSchema = z
  .object({
    idUsuario: z.number().int(),
    rfc: z
      .string()
      .meta({ description: '12 characters (persona moral) or 13 (física), uppercase' }),
    razonSocial: z
      .string()
      .meta({ description: 'Name or company name, uppercase, without the regime suffix' }),
    regimenFiscal: z.string().meta({ description: 'c_RegimenFiscal code' }),
    usoCfdi: z.string().meta({ description: 'c_UsoCFDI code valid for the régimen' }),
    codigoPostal: z.string().meta({ description: 'Fiscal postal code, 5 digits' }),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'DatosFiscales' });

export function toDatosFiscalesRest(f: FiscalDataView): z.input<typeof datosFiscalesSchema> {
  return {
    idUsuario: f.userId,
    rfc: f.rfc,
    razonSocial: f.legalName,
    regimenFiscal: f.taxRegime,
    usoCfdi: f.cfdiUse,
    codigoPostal: f.postalCode,
    updatedAt: f.updatedAt.toISOString(),
  };
}

/** Codes and postal codes typed into a form may arrive as JSON numbers. */
const code = z.union([text(20), z.number().int().nonnegative()]).transform(String);
const datosFiscalesBody = z.object({
  rfc: text(100),
  razonSocial: text(1000),
  regimenFiscal: code,
  usoCfdi: text(20),
  codigoPostal: code,
});

/** The CFDI's state in the words a REST client reads. */
export const ESTADOS_FACTURA = {
  stamping: 'timbrando',
  valid: 'vigente',
  cancelling: 'en cancelación',
  cancelled: 'cancelada',
  skipped: 'no emitida',
} as const;

const facturaSchema = z
  .object({
    uuid: z.string().nullable().meta({ description: 'Folio fiscal; null while stamping' }),
    estado: z.enum(Object.values(ESTADOS_FACTURA) as [string, ...string[]]),
    pdf: z.string().meta({ description: 'Download URL of the PDF (checks ownership)' }),
    xml: z.string().meta({ description: 'Download URL of the XML (checks ownership)' }),
    total: z.number().nullable().meta({ description: 'Pesos, IVA included' }),
    iva: z.number().nullable().meta({ description: 'The IVA inside the total, pesos' }),
    formaPago: z.string().nullable().meta({ description: "c_FormaPago: '03' transfer, '04' card" }),
    rfc: z.string(),
    razonSocial: z.string(),
    fechaTimbrado: z.iso.datetime().nullable(),
    motivoCancelacion: z
      .string()
      .nullable()
      .meta({ description: "SAT motive: '02', or '01' when substituted" }),
    tipo: z
      .enum(['ingreso', 'egreso'])
      .meta({ description: "'ingreso': the order's invoice; 'egreso': a return's credit note" }),
    idDevolucion: z.number().int().nullable().meta({ description: "A credit note's return" }),
    uuidRelacionado: z.string().nullable().meta({
      description:
        'The CFDI it relates to: the invoice a credit note corrects (01) or a substitute replaces (04)',
    }),
    sustituidaPor: z
      .string()
      .nullable()
      .meta({ description: 'A corrected invoice: the UUID of its substitute' }),
    motivoNoEmitida: z
      .string()
      .nullable()
      .meta({ description: "Why a credit note was not stamped ('no emitida')" }),
  })
  .meta({ id: 'Factura' });

const pesos = (cents: number | null) => (cents === null ? null : cents / 100);

/** `own`: this CFDI's download URLs (`/api/facturas/{id}/…`), else the order's invoice's. */
export function toFacturaRest(i: InvoiceView, own = false): z.input<typeof facturaSchema> {
  return {
    uuid: i.uuid,
    estado: ESTADOS_FACTURA[i.status],
    pdf: own ? `/api/facturas/${i.id}/pdf` : `/api/pedidos/${i.orderId}/factura/pdf`,
    xml: own ? `/api/facturas/${i.id}/xml` : `/api/pedidos/${i.orderId}/factura/xml`,
    total: pesos(i.totalCents),
    iva: pesos(i.taxCents),
    formaPago: i.paymentForm,
    rfc: i.receiver.rfc,
    razonSocial: i.receiver.legalName,
    fechaTimbrado: i.stampedAt?.toISOString() ?? null,
    motivoCancelacion: i.cancelMotive,
    tipo: i.kind,
    idDevolucion: i.returnId,
    uuidRelacionado: i.relatedUuid,
    sustituidaPor: i.substitutedByUuid,
    motivoNoEmitida: i.skipReason,
  };
}

/** A stamped file as a private download (never cached: it holds the customer's fiscal data). */
function sendFile(
  res: Response,
  file: { contentType: string; filename: string; content: Buffer },
): string {
  res
    .status(200)
    .type(file.contentType)
    .set('Content-Disposition', `attachment; filename="${file.filename}"`)
    .set('Cache-Control', 'private, no-store')
    .end(file.content);
  return '';
}

const fileRoute = (kind: InvoiceFile): RouteDef =>
  route({
    method: 'get',
    path: `/pedidos/:id/factura/${kind}`,
    access: 'signedIn',
    tag: 'Facturación',
    summary: `The order's CFDI as ${kind.toUpperCase()} (its owner, or an admin)`,
    produces: kind === 'pdf' ? 'application/pdf' : 'application/xml',
    response: z.string().meta({ description: `The ${kind.toUpperCase()} file` }),
    params: idParams,
    handler: async ({ params, ctx, res }) => {
      return sendFile(res, await ctx.services.invoices.file(params.id, kind));
    },
  });

/** Any one CFDI's file by its id: a credit note, a substituted invoice (owner or admin). */
const cfdiFileRoute = (kind: InvoiceFile): RouteDef =>
  route({
    method: 'get',
    path: `/facturas/:id/${kind}`,
    access: 'signedIn',
    tag: 'Facturación',
    summary: `One CFDI (an invoice or a credit note) as ${kind.toUpperCase()}, by its id (the owner of its order, or an admin)`,
    produces: kind === 'pdf' ? 'application/pdf' : 'application/xml',
    response: z.string().meta({ description: `The ${kind.toUpperCase()} file` }),
    params: idParams,
    handler: async ({ params, ctx, res }) => {
      return sendFile(res, await ctx.services.invoices.fileOf(params.id, kind));
    },
  });

const clavesSatSchema = z
  .object({
    idTipo: z.number().int(),
    claveProducto: z.string().meta({ description: 'c_ClaveProdServ, 8 digits' }),
    claveUnidad: z.string().meta({ description: 'c_ClaveUnidad (H87 pieza, PR par)' }),
  })
  .meta({ id: 'ClavesSat' });

const facturaGlobalSchema = z
  .object({
    id: z.number().int(),
    uuid: z.string().nullable().meta({ description: 'Folio fiscal; null while stamping' }),
    estado: z.enum(Object.values(ESTADOS_FACTURA) as [string, ...string[]]),
    desde: z.string().meta({ description: 'First Mexico City day of the period (YYYY-MM-DD)' }),
    hasta: z.string().meta({ description: 'Last Mexico City day of the period, included' }),
    periodicidad: z.enum(['day', 'week', 'month']),
    total: z
      .number()
      .nullable()
      .meta({ description: 'Pesos, IVA included: the sum of its orders' }),
    iva: z.number().nullable().meta({ description: 'The IVA inside the total, pesos' }),
    pedidos: z.array(z.number().int()).meta({ description: 'The ids of the orders it lists' }),
    pdf: z.string().meta({ description: 'Download URL of the PDF (admin)' }),
    xml: z.string().meta({ description: 'Download URL of the XML (admin)' }),
    fechaTimbrado: z.iso.datetime().nullable(),
  })
  .meta({ id: 'FacturaGlobal' });

export function toFacturaGlobalRest(g: GlobalInvoiceView): z.input<typeof facturaGlobalSchema> {
  return {
    id: g.id,
    uuid: g.uuid,
    estado: ESTADOS_FACTURA[g.status],
    desde: g.from,
    hasta: g.to,
    periodicidad: g.periodicity,
    total: pesos(g.totalCents),
    iva: pesos(g.taxCents),
    pedidos: g.orderIds,
    pdf: `/api/facturas/global/${g.id}/pdf`,
    xml: `/api/facturas/global/${g.id}/xml`,
    fechaTimbrado: g.stampedAt?.toISOString() ?? null,
  };
}

const globalFileRoute = (kind: InvoiceFile): RouteDef =>
  route({
    method: 'get',
    path: `/facturas/global/:id/${kind}`,
    access: 'admin',
    tag: 'Facturación',
    summary: `A global invoice as ${kind.toUpperCase()} (admin)`,
    produces: kind === 'pdf' ? 'application/pdf' : 'application/xml',
    response: z.string().meta({ description: `The ${kind.toUpperCase()} file` }),
    params: idParams,
    handler: async ({ params, ctx, res }) => {
      return sendFile(res, await ctx.services.globalInvoices.file(params.id, kind));
    },
  });

export const FISCAL_DATA_NOT_FOUND = 'Aún no hay datos fiscales guardados';

/** Fiscal data (CFDI's receiver): /api/usuarios/:id/datos-fiscales. */
export const INVOICING_ROUTES: readonly RouteDef[] = [
  route({
    method: 'get',
    path: '/usuarios/:id/datos-fiscales',
    access: 'signedIn',
    tag: 'Facturación',
    summary: 'A user’s fiscal data (one’s own; an admin, anyone’s)',
    response: datosFiscalesSchema,
    params: idParams,
    handler: async ({ params, ctx }) => {
      const data = await ctx.services.fiscalData.get(params.id);
      if (!data) throw notFound(FISCAL_DATA_NOT_FOUND, 'NO_FISCAL_DATA');
      return toDatosFiscalesRest(data);
    },
  }),

  route({
    method: 'put',
    path: '/usuarios/:id/datos-fiscales',
    access: 'signedIn',
    tag: 'Facturación',
    summary: 'Save a user’s fiscal data (one’s own; an admin, anyone’s)',
    response: datosFiscalesSchema,
    params: idParams,
    body: datosFiscalesBody,
    handler: async ({ params, body, ctx }) =>
      toDatosFiscalesRest(
        await ctx.services.fiscalData.save(
          {
            rfc: body.rfc,
            legalName: body.razonSocial,
            taxRegime: body.regimenFiscal,
            cfdiUse: body.usoCfdi,
            postalCode: body.codigoPostal,
          },
          params.id,
        ),
      ),
  }),

  route({
    method: 'post',
    path: '/pedidos/:id/factura',
    access: 'signedIn',
    tag: 'Facturación',
    summary: "'Facturar mi compra': stamp the paid order's CFDI 4.0 (or answer the one it has)",
    description:
      'The order is the idempotency key: repeated or simultaneous calls give one stamp. 409 when invoicing is off (`INVOICING_OFF`), the order is not paid (`ORDER_NOT_PAID`) or cancelled; 400 without fiscal data (`NO_FISCAL_DATA`) or when the PAC refuses it (`PAC_REFUSED`, its reason in Spanish); 503 when the PAC does not answer.',
    response: facturaSchema,
    params: idParams,
    errors: [409, 503],
    handler: async ({ params, ctx }) => toFacturaRest(await ctx.services.invoices.issue(params.id)),
  }),

  route({
    method: 'get',
    path: '/pedidos/:id/factura',
    access: 'signedIn',
    tag: 'Facturación',
    summary: "The order's CFDI (its owner, or an admin); 404 when it has none",
    response: facturaSchema,
    params: idParams,
    handler: async ({ params, ctx }) => {
      const invoice = await ctx.services.invoices.forOrder(params.id);
      if (!invoice) throw notFound('Este pedido aún no tiene factura', 'NO_INVOICE');
      return toFacturaRest(invoice);
    },
  }),

  fileRoute('pdf'),
  fileRoute('xml'),

  route({
    method: 'post',
    path: '/pedidos/:id/factura/sustitucion',
    access: 'signedIn',
    tag: 'Facturación',
    summary:
      "'Corregir factura': re-stamp the order's invoice with the corrected fiscal data; the old one is cancelled with motive 01",
    description:
      'The new CFDI relates the old one with relationship 04 (sustitución) and the old one is cancelled with motive 01 naming it. Repeated or simultaneous calls give one new stamp. 409 when the order has no invoice (`NO_INVOICE`), the fiscal data did not change (`NOTHING_TO_CORRECT`), the invoice is being cancelled or stamped, or invoicing is off; 400 when the PAC refuses the new one (`PAC_REFUSED`: the old one stays valid); 503 when the PAC does not answer.',
    response: facturaSchema,
    params: idParams,
    errors: [409, 503],
    handler: async ({ params, ctx }) =>
      toFacturaRest(await ctx.services.invoices.substitute(params.id)),
  }),

  route({
    method: 'get',
    path: '/pedidos/:id/facturas',
    access: 'signedIn',
    tag: 'Facturación',
    summary:
      "Every CFDI of the order, oldest first: its invoices (also cancelled or substituted) and its returns' credit notes (its owner, or an admin)",
    response: z.array(facturaSchema),
    params: idParams,
    handler: async ({ params, ctx }) => {
      await ctx.services.invoices.forOrder(params.id); // 404/403 as the order.
      const [list] = await ctx.services.invoices.cfdisOf([params.id]);
      return list!.map((i) => toFacturaRest(i, true));
    },
  }),

  cfdiFileRoute('pdf'),
  cfdiFileRoute('xml'),

  route({
    method: 'post',
    path: '/facturas/global',
    access: 'admin',
    tag: 'Facturación',
    summary: 'Issue now the global invoice of a closed range of Mexico City days (admin)',
    description:
      'The paid orders of the range (paid_at within its days, Mexico City time) that are not cancelled, not invoiced individually and in no global invoice, in one CFDI to XAXX010101000. Repeated or simultaneous calls for one range give one stamp. 400 for a range not closed (`PERIOD_NOT_CLOSED`), inverted (`INVERTED_RANGE`) or beyond one month; 409 when no order is left (`NO_ORDERS`) or invoicing is off; 503 when the PAC does not answer.',
    response: facturaGlobalSchema,
    body: z.strictObject({
      desde: text(10).meta({ description: 'YYYY-MM-DD, Mexico City' }),
      hasta: text(10).meta({ description: 'YYYY-MM-DD, Mexico City, included' }),
    }),
    errors: [409, 503],
    handler: async ({ body, ctx }) =>
      toFacturaGlobalRest(
        await ctx.services.globalInvoices.issue({ from: body.desde, to: body.hasta }),
      ),
  }),

  route({
    method: 'get',
    path: '/facturas/global',
    access: 'admin',
    tag: 'Facturación',
    summary: 'The global invoices, latest period first (admin)',
    response: z.array(facturaGlobalSchema),
    handler: async ({ ctx }) => (await ctx.services.globalInvoices.list()).map(toFacturaGlobalRest),
  }),

  globalFileRoute('pdf'),
  globalFileRoute('xml'),

  route({
    method: 'put',
    path: '/tipos/:id/claves-sat',
    access: 'admin',
    tag: 'Facturación',
    summary: "Set a product type's SAT keys for its invoice lines (admin)",
    response: clavesSatSchema,
    params: idParams,
    body: z.object({ claveProducto: text(20), claveUnidad: text(20) }),
    handler: async ({ params, body, ctx }) => {
      const keys = await ctx.services.typeSatKeys.set(params.id, {
        productKey: body.claveProducto,
        unitKey: body.claveUnidad,
      });
      return { idTipo: keys.typeId, claveProducto: keys.productKey, claveUnidad: keys.unitKey };
    },
  }),
];
