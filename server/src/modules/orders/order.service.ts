import type { EntityManager } from '@mikro-orm/postgresql';
import { type Actor, assertSelfOrAdmin, checkAccess, requireUser } from '../accounts/access.js';
import type { AddressService, AddressView } from '../addresses/address.service.js';
import { userNames } from '../accounts/users.js';
import { AuditTrail } from '../audit/audit-trail.js';
import type { CartLineView, CartService } from '../cart/cart.service.js';
import {
  type AdjustmentCode,
  cardChargeCents,
  orderTotals,
  type OrderTotals,
} from '../pricing/pricing.js';
import { badInput, DomainError, notFound } from '../shared/errors.js';
import { checkPage, type Page } from '../shared/paging.js';
import { placeholders } from '../shared/sql.js';
import { withTransaction } from '../shared/transaction.js';
import { CHECKOUT_MESSAGES, placeOrder } from './checkout.js';
import { adjustmentsColumn, parseAdjustments } from './order-adjustments.js';
import { calculatorCoupon } from '../coupons/coupon-records.js';
import { couponRefusal } from '../coupons/coupon-refusals.js';
import { readCoupon } from '../coupons/coupon-uses.js';
import { ADMIN_STATUSES, type OrderStatus } from '@tienda/rules';
import type { OrderEvents } from './order-events.js';
import { ORDER_SEARCH_MESSAGES, searchWhere, type SqlFragment } from './order-search.js';
import { stateOf } from './order-machine.js';
import {
  applyStatusChange,
  type LockedOrder,
  lockOrders,
  type StatusExtras,
} from './order-status.js';

/** Most orders per page: the admin's list, and a customer's own. */
export const MAX_ORDERS_PAGE_SIZE = 100;
export const MAX_MY_ORDERS_PAGE_SIZE = 50;
export const MAX_TRACKING_LENGTH = 100;
export const MAX_OVERRIDE_REASON_LENGTH = 500;

export const ORDER_MESSAGES = {
  ...CHECKOUT_MESSAGES,
  notFound: 'Pedido no encontrado',
  badStatus: `El estado debe ser uno de: ${ADMIN_STATUSES.join(', ')}`,
  trackingTooLong: `El número de guía no puede tener más de ${MAX_TRACKING_LENGTH} caracteres`,
  trackingControl: 'El número de guía no puede contener caracteres de control ni saltos de línea',
  overrideTooLong: `El motivo no puede tener más de ${MAX_OVERRIDE_REASON_LENGTH} caracteres`,
  ...ORDER_SEARCH_MESSAGES,
} as const;

export interface OrderLineView {
  productId: number | null;
  cartLineId: number | null;
  productName: string;
  size: string;
  quantity: number;
  unitPriceCents: number;
  onPromotion: boolean;
}

/** One line's share of an adjustment, under the order line's id. */
export interface LineShareView {
  orderLineId: number;
  amountCents: number;
}

/** A named amount taken off an order (an `order_adjustment` row), as the calculator made it. */
export interface OrderAdjustmentView {
  code: AdjustmentCode;
  label: string;
  amountCents: number;
  lines: LineShareView[];
}

/** An order without its lines (a page of a list; the lines come through a loader). */
export interface OrderRecord extends Omit<
  OrderTotals,
  'bulkUnits' | 'adjustments' | 'couponOutcome'
> {
  /** Its adjustments, in the calculator's order (bulk discount, then coupon). */
  adjustments: OrderAdjustmentView[];
  id: number;
  userId: number;
  addressId: number | null;
  status: OrderStatus;
  tracking: string | null;
  /** The coupon code it was placed with (normalised), or null. */
  couponCode: string | null;
  createdAt: Date;
  /** When it became 'Entregado' (the returns' window counts from it), or null. */
  deliveredAt: Date | null;
}

export interface OrderView extends OrderRecord {
  lines: OrderLineView[];
}

/** An order as the admin's list shows it: with its lines and the customer's name. */
export interface OrderDetails extends OrderView {
  userName: string;
}

export interface OrderPage<T = OrderRecord> {
  items: T[];
  total: number;
}

