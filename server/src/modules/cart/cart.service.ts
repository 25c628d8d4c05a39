import type { EntityManager } from '@mikro-orm/postgresql';
import { type Actor, assertSelfOrAdmin, requireUser } from '../accounts/access.js';
import type { ProductService } from '../catalog/product.service.js';
import { joinShownProduct, pricedProductColumns } from '../catalog/product-rules.js';
import type { ProductView } from '../catalog/product-view.js';
import { IN_STOCK_QUANTITY_SQL, shownSizeQuantity, sizeQuantity } from '../catalog/stock.js';
import type { Priced } from '../pricing/pricing.js';
import { badInput, notFound } from '../shared/errors.js';
import { placeholders } from '../shared/sql.js';

export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 999;

/** Spec §5 'Cart and checkout' and §8, plus what the server adds. */
export const CART_MESSAGES = {
  signInToAdd: 'Debes iniciar sesión para agregar productos al carrito',
  productNotFound: 'Producto no encontrado',
  soldOut: 'Esta talla está agotada',
  onlyLeft: (n: number) =>
    `Solo hay ${n} ${n === 1 ? 'unidad disponible' : 'unidades disponibles'} de esta talla`,
  badQuantity: `La cantidad debe ser un entero entre 1 y ${MAX_LINE_QUANTITY}`,
  tooManyLines: `Tu carrito puede tener hasta ${MAX_CART_LINES} productos distintos`,
  lineNotFound: 'Producto del carrito no encontrado',
  alreadyBought: 'Este producto ya se compró',
  gone: 'Un producto de tu carrito ya no existe y se quitó',
  goneNamed: (name: string, size: string) =>
    `${name} (talla ${size}) ya no está en la tienda y se quitó del carrito`,
  /** A merge that hit the size's stock: what there is, and what the cart now holds. */
  capped: (stock: number, size: string, inCart: number) =>
    `Solo hay ${stock} en talla ${size}; tu carrito ya tiene ${inCart}`,
  soldOutRemoved: (name: string, size: string) =>
    `${name} (talla ${size}) se agotó y se quitó del carrito`,
  reduced: (name: string, size: string, n: number) =>
    `${name} (talla ${size}): solo ${n === 1 ? 'queda 1' : `quedan ${n}`}, se ajustó la cantidad`,
} as const;

/** A cart line as stored (the REST facade's shape, in English). */
export interface CartLineRecord {
  id: number;
  userId: number;
  productId: number | null;
  size: string;
  quantity: number;
  purchased: boolean;
}

export interface CartLineView {
  id: number;
  product: ProductView;
  size: string;
  quantity: number;
  /** Units of that size in stock now: the most the line may hold. */
  stock: number;
  lineTotalCents: number;
}

export interface CartView {
  lines: CartLineView[];
  /** Units in the cart: the sidebar badge. */
  itemCount: number;
  /** What loading the cart changed, for the shopper. */
  notices: { message: string }[];
  /** Only in the answer to adding to the cart: what that addition did. */
  addition?: CartAddition | null;
}

/** What `add` did: the server's own count, so the shopper hears what really happened. */
export interface CartAddition {
  lineId: number;
  /** Units this request put in the cart (less than asked when the stock capped the merge). */
  added: number;
  /** Units of that product and size in the cart now. */
  quantity: number;
  /** Units of that size in stock. */
  stock: number;
  /** Spanish, when fewer were added than asked (CART_MESSAGES.capped); null otherwise. */
  message: string | null;
}

/** An open line as checkout locks it, with its product as the catalogue has it now. */
export interface CheckoutLine {
  id: number;
  size: string;
  quantity: number;
  /** null: the product is gone (deleted, or hidden since). */
  product: (Priced & { id: number; name: string }) | null;
}

interface CheckoutLineRow {
  id: number;
  product_id: number | null;
  size: string;
  quantity: number;
  name: string | null;
  price_cents: number | null;
  promotion: boolean | null;
  promotion_price_cents: number | null;
}

interface LineRow {
  id: number;
  user_id: number;
  product_id: number | null;
  size: string;
  quantity: number;
  purchased: boolean;
}

const toRecord = (r: LineRow): CartLineRecord => ({
  id: r.id,
  userId: r.user_id,
  productId: r.product_id,
  size: r.size,
  quantity: r.quantity,
  purchased: r.purchased,
});

function checkQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
    throw badInput(CART_MESSAGES.badQuantity, 'quantity');
  }
}

