import {
  Collection,
  Entity,
  ManyToOne,
  OneToMany,
  type Opt,
  PrimaryKey,
  Property,
} from '@mikro-orm/core';
import { User } from '../accounts/user.entity.js';
import { Address } from '../addresses/address.entity.js';
import { CartLine } from '../cart/cart-line.entity.js';
import { Product } from '../catalog/product.entity.js';

export const ORDER_STATUSES = [
  'En espera de pago',
  'Pagado',
  'Enviado',
  'Entregado',
  'Cancelado por falta de pago',
  'Pagado por mercadopago',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Set by the unpaid-order sweep or an admin; the order's units are back in stock. */
export const CANCELLED_STATUS = 'Cancelado por falta de pago' satisfies OrderStatus;

/** The statuses an admin may choose (spec §4); an order's current status may also stay. */
export const ADMIN_STATUSES = [
  'En espera de pago',
  'Pagado',
  'Enviado',
  'Cancelado por falta de pago',
] as const satisfies readonly OrderStatus[];

/** Any status containing 'pagado' (case-insensitive) counts as paid. */
export function isPaidStatus(status: string): boolean {
  return status.toLowerCase().includes('pagado');
}

/** Past payment: paid (spec's rule), or shipped or delivered, which only a paid order is. */
export function isPaymentSettled(status: string): boolean {
  return isPaidStatus(status) || status === 'Enviado' || status === 'Entregado';
}

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
  status: OrderStatus & Opt = 'En espera de pago';

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
