import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';

/** A named item of one of the admin-managed lists: product types, brands and colours. */
@ObjectType('Lookup', { simpleResolvers: true })
export abstract class Lookup {
  @Field(() => Int)
  @PrimaryKey()
  id!: number;

  @Field(() => String)
  @Property({ type: 'text' })
  name!: string;
}

@Entity({ tableName: 'product_type' })
export class ProductType extends Lookup {}

@Entity({ tableName: 'brand' })
export class Brand extends Lookup {}

@Entity({ tableName: 'color' })
export class Color extends Lookup {}

export const LOOKUP_KINDS = { type: ProductType, brand: Brand, color: Color } as const;
export type LookupKind = keyof typeof LOOKUP_KINDS;
