import {
  Check,
  Collection,
  Entity,
  Enum,
  Index,
  ManyToOne,
  OneToMany,
  type Opt,
  PrimaryKey,
  PrimaryKeyProp,
  Property,
  Unique,
} from '@mikro-orm/core';
import { Brand, Color, ProductType } from './lookup.entity.js';

export const GENDERS = ['Hombre', 'Mujer'] as const;
export type Gender = (typeof GENDERS)[number];

/**
 * The catalogue's write model (the seeders and the test fixtures create products through it).
 * Reads for shoppers go through the product view (product-view.ts). True to the migrated schema,
 * constraints and indexes included: test/entity-schema-drift.test.ts fails when they part.
 */
@Entity({ tableName: 'product' })
@Check({ name: 'product_name_check', expression: "btrim(name) <> ''" })
@Check({ name: 'product_price_cents_check', expression: 'price_cents >= 0' })
@Check({ name: 'product_promotion_price_cents_check', expression: 'promotion_price_cents >= 0' })
@Check({
  name: 'product_promotion_price_check',
  expression:
    'not promotion or (promotion_price_cents > 0 and promotion_price_cents < price_cents)',
})
@Index({ name: 'product_type_id_idx', properties: ['type'] })
@Index({ name: 'product_brand_id_idx', properties: ['brand'] })
@Index({ name: 'product_color_id_idx', properties: ['color'] })
@Index({ name: 'product_unit_price_idx', properties: ['unitPriceCents', 'id'] })
@Index({
  name: 'product_promotion_idx',
  expression:
    'create index product_promotion_idx on product (promotion_price_cents desc, id desc) where promotion',
})
@Index({
  name: 'product_name_ci_idx',
  expression: 'create index product_name_ci_idx on product (lower(name))',
})
@Index({
  name: 'product_name_search_idx',
  expression:
    'create index product_name_search_idx on product using gin (f_search_text(name) gin_trgm_ops)',
})
@Index({
  name: 'product_visible_id_idx',
  expression: 'create index product_visible_id_idx on product (id desc) where hidden_at is null',
})
@Index({
  name: 'product_search_name_id_idx',
  expression:
    'create index product_search_name_id_idx on product (search_name, id) where hidden_at is null',
})
@Index({
  name: 'product_hidden_idx',
  expression: 'create index product_hidden_idx on product (id) where hidden_at is not null',
})
export class Product {
  @PrimaryKey()
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  description!: string;

  @Property({ type: 'integer' })
  priceCents!: number;

  @Property({ type: 'boolean', default: false })
  promotion: boolean & Opt = false;

  @Property({ type: 'integer', nullable: true })
  promotionPriceCents: (number & Opt) | null = null;

  /**
   * What a shopper pays per unit, computed by PostgreSQL for the catalogue's price index and
   * sorts; the rule itself is pricing.ts's unitPriceCents (test/price-column.test.ts checks that
   * they agree). Never written.
   */
  @Property({
    type: 'integer',
    nullable: true,
    generated:
      '(case when promotion and promotion_price_cents is not null then promotion_price_cents else price_cents end) stored',
  })
  unitPriceCents?: number & Opt;

  @Property({ type: 'boolean', default: false })
  special: boolean & Opt = false;

  @Enum({ items: () => GENDERS, type: 'text' })
  gender!: Gender;

  @ManyToOne(() => ProductType, {
    nullable: true,
    deleteRule: 'set null',
    updateRule: 'no action',
    foreignKeyName: 'product_type_id_fkey',
  })
  type: ProductType | null = null;

  @ManyToOne(() => Brand, {
    nullable: true,
    deleteRule: 'set null',
    updateRule: 'no action',
    foreignKeyName: 'product_brand_id_fkey',
  })
  brand: Brand | null = null;

  @ManyToOne(() => Color, {
    nullable: true,
    deleteRule: 'set null',
    updateRule: 'no action',
    foreignKeyName: 'product_color_id_fkey',
  })
  color: Color | null = null;

  @OneToMany(() => ProductStock, (s) => s.product, { orderBy: { position: 'asc' } })
  stock = new Collection<ProductStock>(this);

  @OneToMany(() => ProductImage, (i) => i.product, { orderBy: { position: 'asc' } })
  images = new Collection<ProductImage>(this);

  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({
    type: 'datetime',
    columnType: 'timestamptz',
    defaultRaw: 'now()',
    onUpdate: () => new Date(),
  })
  updatedAt: Date & Opt = new Date();

  /** Set when deleted while orders name it: hidden from the shop and the admin list. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  hiddenAt: (Date & Opt) | null = null;

  /** f_search_text(name): the name in search form (lower case, no accents). Never written. */
  @Property({
    type: 'text',
    nullable: true,
    generated: '(f_search_text(name)) stored',
  })
  searchName?: string & Opt;
}

/** Stock of one size of one product: a row per product and size, never negative. */
@Entity({ tableName: 'product_stock' })
@Check({ name: 'product_stock_size_check', expression: "btrim(size) <> ''" })
@Check({ name: 'product_stock_quantity_check', expression: 'quantity >= 0' })
@Index({
  name: 'product_stock_in_stock_idx',
  expression:
    'create index product_stock_in_stock_idx on product_stock (size, product_id) where quantity > 0',
})
@Index({ name: 'product_stock_size_idx', properties: ['size', 'product'] })
export class ProductStock {
  [PrimaryKeyProp]?: ['product', 'size'];

  @ManyToOne(() => Product, {
    primary: true,
    deleteRule: 'cascade',
    updateRule: 'no action',
    foreignKeyName: 'product_stock_product_id_fkey',
  })
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
@Unique({ name: 'product_image_product_id_position_key', properties: ['product', 'position'] })
export class ProductImage {
  @PrimaryKey()
  id!: number;

  @ManyToOne(() => Product, {
    deleteRule: 'cascade',
    updateRule: 'no action',
    foreignKeyName: 'product_image_product_id_fkey',
  })
  product!: Product;

  @Property({ type: 'text' })
  fileName!: string;

  @Property({ type: 'integer' })
  position!: number;
}