/** The admin's edit: the status and the carrier tracking (the spec's estafeta). */
export interface OrderUpdate {
  status: string;
  /** Empty or null clears it; undefined keeps it. */
  tracking?: string | null;
  /**
   * The admin's written reason to make a change the state machine allows only so (shipping an
   * unpaid order); recorded on the order's event and in the audit trail.
   */
  overrideReason?: string | null;
}

/** A change of status through `changeStatus`. */
export interface StatusChange extends StatusExtras {
  status: OrderStatus;
  /**
   * Decides, with the order's row locked, whether the change applies (false: nothing changes);
   * it may throw to refuse.
   */
  when?: (order: LockedOrder) => boolean;
  /** An admin's edit: the change is written to the audit trail, in its transaction. */
  audited?: boolean;
}

/** What the shopper sees before creating the order: the server's prices, not the client's. */
export interface OrderSummaryView extends Omit<OrderTotals, 'couponOutcome'> {
  address: AddressView;
  lines: CartLineView[];
  /** What a card payment would charge (total plus the provider's fee). */
  cardChargeCents: number;
  /** The coupon applied (its normalised code), or null. */
  couponCode: string | null;
  /** When a code was given and refused: the Spanish sentence, and its CouponRefusal reason. */
  couponRefusal: string | null;
  couponRefusalReason: string | null;
}

interface OrderRow {
  id: number;
  user_id: number;
  address_id: number | null;
  status: OrderStatus;
  tracking: string | null;
  coupon_code: string | null;
  subtotal_cents: number;
  shipping_cents: number;
  discount_cents: number;
  total_cents: number;
  created_at: Date | string;
  delivered_at: Date | string | null;
  adjustments: OrderAdjustmentView[] | string;
}

interface OrderLineRow {
  order_id: number;
  product_id: number | null;
  cart_line_id: number | null;
  product_name: string;
  size: string;
  quantity: number;
  unit_price_cents: number;
  on_promotion: boolean;
}

// The adjustments ride along in the same statement (order-adjustments.ts), so no read path
// needs another round trip.
const ORDER_COLUMNS = `o.id, o.user_id, o.address_id, o.status, o.tracking, o.coupon_code, o.subtotal_cents,
  o.shipping_cents, o.discount_cents, o.total_cents, o.created_at, o.delivered_at, ${adjustmentsColumn('o')}`;

export interface CheckoutRequest {
  addressId: number;
  /** Chosen by the client once per purchase attempt: repeating it returns the same order. */
  idempotencyKey?: string | null;
  /** Only these open cart lines (the REST facade's `idProductos`); default: the whole cart. */
  cartLineIds?: number[];
  /** Whose cart (an admin may act for a customer); default: the signed-in user. */
  userId?: number;
  /** A coupon code the shopper typed; a refused one fails the checkout with its refusal. */
  couponCode?: string | null;
}

