import { CFDI_USES, type FiscalValues } from '@tienda/rules';
import type { PacInvoiceBody } from './pac.js';
import { SHIPPING_KEYS, type SatKeys } from './sat-keys.js';

/**
 * An order's CFDI 4.0 *ingreso* as the shop sends it to the PAC, built from the order as stored:
 * its lines at the price paid, each with the discounts the order calculator prorated to it (the
 * `order_adjustment` shares of the bulk discount and the coupon) as the concept's discount,
 * shipping as its own concept (none when a free-shipping coupon took it off), IVA 16 % included
 * in every price and broken out to the centavo, the payment form from the payment record, PUE.
 */
export interface InvoiceOrder {
  id: number;
  totalCents: number;
  shippingCents: number;
  lines: {
    id: number;
    productName: string;
    size: string;
    quantity: number;
    unitPriceCents: number;
    keys: SatKeys;
  }[];
  adjustments: {
    code: string;
    amountCents: number;
    lines: { orderLineId: number; amountCents: number }[];
  }[];
  /** The approved payment's method ('transfer', 'mercadopago'); null when none is recorded. */
  paymentMethod: string | null;
}

/** c_FormaPago of each payment method: transfer 03, card (Mercado Pago) 04. Never 99. */
export const PAYMENT_FORMS: Record<string, string> = { transfer: '03', mercadopago: '04' };
export const SHIPPING_DESCRIPTION = 'Envío';
export const IVA_RATE = 0.16;

/** A concept's figures in centavos, IVA included in `amount` and `discount`. */
export interface ConceptFigures {
  amountCents: number;
  discountCents: number;
  /** What the concept charges: amount − discount. */
  netCents: number;
  /** The IVA inside `netCents`: net − round(net / 1.16). */
  taxCents: number;
}

export interface CfdiDraft {
  body: Omit<PacInvoiceBody, 'idempotency_key'>;
  concepts: ConceptFigures[];
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  paymentForm: string;
}

const pesos = (cents: number) => cents / 100;

/** IVA included in an amount with the tax in: the amount less its base, to the centavo. */
export const includedIvaCents = (netCents: number) => netCents - Math.round(netCents / 1.16);

/** The concepts of a CFDI as they are added: their figures and Facturapi's items. */
function conceptList() {
  const concepts: ConceptFigures[] = [];
  const items: PacInvoiceBody['items'] = [];
  const add = (
    description: string,
    keys: SatKeys,
    quantity: number,
    unitCents: number,
    discountCents: number,
  ) => {
    const amountCents = quantity * unitCents;
    const netCents = amountCents - discountCents;
    // A concept that charges nothing has no tax base (the SAT refuses a base of 0): left out.
    if (netCents <= 0) return;
    concepts.push({ amountCents, discountCents, netCents, taxCents: includedIvaCents(netCents) });
    items.push({
      quantity,
      discount: pesos(discountCents),
      product: {
        description,
        product_key: keys.productKey,
        unit_key: keys.unitKey,
        price: pesos(unitCents),
        tax_included: true,
        taxes: [{ type: 'IVA', rate: IVA_RATE }],
      },
    });
  };
  return { concepts, items, add };
}

/** A CFDI's totals: the sums of its concepts' figures (the total is what they charge). */
function totalsOf(concepts: ConceptFigures[]) {
  const sum = (pick: (c: ConceptFigures) => number) => concepts.reduce((s, c) => s + pick(c), 0);
  return {
    subtotalCents: sum((c) => c.amountCents),
    discountCents: sum((c) => c.discountCents),
    taxCents: sum((c) => c.taxCents),
    totalCents: sum((c) => c.netCents),
  };
}

/** Facturapi's customer: the receiver as on the Constancia de Situación Fiscal. */
const pacCustomer = (receiver: FiscalValues, email: string) => ({
  legal_name: receiver.legalName,
  tax_id: receiver.rfc,
  tax_system: receiver.taxRegime,
  email,
  address: { zip: receiver.postalCode },
});

