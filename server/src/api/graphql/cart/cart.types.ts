import { Field, Int, ObjectType } from 'type-graphql';
import { ProductObject } from '../catalog/product.types.js';
import type { ProductView } from '../../../modules/catalog/product-view.js';
import type { CartAddition, CartLineView, CartView } from '../../../modules/cart/cart.service.js';

@ObjectType('CartLine', { simpleResolvers: true })
export class CartLineObject implements CartLineView {
  @Field(() => Int)
  id!: number;

  @Field(() => ProductObject)
  product!: ProductView;

  @Field()
  size!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Int, { description: 'Units of that size in stock now: the most the line may hold.' })
  stock!: number;

  @Field(() => Int, { description: 'product.unitPriceCents × quantity.' })
  lineTotalCents!: number;
}

@ObjectType('CartNotice', { simpleResolvers: true })
export class CartNoticeObject {
  @Field({ description: 'Spanish text for the shopper.' })
  message!: string;
}

@ObjectType('CartAddition', { simpleResolvers: true })
export class CartAdditionObject implements CartAddition {
  @Field(() => Int)
  lineId!: number;

  @Field(() => Int, { description: 'Units this request added (fewer than asked when capped).' })
  added!: number;

  @Field(() => Int, { description: 'Units of that product and size in the cart now.' })
  quantity!: number;

  @Field(() => Int, { description: 'Units of that size in stock.' })
  stock!: number;

  @Field(() => String, {
    nullable: true,
    description: "Spanish, when the stock capped the merge ('Solo hay 4 en talla M; …').",
  })
  message!: string | null;
}

@ObjectType('Cart', { simpleResolvers: true })
export class CartObject implements CartView {
  @Field(() => [CartLineObject], { description: 'Oldest first.' })
  lines!: CartLineView[];

  @Field(() => Int, { description: 'Units in the cart (the sidebar badge).' })
  itemCount!: number;

  @Field(() => [CartNoticeObject], {
    description: 'What loading the cart changed: gone products removed, quantities lowered.',
  })
  notices!: CartNoticeObject[];

  @Field(() => CartAdditionObject, {
    nullable: true,
    description: 'Only in the answer to addToCart: what that addition did.',
  })
  addition?: CartAddition | null;
}
