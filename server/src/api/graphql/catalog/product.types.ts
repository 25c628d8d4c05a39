import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import type { PriceRangeLabel } from '../../../modules/pricing/pricing.js';
import type { CatalogFilter, ProductSort, Sex } from '../../../modules/catalog/catalog-filter.js';
import { Brand, Color, ProductType } from '../../../modules/catalog/lookup.entity.js';
import type { Gender } from '../../../modules/catalog/product.entity.js';
import type {
  LookupView,
  ProductImageView,
  ProductView,
  SizeStockView,
} from '../../../modules/catalog/product-view.js';

/**
 * The price-filter buckets (pricing.ts PRICE_RANGES) as a GraphQL enum; the internal values are
 * the labels the URL and the REST facade use.
 */
export enum PriceRangeValue {
  UP_TO_300 = '0-300',
  FROM_300_TO_500 = '300-500',
  FROM_500_TO_1000 = '500-1000',
  OVER_1000 = '1000+',
}
registerEnumType(PriceRangeValue, {
  name: 'PriceRange',
  description:
    'On the price the shopper pays, in pesos: lower bound exclusive (except 0), upper inclusive.',
  valuesConfig: {
    UP_TO_300: { description: '$0 to $300 (URL precio=0-300).' },
    FROM_300_TO_500: { description: 'Above $300 up to $500 (precio=300-500).' },
    FROM_500_TO_1000: { description: 'Above $500 up to $1,000 (precio=500-1000).' },
    OVER_1000: { description: 'Above $1,000 (precio=1000+).' },
  },
});

/** The catalogue's sex rule's values (catalog-filter.ts sexesOf). */
export enum SexValue {
  CABALLERO = 'Caballero',
  DAMA = 'Dama',
  NINO = 'Niño',
}
registerEnumType(SexValue, {
  name: 'Sex',
  description: "From the name: DAMA when it says 'Dama', NINO 'Niño', else CABALLERO (URL sexo).",
});

/** product.entity.ts GENDERS: 'Mujer' when the name contains 'Dama', else 'Hombre'. */
export enum GenderValue {
  HOMBRE = 'Hombre',
  MUJER = 'Mujer',
}
registerEnumType(GenderValue, { name: 'Gender' });

// The enums and the rules' lists stay in step at compile time (each way).
const priceRangeLabels: Record<PriceRangeLabel, PriceRangeValue> = {
  '0-300': PriceRangeValue.UP_TO_300,
  '300-500': PriceRangeValue.FROM_300_TO_500,
  '500-1000': PriceRangeValue.FROM_500_TO_1000,
  '1000+': PriceRangeValue.OVER_1000,
};
const sexes: Record<Sex, SexValue> = {
  Caballero: SexValue.CABALLERO,
  Dama: SexValue.DAMA,
  Niño: SexValue.NINO,
};
const genders: Record<Gender, GenderValue> = {
  Hombre: GenderValue.HOMBRE,
  Mujer: GenderValue.MUJER,
};
const labelsOfEnum: PriceRangeLabel[] = Object.values(PriceRangeValue);
const sexesOfEnum: Sex[] = Object.values(SexValue);
const gendersOfEnum: Gender[] = Object.values(GenderValue);
void [priceRangeLabels, sexes, genders, labelsOfEnum, sexesOfEnum, gendersOfEnum];

@InputType('ProductFilter')
export class ProductFilterInput implements CatalogFilter {
  @Field(() => [String], { nullable: true, description: 'Brand names (URL param marca).' })
  brands?: string[];

  @Field(() => [String], { nullable: true, description: 'Type names (URL param tipo).' })
  types?: string[];

  @Field(() => [PriceRangeValue], {
    nullable: true,
    description: 'On the price the shopper pays (URL param precio).',
  })
  priceRanges?: PriceRangeValue[];

  @Field(() => [String], {
    nullable: true,
    description: 'Sizes that have stock (URL param talla).',
  })
  sizes?: string[];

  @Field(() => [SexValue], { nullable: true, description: 'URL param sexo.' })
  sexes?: SexValue[];

  @Field(() => [String], { nullable: true, description: 'Colour names (URL param color).' })
  colors?: string[];

  @Field({
    nullable: true,
    description:
      'Every word must appear in the name or equal one of the sizes in stock; accent- and case-insensitive. Then, after those: the catalogue’s words (type, brand, colour, sex), a prefix of the last word, typos.',
  })
  search?: string;

  @Field({ nullable: true })
  onPromotion?: boolean;
}

