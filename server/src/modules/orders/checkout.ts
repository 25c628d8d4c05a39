import type { EntityManager } from '@mikro-orm/postgresql';
import type { CartService } from '../cart/cart.service.js';
import { changeStock, lockStock, stockKey } from '../catalog/stock.js';
import { orderTotals, unitPriceCents } from '../pricing/pricing.js';
import { insertAdjustmentsStatement } from './order-adjustments.js';
import type { OrderView } from './order.service.js';
import type { OrderStatus } from '@tienda/rules';
import { badInput, DomainError } from '../shared/errors.js';
import { EMPTY_CART_MESSAGE } from '@tienda/rules';
import type { OrderEvents } from './order-events.js';
import { calculatorCoupon } from '../coupons/coupon-records.js';
import { couponRefusal, couponRefusalError } from '../coupons/coupon-refusals.js';
import { readCoupon, takeCouponUse } from '../coupons/coupon-uses.js';

export const CHECKOUT_MESSAGES = {
  emptyCart: EMPTY_CART_MESSAGE,
  chooseAddress: 'Debes seleccionar una dirección',
  productGone: 'Un producto de tu carrito ya no existe; revisa tu carrito',
  linesChanged: 'Tu carrito cambió: revisa tus productos antes de comprar',
  outOfStock: (name: string, size: string, left: number) =>
    `Ya no hay existencias suficientes de ${name} (talla ${size}): ${
      left === 0 ? 'se agotó' : `${left === 1 ? 'queda 1' : `quedan ${left}`}`
    }`,
  badKey: 'La clave de idempotencia debe tener entre 8 y 100 caracteres',
} as const;

/** A purchase, its buyer and address already checked. */
export interface Purchase {
  userId: number;
  addressId: number;
  idempotencyKey: string | null;
  /** Only these open cart lines; default: the whole cart. */
  cartLineIds?: readonly number[];
  /** Who places it (the shopper, or an admin for them): recorded on 'order.placed'. */
  actorId?: number | null;
  /** The coupon code the shopper typed, if any. */
  couponCode?: string | null;
}

/**
 * The checkout's one transaction, run in `tx`: creates the order (first, so a concurrent attempt
 * with the same key waits on it and then finds it), locks the cart's lines through the cart
 * module and the sizes' stock rows through the catalogue's (in a fixed order), checks every
 * line, decrements stock, snapshots each line (name, size, quantity, the unit price from
 * pricing.ts), has the cart mark the lines bought and records 'order.placed' (its e-mails go to the outbox).
 * With a coupon code, the coupon is read with the stock checked (its refusals: coupon-refusals.ts)
 * and the order priced with it; one use is taken last, under the lock its limits need
 * (coupon-uses.ts's `takeCouponUse`), so its limits are exact across instances; a refused code
 * throws its refusal.
 * When any size ran short it throws and nothing changes. Returns the new order as written (no
 * read after the commit: its caller answers with it), or null when the key was used before (that
 * attempt's order stands).
 */
