import {
  Collection,
  Entity,
  ManyToOne,
  OneToMany,
  type Opt,
  PrimaryKey,
  PrimaryKeyProp,
  Property,
} from '@mikro-orm/core';
import { Brand, Color, ProductType } from './lookup.entity.js';

export const GENDERS = ['Hombre', 'Mujer'] as const;
export type Gender = (typeof GENDERS)[number];

/** The catalogue's write model. Reads for shoppers go through the product view (product-view.ts). */
@Entity({ tableName: 'product' })
export class Product {
  @PrimaryKey()
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  description!: string;

  @Property({ type: 'integer' })
  priceCents!: number;

  @Property({ type: 'boolean' })
  promotion: boolean & Opt = false;

  @Property({ type: 'integer', nullable: true })
  promotionPriceCents: (number & Opt) | null = null;

  @Property({ type: 'boolean' })
  special: boolean & Opt = false;

  @Property({ type: 'text' })
  gender!: Gender;

  @ManyToOne(() => ProductType, { nullable: true, deleteRule: 'set null' })
  type: ProductType | null = null;

  @ManyToOne(() => Brand, { nullable: true, deleteRule: 'set null' })
  brand: Brand | null = null;

  @ManyToOne(() => Color, { nullable: true, deleteRule: 'set null' })
  color: Color | null = null;

  @OneToMany(() => ProductStock, (s) => s.product, { orderBy: { position: 'asc' } })
  stock = new Collection<ProductStock>(this);

  @OneToMany(() => ProductImage, (i) => i.product, { orderBy: { position: 'asc' } })
  images = new Collection<ProductImage>(this);

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();

  /** Set when deleted while orders name it: hidden from the shop and the admin list. */
  @Property({ type: 'datetime', nullable: true })
  hiddenAt: (Date & Opt) | null = null;
}

/** Stock of one size of one product: a row per product and size, never negative. */
@Entity({ tableName: 'product_stock' })
export class ProductStock {
  [PrimaryKeyProp]?: ['product', 'size'];

  @ManyToOne(() => Product, { primary: true, deleteRule: 'cascade' })
  product!: Product;

  @PrimaryKey({ type: 'text' })
  size!: string;

  /** Display order of the size within the product. */
  @Property({ type: 'integer' })
  position!: number;

  @Property({ type: 'integer' })
  quantity!: number;
}

@Entity({ tableName: 'product_image' })
export class ProductImage {
  @PrimaryKey()
  id!: number;

  @ManyToOne(() => Product, { deleteRule: 'cascade' })
  product!: Product;

  @Property({ type: 'text' })
  fileName!: string;

  @Property({ type: 'integer' })
  position!: number;
}
