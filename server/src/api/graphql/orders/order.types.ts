import { ORDER_STATUS, type OrderStatus } from '@tienda/rules';
import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import { AddressObject } from '../addresses/address.types.js';
import type { AddressView } from '../../../modules/addresses/address.service.js';
import { CartLineObject } from '../cart/cart.types.js';
import type { CartLineView } from '../../../modules/cart/cart.service.js';
import type {
  OrderAdjustmentView,
  OrderLineView,
  OrderPage,
  OrderRecord,
  OrderSummaryView,
  OrderUpdate,
} from '../../../modules/orders/order.service.js';

/** The statuses by their API names; the values are the Spanish words stored and shown. */
registerEnumType(ORDER_STATUS, {
  name: 'OrderStatus',
  description:
    "An order's status (spec §4). The shop's screens and the REST facade show its Spanish words: " +
    Object.values(ORDER_STATUS)
      .map((words) => `'${words}'`)
      .join(', ') +
    '.',
  valuesConfig: {
    AWAITING_PAYMENT: { description: "'En espera de pago': a new order, not paid yet." },
    PAID: { description: "'Pagado': paid (bank transfer, OXXO), set by the admin." },
    SHIPPED: { description: "'Enviado': on its way, usually with a tracking number." },
    DELIVERED: { description: "'Entregado'." },
    CANCELLED_UNPAID: {
      description: "'Cancelado por falta de pago': not paid in time; its units are back in stock.",
    },
    PAID_MERCADOPAGO: { description: "'Pagado por mercadopago': paid by card." },
    CANCELLED_REFUNDED: {
      description:
        "'Cancelado con reembolso': a paid order the shop could not fulfil; its money given back, its units back in stock.",
    },
  },
});

@ObjectType('OrderLine', { simpleResolvers: true })
export class OrderLineObject implements OrderLineView {
  @Field(() => Int, { nullable: true, description: 'null once the product was deleted.' })
  productId!: number | null;

  @Field(() => Int, {
    nullable: true,
    description: "The cart line bought (the spec's idProductos).",
  })
  cartLineId!: number | null;

  @Field({ description: 'The name as it was bought.' })
  productName!: string;

  @Field()
  size!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Int, { description: 'The unit price paid, in centavos.' })
  unitPriceCents!: number;

  @Field()
  onPromotion!: boolean;
}

/** A named amount taken off an order (the order calculator's, `rules/src/order-calculator.ts`). */
@ObjectType('Adjustment', { simpleResolvers: true })
export class AdjustmentObject {
  @Field({ description: "A stable code: 'BULK_DISCOUNT', 'COUPON', 'FREE_SHIPPING'." })
  code!: string;

  @Field({ description: "Its Spanish name as the shopper reads it ('Descuento por mayoreo')." })
  label!: string;

  @Field(() => Int, { description: 'What it takes off, in centavos (positive).' })
  amountCents!: number;
}

/**
 * An order. `lines`, `userName`, `address`, `paid`, `cardChargeCents` and the lines' `product`
 * are field resolvers (OrderFieldResolver) over per-request loaders: a page of orders costs the
 * same statements whatever its size.
 */
@ObjectType('Order', { simpleResolvers: true })
export class OrderObject implements OrderRecord {
  @Field(() => Int)
  id!: number;

  @Field(() => Int)
  userId!: number;

  @Field(() => Int, { nullable: true })
  addressId!: number | null;

  @Field(() => ORDER_STATUS)
  status!: OrderStatus;

  @Field(() => String, { nullable: true, description: "Carrier tracking (the spec's estafeta)." })
  tracking!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The coupon code it was placed with (normalised); null if none.',
  })
  couponCode!: string | null;

  @Field(() => Int)
  subtotalCents!: number;

  @Field(() => Int)
  shippingCents!: number;

  @Field(() => Int, { description: 'The sum of the adjustments.' })
  discountCents!: number;

  @Field(() => [AdjustmentObject], {
    description: 'The named adjustments (bulk discount, coupon, free shipping), in order.',
  })
  adjustments!: OrderAdjustmentView[];

  @Field(() => Int)
  totalCents!: number;

  @Field(() => DateTimeISOResolver)
  createdAt!: Date;

  @Field(() => DateTimeISOResolver, {
    nullable: true,
    description: "When it became 'Entregado' (returns count five business days from it).",
  })
  deliveredAt!: Date | null;

  /** Present when the service read them with the order; otherwise the loader reads them. */
  lines?: OrderLineView[];
}

@ObjectType('OrderPage', { simpleResolvers: true })
export class OrderPageObject implements OrderPage {
  @Field(() => [OrderObject])
  items!: OrderRecord[];

  @Field(() => Int, { description: 'Orders the list holds in all (for the pages).' })
  total!: number;
}

@InputType('UpdateOrderInput')
export class UpdateOrderInput implements OrderUpdate {
  @Field(() => ORDER_STATUS, {
    description:
      "One of the admin's: AWAITING_PAYMENT, PAID, SHIPPED, DELIVERED, CANCELLED_UNPAID, CANCELLED_REFUNDED (or the order's current status unchanged).",
  })
  status!: OrderStatus;

  @Field(() => String, {
    nullable: true,
    description: 'Carrier tracking (estafeta); empty or null clears it; omitted keeps it.',
  })
  tracking?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "The admin's written reason to make a change allowed only so (shipping an unpaid order); recorded on the order's event and in the audit trail.",
  })
  overrideReason?: string | null;
}

@ObjectType('OrderSummary', { simpleResolvers: true })
export class OrderSummaryObject implements OrderSummaryView {
  @Field(() => AddressObject)
  address!: AddressView;

  @Field(() => [CartLineObject])
  lines!: CartLineView[];

  @Field(() => Int)
  subtotalCents!: number;

  @Field(() => Int, { description: 'Flat $220.' })
  shippingCents!: number;

  @Field(() => Int, { description: 'Units of products not on promotion.' })
  bulkUnits!: number;

  @Field(() => Int, { description: 'The sum of the adjustments.' })
  discountCents!: number;

  @Field(() => [AdjustmentObject], {
    description: "The named adjustments ('Descuento por mayoreo': $50 per such unit from 6).",
  })
  adjustments!: OrderSummaryView['adjustments'];

  @Field(() => Int)
  totalCents!: number;

  @Field(() => Int, { description: 'What paying by card would charge (total plus the fee).' })
  cardChargeCents!: number;

  @Field(() => String, {
    nullable: true,
    description: 'The applied coupon code (normalised) when accepted, else null.',
  })
  couponCode!: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'When a code was given and refused: the Spanish refusal (the summary is then priced without it).',
  })
  couponRefusal!: string | null;

  @Field(() => String, {
    nullable: true,
    description: "The refusal's CouponRefusal reason, e.g. 'COUPON_EXPIRED'.",
  })
  couponRefusalReason!: string | null;
}
