import {
  REFUND_METHODS,
  RETURN_STATUSES,
  type RefundMethod,
  type ReturnStatus,
} from '@tienda/rules';
import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import type {
  OrderReturnsView,
  ReturnLineView,
  ReturnPage,
  ReturnView,
} from '../../../modules/returns/return.service.js';

export const RETURN_STATUS = Object.fromEntries(RETURN_STATUSES.map((s) => [s, s])) as {
  [K in ReturnStatus]: K;
};
export const REFUND_METHOD = Object.fromEntries(REFUND_METHODS.map((m) => [m, m])) as {
  [K in RefundMethod]: K;
};

registerEnumType(RETURN_STATUS, {
  name: 'ReturnStatus',
  description: "A return's step: solicitada, recibida, reembolsada, rechazada.",
});
registerEnumType(REFUND_METHOD, {
  name: 'RefundMethod',
  description: "How a return's money goes back: Mercado Pago's refund, or a transfer to a CLABE.",
});

@ObjectType('ReturnLine', { simpleResolvers: true })
export class ReturnLineObject implements ReturnLineView {
  @Field(() => Int)
  orderLineId!: number;

  @Field(() => Int, { nullable: true })
  productId!: number | null;

  @Field()
  productName!: string;

  @Field()
  size!: string;

  @Field(() => Int)
  quantity!: number;

  @Field()
  reason!: string;

  @Field(() => String, { nullable: true, description: 'The size wanted instead (an exchange).' })
  newSize!: string | null;

  @Field(() => Int, { description: 'What this line refunds: its paid share (0 for an exchange).' })
  refundCents!: number;
}

@ObjectType('Return', { simpleResolvers: true })
export class ReturnObject implements ReturnView {
  @Field(() => Int)
  id!: number;

  @Field(() => Int)
  orderId!: number;

  @Field(() => Int)
  userId!: number;

  @Field(() => RETURN_STATUS)
  status!: ReturnStatus;

  @Field(() => Int, { description: "The lines' refunds plus the shipping's when refunded." })
  refundCents!: number;

  @Field(() => Int)
  shippingRefundCents!: number;

  @Field()
  shopFault!: boolean;

  @Field(() => REFUND_METHOD, { nullable: true })
  refundMethod!: RefundMethod | null;

  @Field(() => String, { nullable: true })
  clabe!: string | null;

  @Field(() => String, { nullable: true, description: "Mercado Pago's refund id." })
  providerRefundId!: string | null;

  @Field(() => Int, { nullable: true, description: 'The order that ships an exchange.' })
  exchangeOrderId!: number | null;

  @Field(() => DateTimeISOResolver)
  requestedAt!: Date;

  @Field(() => DateTimeISOResolver, { nullable: true })
  receivedAt!: Date | null;

  @Field(() => Int, { nullable: true })
  receivedBy!: number | null;

  @Field(() => DateTimeISOResolver, { nullable: true })
  refundedAt!: Date | null;

  @Field(() => Int, { nullable: true })
  refundedBy!: number | null;

  @Field(() => DateTimeISOResolver, { nullable: true })
  rejectedAt!: Date | null;

  @Field(() => Int, { nullable: true })
  rejectedBy!: number | null;

  @Field(() => [ReturnLineObject])
  lines!: ReturnLineView[];
}

@ObjectType('OrderReturns', { simpleResolvers: true })
export class OrderReturnsObject implements OrderReturnsView {
  @Field(() => Int)
  orderId!: number;

  @Field(() => DateTimeISOResolver, { nullable: true })
  deliveredAt!: Date | null;

  @Field(() => DateTimeISOResolver, {
    nullable: true,
    description: 'When the window closes: the end of the 5th business day after delivery.',
  })
  deadline!: Date | null;

  @Field()
  canReturn!: boolean;

  @Field(() => String, { nullable: true, description: 'Why a return cannot be asked for now.' })
  closedReason!: string | null;

  @Field(() => [ReturnObject])
  returns!: ReturnView[];
}

@ObjectType('ReturnPage', { simpleResolvers: true })
export class ReturnPageObject implements ReturnPage {
  @Field(() => [ReturnObject])
  items!: ReturnView[];

  @Field(() => Int)
  limit!: number;

  @Field(() => Int)
  offset!: number;

  @Field(() => Int)
  total!: number;
}

export const returnPage = (page: ReturnPage, limit: number, offset: number) =>
  Object.assign(new ReturnPageObject(), { ...page, limit, offset });

@InputType('ReturnLineInput')
export class ReturnLineInput {
  @Field(() => Int)
  productId!: number;

  @Field()
  size!: string;

  @Field(() => Int)
  quantity!: number;

  @Field()
  reason!: string;

  @Field(() => String, { nullable: true, description: 'For an exchange: the size wanted.' })
  newSize?: string | null;
}

@InputType('ReturnUpdateInput')
export class ReturnUpdateInput {
  @Field(() => RETURN_STATUS, { description: 'RECEIVED, REFUNDED or REJECTED.' })
  status!: ReturnStatus;

  @Field(() => String, { nullable: true, description: 'For a transfer refund: the CLABE.' })
  clabe?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: "The shop's fault: the shipping is refunded with a whole return.",
  })
  shopFault?: boolean | null;
}
