import { Check, Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, Int, InterfaceType, ObjectType } from 'type-graphql';

/**
 * A named item of one of the admin-managed lists: product types, brands and colours. The three
 * tables' ids overlap, so GraphQL serves each list as its own type (`ProductType`, `Brand`,
 * `Color`) implementing this interface: clients normalise them by typename and id.
 */
@InterfaceType('Lookup', {
  resolveType: (value: unknown) =>
    value instanceof Brand ? 'Brand' : value instanceof Color ? 'Color' : 'ProductType',
})
export abstract class Lookup {
  @Field(() => Int)
  @PrimaryKey()
  id!: number;

  @Field(() => String)
  @Property({ type: 'text' })
  name!: string;
}

// Each list's table (the initial migration): a name that is not blank, unique case-insensitively.

@ObjectType('ProductType', { implements: Lookup, simpleResolvers: true })
@Entity({ tableName: 'product_type' })
@Check({ name: 'product_type_name_check', expression: "btrim(name) <> ''" })
@Index({
  name: 'product_type_name_ci_key',
  expression: 'create unique index product_type_name_ci_key on product_type (lower(name))',
})
export class ProductType extends Lookup {}

@ObjectType('Brand', { implements: Lookup, simpleResolvers: true })
@Entity({ tableName: 'brand' })
@Check({ name: 'brand_name_check', expression: "btrim(name) <> ''" })
@Index({
  name: 'brand_name_ci_key',
  expression: 'create unique index brand_name_ci_key on brand (lower(name))',
})
export class Brand extends Lookup {}

@ObjectType('Color', { implements: Lookup, simpleResolvers: true })
@Entity({ tableName: 'color' })
@Check({ name: 'color_name_check', expression: "btrim(name) <> ''" })
@Index({
  name: 'color_name_ci_key',
  expression: 'create unique index color_name_ci_key on color (lower(name))',
})
export class Color extends Lookup {}

export const LOOKUP_KINDS = { type: ProductType, brand: Brand, color: Color } as const;
export type LookupKind = keyof typeof LOOKUP_KINDS;
