import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
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

@ObjectType('ProductType', { implements: Lookup, simpleResolvers: true })
@Entity({ tableName: 'product_type' })
export class ProductType extends Lookup {}

@ObjectType('Brand', { implements: Lookup, simpleResolvers: true })
@Entity({ tableName: 'brand' })
export class Brand extends Lookup {}

@ObjectType('Color', { implements: Lookup, simpleResolvers: true })
@Entity({ tableName: 'color' })
export class Color extends Lookup {}

export const LOOKUP_KINDS = { type: ProductType, brand: Brand, color: Color } as const;
export type LookupKind = keyof typeof LOOKUP_KINDS;