export function buildCfdi(order: InvoiceOrder, receiver: FiscalValues, email: string): CfdiDraft {
  const lineDiscount = new Map<number, number>();
  let freeShipping = false;
  for (const adjustment of order.adjustments) {
    if (adjustment.code === 'FREE_SHIPPING') freeShipping = true;
    for (const share of adjustment.lines) {
      lineDiscount.set(
        share.orderLineId,
        (lineDiscount.get(share.orderLineId) ?? 0) + share.amountCents,
      );
    }
  }
  const { concepts, items, add } = conceptList();
  for (const line of order.lines) {
    add(
      `${line.productName}, talla ${line.size}`,
      line.keys,
      line.quantity,
      line.unitPriceCents,
      lineDiscount.get(line.id) ?? 0,
    );
  }
  if (!freeShipping && order.shippingCents > 0) {
    add(SHIPPING_DESCRIPTION, SHIPPING_KEYS, 1, order.shippingCents, 0);
  }
  const totals = totalsOf(concepts);
  if (totals.totalCents !== order.totalCents) {
    throw new Error(
      `La factura del pedido ${order.id} suma ${totals.totalCents} centavos y el pedido ${order.totalCents}`,
    );
  }
  const paymentForm = PAYMENT_FORMS[order.paymentMethod ?? 'transfer'] ?? '03';
  return {
    body: {
      customer: pacCustomer(receiver, email),
      items,
      use: receiver.cfdiUse,
      payment_form: paymentForm,
      payment_method: 'PUE',
      external_id: `pedido-${order.id}`,
    },
    concepts,
    ...totals,
    paymentForm,
  };
}

/** What a return's refund gave back, as the event `order.return_refunded` tells it. */
export interface CreditNoteRefund {
  returnId: number;
  /** Every centavo refunded: the lines' amounts plus `shippingCents`. */
  amountCents: number;
  shippingCents: number;
  lines: { orderLineId: number; quantity: number; amountCents: number }[];
}

/** The ingreso a credit note corrects, as stamped. */
export interface CreditNoteOriginal {
  uuid: string;
  receiver: FiscalValues;
  paymentForm: string;
}

/**
 * c_UsoCFDI of a credit note: G02 'Devoluciones, descuentos o bonificaciones' when the
 * receiver's régimen admits it, else S01 (a régimen such as 605 has no deductions to correct).
 */
export function creditNoteUse(taxRegime: string): string {
  const g02 = CFDI_USES.find((u) => u.code === 'G02');
  return g02?.regimes.includes(taxRegime) ? 'G02' : 'S01';
}

/**
 * A return's CFDI *egreso* (credit note, issue 25 item 6): related to the original ingreso with
 * relationship 01, to the same receiver, with one concept per refunded line at exactly what the
 * refund gave back for it (the unit price as invoiced, the rest of what it was bought for as the
 * concept's discount: the coupon's and bulk discount's prorated shares), shipping only when it
 * was refunded, IVA included and broken out, the original's payment form, PUE. Its total is the
 * refund's amount, to the centavo.
 */
export function buildCreditNote(
  order: InvoiceOrder,
  original: CreditNoteOriginal,
  refund: CreditNoteRefund,
  email: string,
): CfdiDraft {
  const { concepts, items, add } = conceptList();
  const byId = new Map(order.lines.map((l) => [l.id, l]));
  for (const returned of refund.lines) {
    const line = byId.get(returned.orderLineId);
    if (!line) throw new Error(`La línea ${returned.orderLineId} no es del pedido ${order.id}`);
    const gross = returned.quantity * line.unitPriceCents;
    add(
      `Devolución: ${line.productName}, talla ${line.size}`,
      line.keys,
      returned.quantity,
      line.unitPriceCents,
      gross - returned.amountCents,
    );
  }
  if (refund.shippingCents > 0) {
    add(`Devolución: ${SHIPPING_DESCRIPTION}`, SHIPPING_KEYS, 1, refund.shippingCents, 0);
  }
  const totals = totalsOf(concepts);
  if (totals.totalCents !== refund.amountCents) {
    throw new Error(
      `La nota de crédito de la devolución ${refund.returnId} suma ${totals.totalCents} centavos y el reembolso ${refund.amountCents}`,
    );
  }
  const receiver = original.receiver;
  return {
    body: {
      type: 'E',
      related_documents: [{ relationship: '01', documents: [original.uuid] }],
      customer: pacCustomer(receiver, email),
      items,
      use: creditNoteUse(receiver.taxRegime),
      payment_form: original.paymentForm,
      payment_method: 'PUE',
      external_id: `devolucion-${refund.returnId}`,
    },
    concepts,
    ...totals,
    paymentForm: original.paymentForm,
  };
}
