import { DateTimeISOResolver, SafeIntResolver } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import type {
  BestSeller,
  CouponUses,
  LowStockSize,
  ReleasingOrder,
  SalesDay,
  SalesFigures,
  SalesSummary,
} from '../../../modules/summary/summary.service.js';

@ObjectType('SalesFigures', {
  simpleResolvers: true,
  description: 'Paid orders over some days: an order counts on the day its payment was approved.',
})
export class SalesFiguresObject implements SalesFigures {
  @Field(() => Int)
  orders!: number;

  @Field(() => Int, { description: 'Units of the paid orders’ lines.' })
  units!: number;

  @Field(() => SafeIntResolver, {
    description: 'The paid orders’ totals (after discounts, with shipping).',
  })
  revenueCents!: number;

  @Field(() => SafeIntResolver, {
    description: 'Revenue over orders, rounded to the centavo; 0 without.',
  })
  averageTicketCents!: number;

  @Field(() => SafeIntResolver, { description: 'What the orders’ adjustments took off.' })
  discountCents!: number;
}

@ObjectType('SalesDay', { simpleResolvers: true, description: 'One Mexico City day’s figures.' })
export class SalesDayObject extends SalesFiguresObject implements SalesDay {
  @Field({ description: "'YYYY-MM-DD', a Mexico City day." })
  day!: string;
}

@ObjectType('BestSeller', { simpleResolvers: true })
export class BestSellerObject implements BestSeller {
  @Field(() => Int, { nullable: true, description: 'null: a product deleted since.' })
  productId!: number | null;

  @Field()
  name!: string;

  @Field(() => Int)
  units!: number;

  @Field(() => SafeIntResolver, {
    description: 'Units × unit price, before the orders’ discounts.',
  })
  revenueCents!: number;
}

@ObjectType('LowStockSize', { simpleResolvers: true })
export class LowStockSizeObject implements LowStockSize {
  @Field(() => Int)
  productId!: number;

  @Field()
  name!: string;

  @Field()
  size!: string;

  @Field(() => Int)
  quantity!: number;
}

@ObjectType('ReleasingOrder', {
  simpleResolvers: true,
  description: 'An unpaid order the sweep releases within 24 hours.',
})
export class ReleasingOrderObject implements ReleasingOrder {
  @Field(() => Int)
  orderId!: number;

  @Field()
  customerName!: string;

  @Field(() => SafeIntResolver)
  totalCents!: number;

  @Field(() => DateTimeISOResolver)
  placedAt!: Date;

  @Field(() => DateTimeISOResolver, {
    description: 'When its hold ends; the sweep (every 10 minutes) releases it then.',
  })
  releasesAt!: Date;
}

@ObjectType('CouponUses', { simpleResolvers: true })
export class CouponUsesObject implements CouponUses {
  @Field()
  code!: string;

  @Field(() => Int, { description: 'Uses taken in the range and not given back.' })
  uses!: number;

  @Field(() => SafeIntResolver, { description: 'What the coupon took off those orders.' })
  discountCents!: number;
}

/**
 * Sums of centavos are SafeInt (up to 2^53 − 1): a month of a busy shop passes GraphQL's 32-bit
 * Int ($21,474,836.47), which the bench's 200,000 orders did in 30 days.
 */
@ObjectType('SalesSummary', {
  simpleResolvers: true,
  description: "'Resumen', the owner's home screen, for a range of Mexico City days.",
})
export class SalesSummaryObject implements SalesSummary {
  @Field()
  from!: string;

  @Field()
  to!: string;

  @Field(() => SalesFiguresObject)
  totals!: SalesFigures;

  @Field(() => [SalesDayObject], { description: 'Every day of the range, in order.' })
  days!: SalesDay[];

  @Field(() => [BestSellerObject], { description: 'The first 10 by units.' })
  bestSellersByUnits!: BestSeller[];

  @Field(() => [BestSellerObject], { description: 'The first 10 by revenue.' })
  bestSellersByRevenue!: BestSeller[];

  @Field(() => Int)
  lowStockThreshold!: number;

  @Field(() => Int, { description: 'How many sizes have lowStockThreshold units or fewer.' })
  lowStockTotal!: number;

  @Field(() => [LowStockSizeObject], { description: 'The first 50, fewest units first.' })
  lowStock!: LowStockSize[];

  @Field(() => Int)
  releasingTotal!: number;

  @Field(() => SafeIntResolver)
  releasingTotalCents!: number;

  @Field(() => [ReleasingOrderObject], { description: 'The first 50, soonest first.' })
  releasing!: ReleasingOrder[];

  @Field(() => [CouponUsesObject], { description: 'Per code, most used first.' })
  couponUses!: CouponUses[];
}
