import type { EntityManager } from '@mikro-orm/postgresql';
import { type Actor, assertSelfOrAdmin, requireUser } from '../accounts/access.js';
import type { ProductService } from '../catalog/product.service.js';
import type { ProductView } from '../catalog/product-view.js';
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
   */
  async load(userId?: number): Promise<CartView> {
    const owner = userId ?? requireUser(this.actor.user).id;
    assertSelfOrAdmin(this.actor.user, owner);
    const rows = await this.em.execute<
      (LineRow & { stock: number; product_name: string | null })[]
    >(
      `select c.id, c.user_id, c.product_id, c.size, c.quantity, c.purchased,
              coalesce(s.quantity, 0)::int as stock, p.name as product_name
         from cart_line c
         left join product p on p.id = c.product_id and p.hidden_at is null
         left join product_stock s on s.product_id = c.product_id and s.size = c.size
        where c.user_id = ? and not c.purchased
        order by c.id`,
      [owner],
    );
    const notices: { message: string }[] = [];
    const removed: number[] = [];
    const kept: typeof rows = [];
    for (const row of rows) {
      if (row.product_id === null || row.product_name === null) {
        removed.push(row.id);
        notices.push({ message: CART_MESSAGES.gone });
      } else if (row.stock <= 0) {
        removed.push(row.id);
        notices.push({ message: CART_MESSAGES.soldOutRemoved(row.product_name, row.size) });
      } else {
        if (row.quantity > row.stock) {
          notices.push({
            message: CART_MESSAGES.reduced(row.product_name, row.size, row.stock),
          });
          // Lowered only if no one changed it meanwhile, and never below 1.
          await this.em.execute(
            'update cart_line set quantity = least(quantity, ?) where id = ? and not purchased',
            [row.stock, row.id],
          );
          row.quantity = row.stock;
        }
        kept.push(row);
      }
    }
    if (removed.length > 0) {
      await this.em.execute(
        `delete from cart_line where not purchased and id in (${placeholders(removed.length)})`,
        removed,
      );
    }
    const products = await this.products.findByIds(kept.map((r) => r.product_id!));
    const lines: CartLineView[] = [];
    kept.forEach((row, i) => {
      const product = products[i];
      if (!product) return; // deleted between the two reads: gone on the next load
      lines.push({
        id: row.id,
        product,
        size: row.size,
        quantity: row.quantity,
        stock: row.stock,
        lineTotalCents: product.unitPriceCents * row.quantity,
      });
    });
    return {
      lines,
      itemCount: lines.reduce((sum, l) => sum + l.quantity, 0),
      notices,
    };
  }

  /**
   * Adds `quantity` of a product's size to the cart of `userId` (default: the signed-in user).
   * The same product and size merge into one line; the line never exceeds the size's stock.
   * Returns the line's id.
   */
  async add(productId: number, size: string, quantity: number, userId?: number): Promise<number> {
    const owner = userId ?? requireUser(this.actor.user, CART_MESSAGES.signInToAdd).id;
    assertSelfOrAdmin(this.actor.user, owner);
    checkQuantity(quantity);
    const [product] = await this.em.execute<{ stock: number | null }[]>(
      `select s.quantity as stock from product p
         left join product_stock s on s.product_id = p.id and s.size = ?
        where p.id = ? and p.hidden_at is null`,
      [size, productId],
    );
    if (!product) throw notFound(CART_MESSAGES.productNotFound);
    if (!product.stock || product.stock <= 0) {
      throw badInput(CART_MESSAGES.soldOut, 'size', 'OUT_OF_STOCK');
    }
    // One statement: a new line only while the cart has room, else a merge capped at stock.
    const [row] = await this.em.execute<{ id: number }[]>(
      `with stock as (
         select quantity from product_stock where product_id = ? and size = ? and quantity > 0
       )
       insert into cart_line as c (user_id, product_id, size, quantity)
       select ?, ?, ?, least(?, stock.quantity) from stock
        where (select count(*) from cart_line where user_id = ? and not purchased) < ?
           or exists (select 1 from cart_line where user_id = ? and product_id = ? and size = ?
                       and not purchased)
       on conflict (user_id, product_id, size) where not purchased
       do update set quantity = greatest(1, least(c.quantity + excluded.quantity,
                                                  (select quantity from stock)))
       returning c.id`,
      [
        productId,
        size,
        owner,
        productId,
        size,
        quantity,
        owner,
        MAX_CART_LINES,
        owner,
        productId,
        size,
      ],
    );
    if (!row) throw badInput(CART_MESSAGES.tooManyLines);
    return row.id;
  }

  /** Sets a line's quantity: at least 1, at most the size's stock. */
  async setQuantity(lineId: number, quantity: number): Promise<void> {
    checkQuantity(quantity);
    const line = await this.openLine(lineId);
    const [stock] = await this.em.execute<{ quantity: number }[]>(
      'select quantity from product_stock where product_id = ? and size = ?',
      [line.productId, line.size],
    );
    const available = stock?.quantity ?? 0;
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

  private async openLine(lineId: number): Promise<CartLineRecord> {
    const line = await this.line(lineId);
    if (line.purchased) throw badInput(CART_MESSAGES.alreadyBought);
    if (line.productId === null) throw notFound(CART_MESSAGES.productNotFound);
    return line;
  }
}