/** The shopper's cart: one open line per product and size, never more than the size's stock. */
export class CartService {
  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor,
    private readonly products: ProductService,
  ) {}

  /**
   * The cart of `userId` (default: the signed-in user). Loading it deletes lines whose product
   * is gone or whose size sold out and lowers quantities above stock, and says so in `notices`.
   * Lines the shop dropped while the shopper was away (a deleted product: `cart_notice`) are
   * told once, in the shopper's own cart as the cart's doors ask for it (no `userId`): a read on
   * someone's behalf (the order summary, an admin) leaves them for that answer.
   * Two statements (the lines with those notices, then their products from the catalogue), plus
   * the corrections.
   */
  async load(userId?: number): Promise<CartView> {
    const owner = userId ?? requireUser(this.actor.user).id;
    assertSelfOrAdmin(this.actor.user, owner);
    // The lines, and in the same statement the notices of lines dropped while the shopper was
    // away (`cart_notice`, taken only by the cart's own answer to its shopper).
    const found = await this.em.execute<(LineRow & { dropped_name: string | null })[]>(
      `with taken as (delete from cart_notice where user_id = ? and ?::boolean
                      returning id, product_name, size)
       select * from (
         select id, user_id, product_id, size, quantity, purchased, null::text as dropped_name
           from cart_line where user_id = ? and not purchased
         union all
         select id, ?::integer, null, size, 0, false, product_name from taken) found
        order by dropped_name is null, id`,
      [owner, userId === undefined, owner, owner],
    );
    const notices = found.flatMap((r) =>
      r.dropped_name === null ? [] : [{ message: CART_MESSAGES.goneNamed(r.dropped_name, r.size) }],
    );
    const rows = found.filter((r) => r.dropped_name === null);
    // Products shoppers no longer see (deleted, hidden) come back undefined.
    const products = await this.products.findByIds(
      rows.flatMap((r) => (r.product_id === null ? [] : [r.product_id])),
    );
    const productOf = new Map(products.flatMap((p) => (p ? [[p.id, p] as const] : [])));
    const removed: number[] = [];
    const lines: CartLineView[] = [];
    for (const row of rows) {
      const product = row.product_id === null ? undefined : productOf.get(row.product_id);
      const stock = product?.sizes.find((s) => s.size === row.size)?.stock ?? 0;
      if (!product) {
        removed.push(row.id);
        notices.push({ message: CART_MESSAGES.gone });
      } else if (stock <= 0) {
        removed.push(row.id);
        notices.push({ message: CART_MESSAGES.soldOutRemoved(product.name, row.size) });
      } else {
        if (row.quantity > stock) {
          notices.push({ message: CART_MESSAGES.reduced(product.name, row.size, stock) });
          // Lowered only if no one changed it meanwhile, and never below 1.
          await this.em.execute(
            'update cart_line set quantity = least(quantity, ?) where id = ? and not purchased',
            [stock, row.id],
          );
          row.quantity = stock;
        }
        lines.push({
          id: row.id,
          product,
          size: row.size,
          quantity: row.quantity,
          stock,
          lineTotalCents: product.unitPriceCents * row.quantity,
        });
      }
    }
    if (removed.length > 0) {
      await this.em.execute(
        `delete from cart_line where not purchased and id in (${placeholders(removed.length)})`,
        removed,
      );
    }
    return {
      lines,
      itemCount: lines.reduce((sum, l) => sum + l.quantity, 0),
      notices,
    };
  }

  /**
   * Adds `quantity` of a product's size to the cart of `userId` (default: the signed-in user).
   * The same product and size merge into one line; the line never exceeds the size's stock, and
   * the answer says how many were really added (with the message when the stock capped it).
   */
  async add(
    productId: number,
    size: string,
    quantity: number,
    userId?: number,
  ): Promise<CartAddition> {
    const owner = userId ?? requireUser(this.actor.user, CART_MESSAGES.signInToAdd).id;
    assertSelfOrAdmin(this.actor.user, owner);
    checkQuantity(quantity);
    const product = await shownSizeQuantity(this.em, { productId, size });
    if (!product.shown) throw notFound(CART_MESSAGES.productNotFound);
    if (!product.quantity || product.quantity <= 0) {
      throw badInput(CART_MESSAGES.soldOut, 'size', 'OUT_OF_STOCK');
    }
    // One statement: a new line only while the cart has room, else a merge capped at stock (the
    // catalogue's stock read inside it, so that the cap and the write cannot part). `held` is
    // the line as the statement found it, so the answer can say what this request added.
    const [row] = await this.em.execute<
      { id: number; quantity: number; stock: number; held: number }[]
    >(
      `with stock as (${IN_STOCK_QUANTITY_SQL}),
            held as (select quantity from cart_line
                      where user_id = ? and product_id = ? and size = ? and not purchased)
       insert into cart_line as c (user_id, product_id, size, quantity)
       select ?, ?, ?, least(?, stock.quantity) from stock
        where (select count(*) from cart_line where user_id = ? and not purchased) < ?
           or exists (select 1 from held)
       on conflict (user_id, product_id, size) where not purchased
       do update set quantity = greatest(1, least(c.quantity + excluded.quantity,
                                                  (select quantity from stock)))
       returning c.id, c.quantity, (select quantity from stock) as stock,
                 coalesce((select quantity from held), 0) as held`,
      [
        productId,
        size,
        owner,
        productId,
        size,
        owner,
        productId,
        size,
        quantity,
        owner,
        MAX_CART_LINES,
      ],
    );
    if (!row) throw badInput(CART_MESSAGES.tooManyLines);
    const added = Math.max(0, row.quantity - row.held);
    return {
      lineId: row.id,
      added,
      quantity: row.quantity,
      stock: row.stock,
      message: added < quantity ? CART_MESSAGES.capped(row.stock, size, row.quantity) : null,
    };
  }

  /** Sets a line's quantity: at least 1, at most the size's stock. */
  async setQuantity(lineId: number, quantity: number): Promise<void> {
    checkQuantity(quantity);
    const line = await this.openLine(lineId);
    const available =
      (await sizeQuantity(this.em, { productId: line.productId!, size: line.size })) ?? 0;
    if (quantity > available) {
      throw available > 0
        ? badInput(CART_MESSAGES.onlyLeft(available), 'quantity', 'OUT_OF_STOCK')
        : badInput(CART_MESSAGES.soldOut, 'quantity', 'OUT_OF_STOCK');
    }
    await this.em.execute('update cart_line set quantity = ? where id = ? and not purchased', [
      quantity,
      lineId,
    ]);
  }

  async remove(lineId: number): Promise<void> {
    await this.openLine(lineId);
    await this.em.execute('delete from cart_line where id = ? and not purchased', [lineId]);
  }

  /** One line (bought or not) of its owner, or for an admin. */
  async line(lineId: number): Promise<CartLineRecord> {
    const [row] = await this.em.execute<LineRow[]>(
      'select id, user_id, product_id, size, quantity, purchased from cart_line where id = ?',
      [lineId],
    );
    if (!row) throw notFound(CART_MESSAGES.lineNotFound);
    assertSelfOrAdmin(this.actor.user, row.user_id);
    return toRecord(row);
  }

  /** Every line of a user, bought ones included (the spec's REST clients filter them). */
  async linesOfUser(userId: number): Promise<CartLineRecord[]> {
    assertSelfOrAdmin(this.actor.user, userId);
    const rows = await this.em.execute<LineRow[]>(
      `select id, user_id, product_id, size, quantity, purchased from cart_line
        where user_id = ? order by id`,
      [userId],
    );
    return rows.map(toRecord);
  }

  /**
   * For checkout, in its transaction: the open lines of `userId` (only `ids` when given), locked
   * until it ends, in id order, each with its product's name and price as the catalogue has them
   * now (null when the product is gone). One statement (the catalogue's product joined in).
   */
  async lockForCheckout(
    tx: EntityManager,
    userId: number,
    ids?: readonly number[],
  ): Promise<CheckoutLine[]> {
    const rows = await tx.execute<CheckoutLineRow[]>(
      `select c.id, c.product_id, c.size, c.quantity, ${pricedProductColumns('p')}
         from cart_line c ${joinShownProduct('p', 'c.product_id')}
        where c.user_id = ? and not c.purchased
          ${ids ? `and c.id in (${placeholders(ids.length)})` : ''}
        order by c.id
        for update of c`,
      [userId, ...(ids ?? [])],
    );
    return rows.map((r) => ({
      id: r.id,
      size: r.size,
      quantity: r.quantity,
      product:
        r.product_id === null || r.name === null
          ? null
          : {
              id: r.product_id,
              name: r.name,
              priceCents: r.price_cents!,
              promotion: r.promotion!,
              promotionPriceCents: r.promotion_price_cents,
            },
    }));
  }

  /**
   * For checkout, in its transaction: the statement that marks these lines (locked by
   * `lockForCheckout`) bought, as a fragment the checkout runs as a CTE of its one write of the
   * order (checkout.ts: a round trip less per order). The cart's one write outside this module.
   */
  markBoughtStatement(lineIds: readonly number[]): { sql: string; params: number[] } {
    if (lineIds.length === 0) throw new Error('markBoughtStatement: no lines');
    return {
      sql: `update cart_line set purchased = true where id in (${placeholders(lineIds.length)})`,
      params: [...lineIds],
    };
  }

  /**
   * For the catalogue deleting a product, in its transaction: every open cart loses it (waits for
   * a checkout holding those lines to finish), and each shopper will be told, by the product's
   * name, the next time their cart loads (`cart_notice`). Bought lines stay: orders point at them.
   */
  async dropProduct(tx: EntityManager, productId: number): Promise<void> {
    await tx.execute(
      `with dropped as (delete from cart_line where product_id = ? and not purchased
                        returning user_id, size)
       insert into cart_notice (user_id, product_name, size)
       select dropped.user_id, product.name, dropped.size
         from dropped join product on product.id = ?`,
      [productId, productId],
    );
  }

  private async openLine(lineId: number): Promise<CartLineRecord> {
    const line = await this.line(lineId);
    if (line.purchased) throw badInput(CART_MESSAGES.alreadyBought);
    if (line.productId === null) throw notFound(CART_MESSAGES.productNotFound);
    return line;
  }
}
