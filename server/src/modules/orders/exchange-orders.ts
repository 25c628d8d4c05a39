import type { EntityManager } from '@mikro-orm/postgresql';
import { ORDER_STATUS } from '@tienda/rules';

/** A unit of an exchange: the new size of a product, already taken from stock. */
export interface ExchangeUnit {
  productId: number;
  productName: string;
  size: string;
  quantity: number;
}

/**
 * For the returns module, in its transaction: the order that ships a size exchange, at no charge
 * (every amount 0, 'Pagado', to the original order's customer and address). Its units were held
 * when the exchange was asked for, so no stock moves here. Answers the new order's id.
 */
export async function placeExchangeOrder(
  tx: EntityManager,
  originalOrderId: number,
  units: readonly ExchangeUnit[],
): Promise<number> {
  const [order] = await tx.execute<{ id: number }[]>(
    `insert into shop_order (user_id, address_id, subtotal_cents, shipping_cents,
        discount_cents, total_cents, status)
     select user_id, address_id, 0, 0, 0, 0, ? from shop_order where id = ?
     returning id`,
    [ORDER_STATUS.PAID, originalOrderId],
  );
  await tx.execute(
    `insert into order_line (order_id, product_id, product_name, size, quantity,
        unit_price_cents, on_promotion)
     select ?, v.product_id, v.product_name, v.size, v.quantity, 0, false
       from jsonb_to_recordset(?::jsonb)
         as v(product_id integer, product_name text, size text, quantity integer)`,
    [
      order!.id,
      JSON.stringify(
        units.map((u) => ({
          product_id: u.productId,
          product_name: u.productName,
          size: u.size,
          quantity: u.quantity,
        })),
      ),
    ],
  );
  return order!.id;
}