/** Orders: the summary, the checkout (one transaction, no overselling), and reading them. */
export class OrderService {
  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor,
    private readonly cart: CartService,
    private readonly addresses: AddressService,
    private readonly events: OrderEvents,
  ) {}

  /**
   * The cart priced by the server for delivery to one of the shopper's addresses, with the coupon
   * of `couponCode` when it applies; a refused code is answered (its message and reason) and the
   * summary priced without it.
   */
  async summary(addressId: number, couponCode?: string | null): Promise<OrderSummaryView> {
    const address = await this.address(addressId);
    const code = couponCode?.trim() ? couponCode : null;
    const [cart, read] = await Promise.all([
      this.cart.load(address.userId),
      code === null ? null : readCoupon(this.em, code, address.userId),
    ]);
    if (cart.lines.length === 0) throw badInput(ORDER_MESSAGES.emptyCart, undefined, 'EMPTY_CART');
    const lines = cart.lines.map((l) => ({
      product: {
        priceCents: l.product.priceCents,
        promotion: l.product.onPromotion,
        promotionPriceCents: l.product.promotionPriceCents,
      },
      quantity: l.quantity,
    }));
    const coupon = read?.coupon ?? null;
    let totals = orderTotals(lines, coupon ? calculatorCoupon(coupon) : null);
    const refused = read
      ? couponRefusal({ code: code!, ...read, outcome: totals.couponOutcome })
      : null;
    if (refused) totals = orderTotals(lines);
    return {
      ...totals,
      address,
      lines: cart.lines,
      cardChargeCents: cardChargeCents(totals.totalCents),
      couponCode: coupon && !refused ? coupon.code : null,
      couponRefusal: refused?.message ?? null,
      couponRefusalReason: refused?.reason ?? null,
    };
  }

  /**
   * Buys the cart in one transaction (checkout.ts's `placeOrder`): locks the cart lines and the
   * sizes' stock rows (in a fixed order), checks every line, decrements stock, snapshots each
   * line (name, size, quantity, unit price), marks the lines bought and creates the order 'En
   * espera de pago' with the server's total. When any size ran short nothing changes and the
   * shopper is told which product. A repeated idempotency key returns the order the first
   * attempt made. The order's e-mails ('Pedido recibido', 'Nuevo pedido') go into the outbox in
   * the same transaction.
   */
  async checkout(request: CheckoutRequest): Promise<OrderView> {
    const key = request.idempotencyKey ?? null;
    if (key !== null && (key.length < 8 || key.length > 100)) {
      throw badInput(ORDER_MESSAGES.badKey, 'idempotencyKey', 'INVALID_IDEMPOTENCY_KEY');
    }
    const address = await this.address(request.addressId);
    const userId = request.userId ?? requireUser(this.actor.user).id;
    assertSelfOrAdmin(this.actor.user, userId);
    if (address.userId !== userId) {
      throw badInput(ORDER_MESSAGES.chooseAddress, 'addressId', 'ADDRESS_REQUIRED');
    }

    const order = await withTransaction(this.em, (tx) =>
      placeOrder(tx, this.cart, this.events, {
        userId,
        addressId: address.id,
        idempotencyKey: key,
        cartLineIds: request.cartLineIds,
        actorId: this.actor.user?.id ?? null,
        couponCode: request.couponCode?.trim() ? request.couponCode : null,
      }),
    );

    // The order as the transaction wrote it (no read after the commit).
    if (order !== null) return order;
    // The same key was used before: the order that attempt made.
    const [existing] = await this.em.execute<{ id: number }[]>(
      'select id from shop_order where user_id = ? and idempotency_key = ?',
      [userId, key],
    );
    return this.get(existing!.id);
  }

  /** The orders of `userId` (default: the signed-in user), newest first, with their lines. */
  async list(userId?: number): Promise<OrderView[]> {
    const owner = userId ?? requireUser(this.actor.user).id;
    assertSelfOrAdmin(this.actor.user, owner);
    const rows = await this.em.execute<OrderRow[]>(
      `select ${ORDER_COLUMNS} from shop_order o where o.user_id = ? order by o.id desc`,
      [owner],
    );
    return this.withLines(rows.map(toRecord));
  }

  /** The signed-in customer's orders, newest first, a page at a time (at most 50). */
  async myOrders(page: Page): Promise<OrderPage> {
    const user = requireUser(this.actor.user);
    checkPage(page, MAX_MY_ORDERS_PAGE_SIZE, 'pedidos');
    return this.page({ sql: 'o.user_id = ?', params: [user.id] }, page);
  }

  /**
   * Admin: every order, newest first, a page at a time (at most 100), with the total. Every
   * word of `search` (split by spaces) must match the customer's name (accent- and
   * case-insensitive, anywhere in it), the order's status (likewise), or be the order's id.
   */
  async search(search: string | null | undefined, page: Page): Promise<OrderPage> {
    checkAccess(this.actor.user, 'admin');
    checkPage(page, MAX_ORDERS_PAGE_SIZE, 'pedidos');
    return this.page(searchWhere(search), page);
  }

  /** One order, for its owner or an admin. */
  async get(id: number): Promise<OrderView> {
    const [row] = await this.em.execute<OrderRow[]>(
      `select ${ORDER_COLUMNS} from shop_order o where o.id = ?`,
      [id],
    );
    if (!row) throw notFound(ORDER_MESSAGES.notFound);
    assertSelfOrAdmin(this.actor.user, row.user_id);
    const [order] = await this.withLines([toRecord(row)]);
    return order!;
  }

  /**
   * Admin: changes an order's status and carrier tracking through `changeStatus`. The status is
   * one of the admin's four (spec §4) or the order's current one unchanged; cancelling returns
   * the units to stock, reactivating takes them again (or is refused, naming the product).
   */
  async updateOrder(id: number, update: OrderUpdate): Promise<OrderView> {
    checkAccess(this.actor.user, 'admin');
    const tracking = checkTracking(update.tracking);
    const overrideReason = update.overrideReason?.trim() || null;
    if (overrideReason && overrideReason.length > MAX_OVERRIDE_REASON_LENGTH) {
      throw badInput(ORDER_MESSAGES.overrideTooLong, 'overrideReason', 'TOO_LONG');
    }
    const status = update.status;
    await this.changeStatus(id, {
      status: status as OrderStatus,
      tracking,
      overrideReason,
      when: (order) => {
        if (!(ADMIN_STATUSES as readonly string[]).includes(status) && status !== order.status) {
          throw badInput(ORDER_MESSAGES.badStatus, 'status', 'INVALID_STATUS');
        }
        return true;
      },
      audited: true,
    });
    return this.get(id);
  }

  /**
   * The one order-status method (the admin's edit and the Mercado Pago webhook; the unpaid-order
   * sweep runs the same `applyStatusChange` for its batch): in one transaction, locks the order's
   * row, asks `change.when`, then moves stock and writes the status as `applyStatusChange`
   * says. Callers decide who may; this trusts its caller. Returns whether the order's row
   * changed.
   */
  async changeStatus(orderId: number, change: StatusChange): Promise<boolean> {
    return withTransaction(this.em, async (tx) => {
      const [order] = await lockOrders(tx, [orderId]);
      if (!order) throw notFound(ORDER_MESSAGES.notFound);
      if (change.when && !change.when(order)) return false;
      const changed = await applyStatusChange(tx, this.events, [order], change.status, {
        tracking: change.tracking,
        payment: change.payment,
        overrideReason: change.overrideReason,
        actorId: this.actor.user?.id ?? null,
      });
      if (change.audited && changed.length > 0) {
        const tracking = change.tracking === undefined ? order.tracking : change.tracking;
        const [after] = await tx.execute<{ status: OrderStatus }[]>(
          'select status from shop_order where id = ?',
          [order.id],
        );
        const status = after?.status ?? change.status;
        const override = change.overrideReason && stateOf(order.status) !== stateOf(status);
        await AuditTrail.record(tx, this.actor, {
          action: order.status !== status ? 'order.status' : 'order.tracking',
          object: { kind: 'order', id: order.id, label: `Pedido #${order.id}` },
          before: { status: order.status, tracking: order.tracking },
          after: {
            status,
            tracking,
            ...(override ? { overrideReason: change.overrideReason } : {}),
          },
        });
      }
      return changed.length > 0;
    });
  }

  /** Admin: these orders with their lines and the customer's name (the REST list). */
  async details(orders: readonly OrderRecord[]): Promise<OrderDetails[]> {
    checkAccess(this.actor.user, 'admin');
    const [withLines, names] = await Promise.all([
      this.withLines(orders),
      this.userNamesOf(orders.map((o) => o.userId)),
    ]);
    return withLines.map((o, i) => ({ ...o, userName: names[i] ?? '' }));
  }

  /**
   * The lines of these orders, by order, in the order asked: for per-request loaders. One
   * statement; a customer gets only their own orders' lines (others come back empty).
   */
  async linesOf(orderIds: readonly number[]): Promise<OrderLineView[][]> {
    const user = this.actor.user;
    if (orderIds.length === 0 || !user) return orderIds.map(() => []);
    const admin = user.role === 'admin';
    const lines = await this.em.execute<OrderLineRow[]>(
      `select l.order_id, l.product_id, l.cart_line_id, l.product_name, l.size, l.quantity,
              l.unit_price_cents, l.on_promotion
         from order_line l
         ${admin ? '' : 'join shop_order o on o.id = l.order_id and o.user_id = ?'}
        where l.order_id in (${placeholders(orderIds.length)}) order by l.id`,
      admin ? [...orderIds] : [user.id, ...orderIds],
    );
    const byOrder = new Map<number, OrderLineView[]>();
    for (const l of lines) {
      const list = byOrder.get(l.order_id) ?? [];
      list.push({
        productId: l.product_id,
        cartLineId: l.cart_line_id,
        productName: l.product_name,
        size: l.size,
        quantity: l.quantity,
        unitPriceCents: l.unit_price_cents,
        onPromotion: l.on_promotion,
      });
      byOrder.set(l.order_id, list);
    }
    return orderIds.map((id) => byOrder.get(id) ?? []);
  }

  /**
   * The names of these customers (the spec's nombre_usuario) in the order asked: for per-request
   * loaders. One statement; a customer gets only their own name.
   */
  async userNamesOf(userIds: readonly number[]): Promise<(string | undefined)[]> {
    const user = this.actor.user;
    if (userIds.length === 0 || !user) return userIds.map(() => undefined);
    if (user.role !== 'admin') return userIds.map((id) => (id === user.id ? user.name : undefined));
    const byId = await userNames(this.em, userIds);
    return userIds.map((id) => byId.get(id));
  }

  /** The addresses orders were sent to, deleted ones included: for per-request loaders. */
  addressesOf(addressIds: readonly number[]): Promise<(AddressView | undefined)[]> {
    return this.addresses.findByIds(addressIds);
  }

  /**
   * For the card payments module (the webhook, which has no signed-in user): the order's total,
   * or undefined when there is no such order. Trusts its caller.
   */
  async totalCentsOf(orderId: number): Promise<number | undefined> {
    const [order] = await this.em.execute<{ total_cents: number }[]>(
      'select total_cents from shop_order where id = ?',
      [orderId],
    );
    return order?.total_cents;
  }

  /**
   * For the catalogue deleting a product, in its transaction: whether any order line names it
   * (then the product is only hidden, so those orders keep it). Trusts its caller.
   */
  async namesProduct(tx: EntityManager, productId: number): Promise<boolean> {
    const rows = await tx.execute('select 1 from order_line where product_id = ? limit 1', [
      productId,
    ]);
    return rows.length > 0;
  }

  /** A page of the orders `where` selects, newest first, and how many it selects. */
  private async page(where: SqlFragment, page: Page): Promise<OrderPage> {
    const [rows, [count]] = await Promise.all([
      this.em.execute<OrderRow[]>(
        `select ${ORDER_COLUMNS} from shop_order o where ${where.sql}
          order by o.id desc offset ? limit ?`,
        [...where.params, page.offset, page.limit],
      ),
      this.em.execute<{ n: number }[]>(
        `select count(*)::int as n from shop_order o where ${where.sql}`,
        where.params,
      ),
    ]);
    return { items: rows.map(toRecord), total: count?.n ?? 0 };
  }

  private async withLines(orders: readonly OrderRecord[]): Promise<OrderView[]> {
    const lines = await this.linesOf(orders.map((o) => o.id));
    return orders.map((o, i) => ({ ...o, lines: lines[i]! }));
  }

  /** One of the shopper's live addresses; a missing one is 'Debes seleccionar una dirección'. */
  private async address(addressId: number): Promise<AddressView> {
    try {
      return await this.addresses.get(addressId);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') {
        throw badInput(ORDER_MESSAGES.chooseAddress, 'addressId', 'ADDRESS_REQUIRED');
      }
      throw error;
    }
  }
}

const toRecord = (r: OrderRow): OrderRecord => ({
  id: r.id,
  userId: r.user_id,
  addressId: r.address_id,
  status: r.status,
  tracking: r.tracking,
  couponCode: r.coupon_code,
  subtotalCents: r.subtotal_cents,
  shippingCents: r.shipping_cents,
  discountCents: r.discount_cents,
  totalCents: r.total_cents,
  createdAt: new Date(r.created_at),
  deliveredAt: r.delivered_at === null ? null : new Date(r.delivered_at),
  adjustments: parseAdjustments(r.adjustments),
});

/** The admin's tracking: trimmed, at most 100 characters, one line; empty or null clears it. */
function checkTracking(tracking: string | null | undefined): string | null | undefined {
  if (tracking === undefined) return undefined;
  const value = tracking?.trim() ?? '';
  if (value === '') return null;
  if (value.length > MAX_TRACKING_LENGTH)
    throw badInput(ORDER_MESSAGES.trackingTooLong, 'tracking', 'TOO_LONG');
  if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(value)) {
    throw badInput(ORDER_MESSAGES.trackingControl, 'tracking', 'CONTROL_CHARACTERS');
  }
  return value;
}
