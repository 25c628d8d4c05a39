import type { EntityManager } from '@mikro-orm/postgresql';
import { type Actor, assertSelfOrAdmin, requireUser } from '../accounts/access.js';
import type { AddressService, AddressView } from '../addresses/address.service.js';
import type { CartLineView, CartService } from '../cart/cart.service.js';
import { changeStock, lockStock, stockKey } from '../catalog/stock.js';
import { cardChargeCents, orderTotals, type OrderTotals } from '../pricing/pricing.js';
import { badInput, DomainError, notFound } from '../shared/errors.js';
import { placeholders } from '../shared/sql.js';
import { withTransaction } from '../shared/transaction.js';
import type { OrderStatus } from './order.entity.js';

export const ORDER_MESSAGES = {
  emptyCart: 'No hay productos en el carrito',
  chooseAddress: 'Debes seleccionar una dirección',
  productGone: 'Un producto de tu carrito ya no existe; revisa tu carrito',
  linesChanged: 'Tu carrito cambió: revisa tus productos antes de comprar',
  outOfStock: (name: string, size: string, left: number) =>
    `Ya no hay existencias suficientes de ${name} (talla ${size}): ${
      left === 0 ? 'se agotó' : `${left === 1 ? 'queda 1' : `quedan ${left}`}`
    }`,
  notFound: 'Pedido no encontrado',
  badKey: 'La clave de idempotencia debe tener entre 8 y 100 caracteres',
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

export interface OrderView extends Omit<OrderTotals, 'bulkUnits'> {
  id: number;
  userId: number;
  addressId: number | null;
  status: OrderStatus;
  tracking: string | null;
  createdAt: Date;
  lines: OrderLineView[];
}

/** What the shopper sees before creating the order: the server's prices, not the client's. */
export interface OrderSummaryView extends OrderTotals {
  address: AddressView;
  lines: CartLineView[];
  /** What a card payment would charge (total plus the provider's fee). */
  cardChargeCents: number;
}

interface OrderRow {
  id: number;
  user_id: number;
  address_id: number | null;
  status: OrderStatus;
  tracking: string | null;
  subtotal_cents: number;
  shipping_cents: number;
  discount_cents: number;
  total_cents: number;
  created_at: Date | string;
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

const ORDER_COLUMNS = `o.id, o.user_id, o.address_id, o.status, o.tracking, o.subtotal_cents,
  o.shipping_cents, o.discount_cents, o.total_cents, o.created_at`;

export interface CheckoutRequest {
  addressId: number;
  /** Chosen by the client once per purchase attempt: repeating it returns the same order. */
  idempotencyKey?: string | null;
  /** Only these open cart lines (the REST facade's `idProductos`); default: the whole cart. */
  cartLineIds?: number[];
  /** Whose cart (an admin may act for a customer); default: the signed-in user. */
  userId?: number;
}

/** Orders: the summary, the checkout (one transaction, no overselling), and reading them. */
export class OrderService {
  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor,
    private readonly cart: CartService,
    private readonly addresses: AddressService,
  ) {}

  /** The cart priced by the server for delivery to one of the shopper's addresses. */
  async summary(addressId: number): Promise<OrderSummaryView> {
    const address = await this.address(addressId);
    const cart = await this.cart.load(address.userId);
    if (cart.lines.length === 0) throw badInput(ORDER_MESSAGES.emptyCart);
    const totals = orderTotals(
      cart.lines.map((l) => ({
        product: {
          priceCents: l.product.priceCents,
          promotion: l.product.onPromotion,
          promotionPriceCents: l.product.promotionPriceCents,
        },
        quantity: l.quantity,
      })),
    );
    return {
      ...totals,
      address,
      lines: cart.lines,
      cardChargeCents: cardChargeCents(totals.totalCents),
    };
  }

  /**
   * Buys the cart in one transaction: locks the cart lines and the sizes' stock rows (in a
   * fixed order), checks every line, decrements stock, snapshots each line (name, size,
   * quantity, unit price), marks the lines bought and creates the order 'En espera de pago'
   * with the server's total. When any size ran short nothing changes and the shopper is told
   * which product. A repeated idempotency key returns the order the first attempt made.
   */
  async checkout(request: CheckoutRequest): Promise<OrderView> {
    const key = request.idempotencyKey ?? null;
    if (key !== null && (key.length < 8 || key.length > 100)) {
      throw badInput(ORDER_MESSAGES.badKey, 'idempotencyKey');
    }
    const address = await this.address(request.addressId);
    const userId = request.userId ?? requireUser(this.actor.user).id;
    assertSelfOrAdmin(this.actor.user, userId);
    if (address.userId !== userId) throw badInput(ORDER_MESSAGES.chooseAddress, 'addressId');

    const orderId = await withTransaction(this.em, async (tx) => {
      // First, so a concurrent attempt with the same key waits here and then finds the order.
      const [created] = await tx.execute<{ id: number }[]>(
        `insert into shop_order (user_id, address_id, subtotal_cents, shipping_cents,
            discount_cents, total_cents, idempotency_key)
          values (?, ?, 0, 0, 0, 0, ?)
          on conflict (user_id, idempotency_key) where idempotency_key is not null do nothing
          returning id`,
        [userId, address.id, key],
      );
      if (!created) return null;

      const only = request.cartLineIds;
      const lines = await tx.execute<
        {
          id: number;
          product_id: number | null;
          size: string;
          quantity: number;
          name: string | null;
          price_cents: number | null;
          promotion: boolean | null;
          promotion_price_cents: number | null;
        }[]
      >(
        `select c.id, c.product_id, c.size, c.quantity, p.name, p.price_cents, p.promotion,
                p.promotion_price_cents
           from cart_line c left join product p on p.id = c.product_id
          where c.user_id = ? and not c.purchased
            ${only ? `and c.id in (${placeholders(only.length)})` : ''}
          order by c.id
          for update of c`,
        [userId, ...(only ?? [])],
      );
      if (lines.length === 0) throw badInput(ORDER_MESSAGES.emptyCart);
      if (only && lines.length !== new Set(only).size) throw badInput(ORDER_MESSAGES.linesChanged);
      if (lines.some((l) => l.product_id === null || l.name === null)) {
        throw new DomainError('CONFLICT', ORDER_MESSAGES.productGone);
      }

      const stock = await lockStock(
        tx,
        lines.map((l) => ({ productId: l.product_id!, size: l.size })),
      );
      for (const line of lines) {
        const key = stockKey({ productId: line.product_id!, size: line.size });
        const left = stock.get(key) ?? 0;
        if (left < line.quantity) {
          throw new DomainError('CONFLICT', ORDER_MESSAGES.outOfStock(line.name!, line.size, left));
        }
        stock.set(key, left - line.quantity);
      }
      await changeStock(
        tx,
        lines.map((l) => ({ productId: l.product_id!, size: l.size, delta: -l.quantity })),
      );

      const priced = lines.map((l) => ({
        line: l,
        product: {
          priceCents: l.price_cents!,
          promotion: l.promotion!,
          promotionPriceCents: l.promotion_price_cents,
        },
        quantity: l.quantity,
      }));
      const totals = orderTotals(priced);
      await tx.execute(
        `update shop_order set subtotal_cents = ?, shipping_cents = ?, discount_cents = ?,
            total_cents = ? where id = ?`,
        [
          totals.subtotalCents,
          totals.shippingCents,
          totals.discountCents,
          totals.totalCents,
          created.id,
        ],
      );
      await tx.execute(
        `insert into order_line (order_id, cart_line_id, product_id, product_name, size, quantity,
            unit_price_cents, on_promotion)
          values ${priced.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
        priced.flatMap(({ line, product }) => [
          created.id,
          line.id,
          line.product_id,
          line.name,
          line.size,
          line.quantity,
          product.promotion && product.promotionPriceCents != null
            ? product.promotionPriceCents
            : product.priceCents,
          product.promotion,
        ]),
      );
      await tx.execute(
        `update cart_line set purchased = true where id in (${placeholders(lines.length)})`,
        lines.map((l) => l.id),
      );
      return created.id;
    });

    if (orderId !== null) return this.get(orderId);
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
    return this.withLines(rows);
  }

  /** One order, for its owner or an admin. */
  async get(id: number): Promise<OrderView> {
    const [row] = await this.em.execute<OrderRow[]>(
      `select ${ORDER_COLUMNS} from shop_order o where o.id = ?`,
      [id],
    );
    if (!row) throw notFound(ORDER_MESSAGES.notFound);
    assertSelfOrAdmin(this.actor.user, row.user_id);
    const [order] = await this.withLines([row]);
    return order!;
  }

  private async withLines(rows: OrderRow[]): Promise<OrderView[]> {
    if (rows.length === 0) return [];
    const lines = await this.em.execute<OrderLineRow[]>(
      `select order_id, product_id, cart_line_id, product_name, size, quantity, unit_price_cents,
              on_promotion
         from order_line where order_id in (${placeholders(rows.length)}) order by id`,
      rows.map((r) => r.id),
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
    return rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      addressId: r.address_id,
      status: r.status,
      tracking: r.tracking,
      subtotalCents: r.subtotal_cents,
      shippingCents: r.shipping_cents,
      discountCents: r.discount_cents,
      totalCents: r.total_cents,
      createdAt: new Date(r.created_at),
      lines: byOrder.get(r.id) ?? [],
    }));
  }

  /** One of the shopper's live addresses; a missing one is 'Debes seleccionar una dirección'. */
  private async address(addressId: number): Promise<AddressView> {
    try {
      return await this.addresses.get(addressId);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') {
        throw badInput(ORDER_MESSAGES.chooseAddress, 'addressId');
      }
      throw error;
    }
  }
}
