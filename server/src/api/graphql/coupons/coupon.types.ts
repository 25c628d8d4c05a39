import { COUPON_KINDS, type CouponDraft, type CouponKind } from '@tienda/rules';
import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import type { CouponView } from '../../../modules/coupons/coupon-records.js';
import type { CouponPage } from '../../../modules/coupons/coupon.service.js';

/** The kinds by their API names (the same words). */
export const COUPON_KIND = Object.fromEntries(COUPON_KINDS.map((k) => [k, k])) as {
  [K in CouponKind]: K;
};

registerEnumType(COUPON_KIND, {
  name: 'CouponKind',
  description: 'What a coupon takes off (rules/src/order-calculator.ts does the arithmetic).',
  valuesConfig: {
    PERCENTAGE: {
      description: 'A whole percent of the eligible goods, after the bulk discount.',
    },
    FIXED: { description: 'A fixed amount off the eligible goods (never more than they cost).' },
    FREE_SHIPPING: { description: 'The shipping is taken off.' },
  },
});

@ObjectType('Coupon', { simpleResolvers: true })
export class CouponObject implements CouponView {
  @Field(() => Int)
  id!: number;

  @Field({ description: "The code, normalised (trimmed, upper case: 'HOTSALE')." })
  code!: string;

  @Field(() => COUPON_KIND)
  kind!: CouponKind;

  @Field(() => Int, {
    description: 'PERCENTAGE: whole percent 1–100; FIXED: centavos; FREE_SHIPPING: 0.',
  })
  value!: number;

  @Field(() => String, {
    nullable: true,
    description: "First valid day, 'YYYY-MM-DD' in Mexico City, inclusive; null: no start.",
  })
  validFrom!: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Last valid day, 'YYYY-MM-DD' in Mexico City, inclusive; null: no end.",
  })
  validUntil!: string | null;

  @Field(() => Int, { nullable: true, description: 'Uses across all customers; null: no limit.' })
  maxUses!: number | null;

  @Field(() => Int, { nullable: true, description: 'Uses per customer; null: no limit.' })
  maxUsesPerCustomer!: number | null;

  @Field(() => Int, {
    nullable: true,
    description:
      'Minimum purchase in centavos (the eligible goods after the bulk discount); null: none.',
  })
  minimumCents!: number | null;

  @Field({ description: 'Only products not on promotion count (the default).' })
  nonPromotionalOnly!: boolean;

  @Field()
  active!: boolean;

  @Field(() => Int, {
    description: 'Uses held now: orders placed with it, minus those cancelled (freed).',
  })
  uses!: number;

  @Field(() => DateTimeISOResolver)
  createdAt!: Date;
}

@ObjectType('CouponPage', { simpleResolvers: true })
export class CouponPageObject {
  @Field(() => [CouponObject])
  items!: CouponView[];

  @Field(() => Int)
  limit!: number;

  @Field(() => Int)
  offset!: number;

  @Field(() => Int, { description: 'Coupons the search selects in all.' })
  total!: number;
}

export const couponPage = (page: CouponPage, limit: number, offset: number) =>
  Object.assign(new CouponPageObject(), { ...page, limit, offset });

@InputType('CouponInput', {
  description: "A coupon as the admin's form writes it (checked by @tienda/rules' couponProblems).",
})
export class CouponInputObject implements CouponDraft {
  @Field({ description: 'Stored trimmed and upper case; unique case-insensitively.' })
  code!: string;

  @Field(() => COUPON_KIND)
  kind!: CouponKind;

  @Field(() => Int, {
    description: 'PERCENTAGE: whole percent 1–100; FIXED: centavos; FREE_SHIPPING: ignored (0).',
  })
  value!: number;

  @Field(() => String, { nullable: true, description: "'YYYY-MM-DD', Mexico City day." })
  validFrom!: string | null;

  @Field(() => String, { nullable: true, description: "'YYYY-MM-DD', inclusive." })
  validUntil!: string | null;

  @Field(() => Int, { nullable: true })
  maxUses!: number | null;

  @Field(() => Int, { nullable: true })
  maxUsesPerCustomer!: number | null;

  @Field(() => Int, { nullable: true, description: 'Centavos.' })
  minimumCents!: number | null;

  @Field({ defaultValue: true })
  nonPromotionalOnly!: boolean;

  @Field({ defaultValue: true })
  active!: boolean;
}

/** The input with its omitted optional fields as null (a draft names every field). */
export const draftOf = (input: CouponInputObject): CouponDraft => ({
  code: input.code,
  kind: input.kind,
  value: input.value,
  validFrom: input.validFrom ?? null,
  validUntil: input.validUntil ?? null,
  maxUses: input.maxUses ?? null,
  maxUsesPerCustomer: input.maxUsesPerCustomer ?? null,
  minimumCents: input.minimumCents ?? null,
  nonPromotionalOnly: input.nonPromotionalOnly ?? true,
  active: input.active ?? true,
});