export enum ProductSortValue {
  NEWEST = 'NEWEST',
  PROMOTION_PRICE_DESC = 'PROMOTION_PRICE_DESC',
  PRICE_ASC = 'PRICE_ASC',
  PRICE_DESC = 'PRICE_DESC',
}
registerEnumType(ProductSortValue, { name: 'ProductSort' });
// Keeps the GraphQL enum and the service's sorts in step at compile time.
export const toProductSort = (s: ProductSortValue): ProductSort => s;

export const toCatalogFilter = (f: ProductFilterInput | null): CatalogFilter | null => f;

@ObjectType({ simpleResolvers: true })
export class FacetOption {
  @Field()
  value!: string;

  @Field(() => Int)
  count!: number;
}

@ObjectType({ simpleResolvers: true })
export class PriceRangeOption {
  @Field(() => PriceRangeValue)
  value!: PriceRangeValue;

  @Field(() => Int)
  count!: number;
}

@ObjectType({ simpleResolvers: true })
export class SexOption {
  @Field(() => SexValue)
  value!: SexValue;

  @Field(() => Int)
  count!: number;
}

@ObjectType({ simpleResolvers: true })
export class ProductFacets {
  @Field(() => [FacetOption])
  brands!: FacetOption[];

  @Field(() => [FacetOption])
  types!: FacetOption[];

  @Field(() => [PriceRangeOption], {
    description:
      'Every option some visible product has (count 0 when the other filters leave none of it), and any chosen one.',
  })
  priceRanges!: PriceRangeOption[];

  @Field(() => [FacetOption])
  sizes!: FacetOption[];

  @Field(() => [SexOption], {
    description:
      'Every option some visible product has (count 0 when the other filters leave none of it), and any chosen one.',
  })
  sexes!: SexOption[];

  @Field(() => [FacetOption])
  colors!: FacetOption[];
}

@ObjectType('SizeStock', { simpleResolvers: true })
export class SizeStockObject implements SizeStockView {
  @Field()
  size!: string;

  @Field(() => Int)
  stock!: number;
}

@ObjectType('ProductImage', { simpleResolvers: true })
export class ProductImageObject implements ProductImageView {
  @Field(() => Int)
  id!: number;

  @Field()
  fileName!: string;

  @Field({ description: "Absolute path on the shop's host, e.g. /uploads/products/abc.webp" })
  url!: string;
}

/**
 * The GraphQL Product: the catalogue's read model (ProductView). Plain data read by GraphQL's
 * default resolvers (`simpleResolvers`): no per-field middleware on the catalogue's hot path.
 */
@ObjectType('Product', { simpleResolvers: true })
export class ProductObject implements ProductView {
  @Field(() => Int)
  id!: number;

  @Field()
  name!: string;

  @Field()
  description!: string;

  @Field(() => Int, { description: 'Money is integer centavos (MXN).' })
  priceCents!: number;

  @Field(() => Boolean)
  onPromotion!: boolean;

  @Field(() => Int, { nullable: true })
  promotionPriceCents!: number | null;

  @Field(() => Int, {
    description: 'What the shopper pays per unit: promotion price when on promotion, else price.',
  })
  unitPriceCents!: number;

  @Field()
  special!: boolean;

  @Field(() => GenderValue)
  gender!: Gender;

  @Field(() => ProductType, { nullable: true })
  type!: LookupView | null;

  @Field(() => Brand, { nullable: true })
  brand!: LookupView | null;

  @Field(() => Color, { nullable: true })
  color!: LookupView | null;

  @Field(() => [SizeStockObject], { description: 'Sizes in display order with their stock.' })
  sizes!: SizeStockView[];

  @Field(() => Int)
  totalStock!: number;

  @Field(() => [ProductImageObject], { description: 'Up to 3, in display order.' })
  images!: ProductImageView[];

  @Field(() => DateTimeISOResolver)
  createdAt!: Date;

  @Field({
    description:
      "Its share page on the shop's host (/p/{id}-{slug}): Open Graph tags for link previews, then the product.",
  })
  sharePath!: string;
}

/** A page of the catalogue: items, total and facets are computed only when selected. */
@ObjectType()
export class ProductPage {
  @Field(() => Int)
  offset!: number;

  @Field(() => Int)
  limit!: number;

  @Field(() => [ProductObject])
  items?: ProductView[];

  @Field(() => Int, { description: 'Products the filter leaves.' })
  total?: number;

  @Field(() => ProductFacets, {
    description:
      'Per option, the products the filter leaves with it chosen (other facets applied); chosen options are listed even at 0.',
  })
  facets?: ProductFacets;
}