// SQL, not entities: every round trip of this transaction counts (BENCHMARKS.md 'Checkout
// throughput'); the order's totals, lines, adjustments and the cart's marking are one statement.
export async function placeOrder(
  tx: EntityManager,
  cart: CartService,
  events: OrderEvents,
  purchase: Purchase,
): Promise<OrderView | null> {
  const [created] = await tx.execute<
    { id: number; status: OrderStatus; created_at: Date | string }[]
  >(
    `insert into shop_order (user_id, address_id, subtotal_cents, shipping_cents,
        discount_cents, total_cents, idempotency_key)
      values (?, ?, 0, 0, 0, 0, ?)
      on conflict (user_id, idempotency_key) where idempotency_key is not null do nothing
      returning id, status, created_at`,
    [purchase.userId, purchase.addressId, purchase.idempotencyKey],
  );
  if (!created) return null;

  const only = purchase.cartLineIds;
  const locked = await cart.lockForCheckout(tx, purchase.userId, only);
  if (locked.length === 0) throw badInput(CHECKOUT_MESSAGES.emptyCart, undefined, 'EMPTY_CART');
  if (only && locked.length !== new Set(only).size) {
    throw badInput(CHECKOUT_MESSAGES.linesChanged, undefined, 'CART_CHANGED');
  }
  const lines = locked.map(({ product, ...line }) => {
    if (!product) {
      throw new DomainError('CONFLICT', CHECKOUT_MESSAGES.productGone, {}, 'PRODUCT_UNAVAILABLE');
    }
    return { ...line, product, size: { productId: product.id, size: line.size } };
  });

  const stock = await lockStock(
    tx,
    lines.map((l) => l.size),
  );
  for (const line of lines) {
    const key = stockKey(line.size);
    const left = stock.get(key) ?? 0;
    if (left < line.quantity) {
      throw new DomainError(
        'CONFLICT',
        CHECKOUT_MESSAGES.outOfStock(line.product.name, line.size.size, left),
        {},
        'OUT_OF_STOCK',
      );
    }
    stock.set(key, left - line.quantity);
  }
  await changeStock(
    tx,
    lines.map((l) => ({ ...l.size, delta: -l.quantity })),
  );

  const code = purchase.couponCode ?? null;
  // With the lock a per-customer limit needs (one round trip less than taking it apart).
  const read = code === null ? null : await readCoupon(tx, code, purchase.userId, true);
  const coupon = read?.coupon ?? null;
  const totals = orderTotals(lines, coupon ? calculatorCoupon(coupon) : null);
  if (read) {
    const refused = couponRefusal({ code: code!, ...read, outcome: totals.couponOutcome });
    if (refused) throw couponRefusalError(refused);
  }
  const snapshot = lines.map((l) => ({
    productId: l.product.id,
    cartLineId: l.id,
    productName: l.product.name,
    size: l.size.size,
    quantity: l.quantity,
    unitPriceCents: unitPriceCents(l.product),
    onPromotion: l.product.promotion,
  }));
  const adjustments = insertAdjustmentsStatement(
    created.id,
    totals.adjustments,
    lines.map((l) => l.id),
    'line',
  );
  const bought = cart.markBoughtStatement(lines.map((l) => l.id));
  const inserted = await tx.execute<{ id: number; cart_line_id: number }[]>(
    `with totals as (
       update shop_order set subtotal_cents = ?, shipping_cents = ?, discount_cents = ?,
           total_cents = ?, coupon_code = ? where id = ?
     ), line as (
       insert into order_line (order_id, cart_line_id, product_id, product_name, size, quantity,
           unit_price_cents, on_promotion)
       values ${lines.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}
       returning id, cart_line_id
     ), adjustment as (${adjustments.sql}),
     bought as (${bought.sql})
     select id, cart_line_id from line`,
    [
      totals.subtotalCents,
      totals.shippingCents,
      totals.discountCents,
      totals.totalCents,
      coupon?.code ?? null,
      created.id,
      ...snapshot.flatMap((l) => [
        created.id,
        l.cartLineId,
        l.productId,
        l.productName,
        l.size,
        l.quantity,
        l.unitPriceCents,
        l.onPromotion,
      ]),
      ...adjustments.params,
      ...bought.params,
    ],
  );
  const orderLineIdOf = new Map(inserted.map((r) => [r.cart_line_id, r.id]));
  // 'order.placed', recorded with the order (its e-mails and deliveries: order-events.ts).
  await events.emit(tx, [
    { orderId: created.id, type: 'order.placed', actorId: purchase.actorId ?? null },
  ]);
  // Last, so a limited coupon's row (every checkout with it waits on it) is held the least.
  if (coupon) {
    await takeCouponUse(tx, {
      coupon,
      orderId: created.id,
      userId: purchase.userId,
      customerLocked: read?.customerLocked ?? false,
    });
  }
  return {
    id: created.id,
    userId: purchase.userId,
    addressId: purchase.addressId,
    status: created.status,
    tracking: null,
    couponCode: coupon?.code ?? null,
    subtotalCents: totals.subtotalCents,
    shippingCents: totals.shippingCents,
    discountCents: totals.discountCents,
    totalCents: totals.totalCents,
    createdAt: new Date(created.created_at),
    deliveredAt: null,
    adjustments: totals.adjustments.map((a) => ({
      code: a.code,
      label: a.label,
      amountCents: a.amountCents,
      lines: a.lines.map((l) => ({
        orderLineId: orderLineIdOf.get(lines[l.line]!.id)!,
        amountCents: l.amountCents,
      })),
    })),
    lines: snapshot,
  };
}
