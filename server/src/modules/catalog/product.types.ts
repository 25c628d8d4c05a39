import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { CatalogFilter } from './catalog-filter.js';
import type { ProductSort } from './product.service.js';

@InputType('ProductFilter')
export class ProductFilterInput implements CatalogFilter {
  @Field(() => [String], { nullable: true, description: 'Brand names (URL param marca).' })
  brands?: string[];

  @Field(() => [String], { nullable: true, description: 'Type names (URL param tipo).' })
  types?: string[];

  @Field(() => [String], {
    nullable: true,
    description: "'0-300', '300-500', '500-1000' on the price the shopper pays (URL param precio).",
  })
  priceRanges?: string[];

  @Field(() => [String], {
    nullable: true,
    description: 'Sizes that have stock (URL param talla).',
  })
  sizes?: string[];

  @Field(() => [String], {
    nullable: true,
    description: "'Caballero', 'Dama', 'Niño' (URL param sexo).",
  })
  sexes?: string[];

  @Field(() => [String], { nullable: true, description: 'Colour names (URL param color).' })
  colors?: string[];

  @Field({
    nullable: true,
    description: 'Every word must appear in the name; accent- and case-insensitive.',
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

@ObjectType()
export class FacetOption {
  @Field()
  value!: string;

  @Field(() => Int)
  count!: number;
}

@ObjectType()
export class ProductFacets {
  @Field(() => [FacetOption])
  brands!: FacetOption[];

  @Field(() => [FacetOption])
  types!: FacetOption[];

  @Field(() => [FacetOption])
  priceRanges!: FacetOption[];

  @Field(() => [FacetOption])
  sizes!: FacetOption[];

  @Field(() => [FacetOption])
  sexes!: FacetOption[];

  @Field(() => [FacetOption])
  colors!: FacetOption[];
}

/** A page of the catalogue; items, total and facets are resolved from the kept query. */
@ObjectType()
export class ProductPage {
  @Field(() => Int)
  offset!: number;

  @Field(() => Int)
  limit!: number;

  // Not in GraphQL: the query the field resolvers answer.
  filter!: CatalogFilter | null;
  sort!: ProductSort;
  /** Whether the query asks for facets: then total and facets come from one statement. */
  withFacets!: boolean;
  countWithFacets?: Promise<{ total: number; facets: ProductFacets }>;
}

@ObjectType()
export class SizeStock {
  @Field()
  size!: string;

  @Field(() => Int)
  stock!: number;
}

@ObjectType('ProductImage')
export class ProductImageView {
  @Field(() => Int)
  id!: number;

  @Field()
  fileName!: string;

  @Field({ description: "Absolute path on the shop's host, e.g. /uploads/products/abc.webp" })
  url!: string;
}

@ObjectType('ShopSettings')
export class ShopSettingsView {
  @Field()
  whatsappUrl!: string;

  @Field()
  facebookUrl!: string;

  @Field()
  trustUrl!: string;
}
