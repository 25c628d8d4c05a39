import type { FiscalValues } from '@tienda/rules';
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
  const sum = (pick: (c: ConceptFigures) => number) => concepts.reduce((s, c) => s + pick(c), 0);
  const totalCents = sum((c) => c.netCents);
  if (totalCents !== order.totalCents) {
    throw new Error(
      `La factura del pedido ${order.id} suma ${totalCents} centavos y el pedido ${order.totalCents}`,
    );
  }
  const paymentForm = PAYMENT_FORMS[order.paymentMethod ?? 'transfer'] ?? '03';
  return {
    body: {
      customer: {
        legal_name: receiver.legalName,
        tax_id: receiver.rfc,
        tax_system: receiver.taxRegime,
        email,
        address: { zip: receiver.postalCode },
      },
      items,
      use: receiver.cfdiUse,
      payment_form: paymentForm,
      payment_method: 'PUE',
      external_id: `pedido-${order.id}`,
    },
    concepts,
    subtotalCents: sum((c) => c.amountCents),
    discountCents: sum((c) => c.discountCents),
    taxCents: sum((c) => c.taxCents),
    totalCents,
    paymentForm,
  };
}
