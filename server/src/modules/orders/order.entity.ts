import {
  Collection,
  Entity,
  ManyToOne,
  OneToMany,
  type Opt,
  PrimaryKey,
  Property,
} from '@mikro-orm/core';
import { AWAITING_PAYMENT_STATUS, type OrderStatus } from '@tienda/rules';
import { User } from '../accounts/user.entity.js';
import { Address } from '../addresses/address.entity.js';
import { CartLine } from '../cart/cart-line.entity.js';
import { Product } from '../catalog/product.entity.js';

@Entity({ tableName: 'shop_order' })
export class Order {
  @PrimaryKey()
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'restrict' })
  user!: User;

  @ManyToOne(() => Address, { nullable: true, deleteRule: 'set null' })
  address: Address | null = null;

  @Property({ type: 'integer' })
  subtotalCents!: number;

  @Property({ type: 'integer' })
  shippingCents!: number;

  @Property({ type: 'integer' })
  discountCents!: number;

  @Property({ type: 'integer' })
  totalCents!: number;

  @Property({ type: 'text' })
  status: OrderStatus & Opt = AWAITING_PAYMENT_STATUS;

  /** Carrier tracking (the spec's `estafeta`). */
  @Property({ type: 'text', nullable: true })
  tracking: (string & Opt) | null = null;

  /** Chosen by the client per checkout attempt: a repeated submit finds this order. */
  @Property({ type: 'text', nullable: true, hidden: true })
  idempotencyKey: (string & Opt) | null = null;

  /** The Mercado Pago payment that settled the order (once). */
  @Property({ type: 'text', nullable: true })
  paymentId: (string & Opt) | null = null;

  @OneToMany(() => OrderLine, (l) => l.order, { orderBy: { id: 'asc' } })
  lines = new Collection<OrderLine>(this);

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}

/** A snapshot of one bought cart line: name, size, quantity and the unit price paid. */
@Entity({ tableName: 'order_line' })
export class OrderLine {
  @PrimaryKey()
  id!: number;

  @ManyToOne(() => Order, { deleteRule: 'cascade' })
  order!: Order;

  @ManyToOne(() => CartLine, { nullable: true, deleteRule: 'set null' })
  cartLine: CartLine | null = null;

  @ManyToOne(() => Product, { nullable: true, deleteRule: 'set null' })
  product: Product | null = null;

  @Property({ type: 'text' })
  productName!: string;

  @Property({ type: 'text' })
  size!: string;

  @Property({ type: 'integer' })
  quantity!: number;

  @Property({ type: 'integer' })
  unitPriceCents!: number;

  @Property({ type: 'boolean' })
  onPromotion!: boolean;
}
