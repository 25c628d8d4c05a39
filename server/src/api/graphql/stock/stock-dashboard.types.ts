import { Field, Int, ObjectType } from 'type-graphql';
import type {
  BrandStock,
  SizeUnits,
  TypeStock,
} from '../../../modules/stock/stock-dashboard.service.js';

@ObjectType('SizeUnits', { simpleResolvers: true })
export class SizeUnitsObject implements SizeUnits {
  @Field()
  size!: string;

  @Field(() => Int)
  units!: number;
}

@ObjectType('BrandStock', {
  simpleResolvers: true,
  description: "A brand's units within one product type.",
})
export class BrandStockObject implements BrandStock {
  @Field(() => Int, { nullable: true, description: "null for 'Otras'." })
  brandId!: number | null;

  @Field({ description: "The brand found in the products' names, or 'Otras'." })
  brandName!: string;

  @Field(() => Int)
  totalUnits!: number;

  @Field(() => [SizeUnitsObject])
  sizes!: SizeUnits[];
}

@ObjectType('TypeStock', {
  simpleResolvers: true,
  description: "A product type's units, per size and per brand (the admin's stock dashboard).",
})
export class TypeStockObject implements TypeStock {
  @Field(() => Int, {
    nullable: true,
    description: "null for products without a type ('Sin tipo').",
  })
  typeId!: number | null;

  @Field()
  typeName!: string;

  @Field(() => Int)
  totalUnits!: number;

  @Field(() => [SizeUnitsObject])
  sizes!: SizeUnits[];

  @Field(() => [BrandStockObject], { description: 'By total units, descending.' })
  brands!: BrandStock[];
}
