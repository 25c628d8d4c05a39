import { createHash } from 'node:crypto';
import type pg from 'pg';
import { MAX_CART_LINES } from '../server/src/modules/cart/cart.service.js';
import {
  calculatorCoupon,
  COUPON_COLUMNS,
  type CouponRow,
  toCouponView,
} from '../server/src/modules/coupons/coupon-records.js';
import { couponRefusal } from '../server/src/modules/coupons/coupon-refusals.js';
import { orderTotals, unitPriceCents } from '../server/src/modules/pricing/pricing.js';
import { adjustmentsColumn } from '../server/src/modules/orders/order-adjustments.js';

/**
 * The baseline's add-to-cart and checkout: what the shop's `addToCart` and `checkout` mutations
 * do at the SQL level (server/src/modules/cart/cart.service.ts, orders/checkout.ts,
 * orders/order-announcements.ts, mail/outbox.ts), statement for statement, with bare `pg`:
 * the session looked up by its token's hash; the product's size checked; the cart line inserted
 * or merged under the same caps; then, in ONE transaction, the order row inserted first (its
 * idempotency key), the open cart lines locked, the stock rows locked in (product, size) order,
 * checked and decremented (the table's CHECK still guards), the coupon read (with the database's
 * clock and the customer's uses, taking the (coupon, customer) advisory lock of a coupon limited
 * per customer only) and judged by the shop's own `couponRefusal`, the totals priced by the
 * shop's own `orderTotals` with it; then one statement writes the totals, the lines, the
 * calculator's adjustments (`order_adjustment`) and marks the cart lines bought; the
 * 'order.placed' event recorded (`order_event`; no deferred subscriber, so no `event_delivery`),
 * the two order e-mails ('Pedido recibido' and 'Nuevo pedido' to each admin) written to the outbox
 * from the order's snapshot (one read: its lines, adjustments and the admins' addresses), and last
 * the coupon's use taken under the lock its limits need (the coupon's row for a global limit),
 * then the `coupon_use` insert guarded by the counts. The answer is the order as written (as the
 * app's). What it leaves out is Node-side only: the cookie's HMAC, GraphQL, the ORM.
 */

export class BaselineError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const SESSION_COOKIE = 'tienda_sesion';

/** The signed-in user's id from the session cookie (`token.signature`), or a 401. */
export async function sessionUser(
  pool: pg.Pool,
  cookieHeader: string | undefined,
): Promise<number> {
  const cookie = (cookieHeader ?? '')
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  const value = decodeURIComponent(cookie?.slice(SESSION_COOKIE.length + 1) ?? '');
  const token = value.slice(0, value.lastIndexOf('.'));
  if (!token) throw new BaselineError(401, 'sign in');
  const hash = createHash('sha256').update(token).digest();
  const { rows } = await pool.query<{ id: number }>(
    `select u.id from user_session s join app_user u on u.id = s.user_id
      where s.token_hash = $1 and s.expires_at > now() and u.active`,
    [hash],
  );
  if (!rows[0]) throw new BaselineError(401, 'sign in');
  return rows[0].id;
}

/** addToCart: the cart service's two statements. Returns the cart line's id. */
export async function addToCart(
  pool: pg.Pool,
  userId: number,
  input: { productId: number; size: string; quantity: number },
): Promise<number> {
  const { productId, size, quantity } = input;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 99) {
    throw new BaselineError(400, 'quantity');
  }
  const product = await pool.query<{ stock: number | null }>(
    `select s.quantity as stock from product p
       left join product_stock s on s.product_id = p.id and s.size = $1
      where p.id = $2 and p.hidden_at is null`,
    [size, productId],
  );
  if (!product.rows[0]) throw new BaselineError(404, 'no product');
  if (!product.rows[0].stock || product.rows[0].stock <= 0)
    throw new BaselineError(400, 'sold out');
  const row = await pool.query<{ id: number }>(
    `with stock as (
       select quantity from product_stock where product_id = $1 and size = $2 and quantity > 0
     )
     insert into cart_line as c (user_id, product_id, size, quantity)
     select $3, $1, $2, least($4, stock.quantity) from stock
      where (select count(*) from cart_line where user_id = $3 and not purchased) < $5
         or exists (select 1 from cart_line where user_id = $3 and product_id = $1 and size = $2
                     and not purchased)
     on conflict (user_id, product_id, size) where not purchased
     do update set quantity = greatest(1, least(c.quantity + excluded.quantity,
                                                (select quantity from stock)))
     returning c.id`,
    [productId, size, userId, quantity, MAX_CART_LINES],
  );
  if (!row.rows[0]) throw new BaselineError(400, 'too many lines');
  return row.rows[0].id;
}

interface CartRow {
  id: number;
  product_id: number | null;
  size: string;
  quantity: number;
  name: string | null;
  price_cents: number | null;
  promotion: boolean | null;
  promotion_price_cents: number | null;
}

export interface BaselineOrder {
  id: number;
  status: string;
  totalCents: number;
}

/** checkout: the order service's transaction. */
export async function checkout(
  pool: pg.Pool,
  userId: number,
  input: { addressId: number; idempotencyKey: string; couponCode?: string | null },
): Promise<BaselineOrder> {
  const key = input.idempotencyKey;
  if (key.length < 8 || key.length > 100) throw new BaselineError(400, 'idempotency key');
  const address = await pool.query<{ user_id: number }>(
    'select a.user_id from address a where a.id = $1 and a.deleted_at is null',
    [input.addressId],
  );
  if (address.rows[0]?.user_id !== userId) throw new BaselineError(400, 'address');

  const client = await pool.connect();
  let id: number | null = null;
  let status: string | null = null;
  let totalCents = 0;
  try {
    await client.query('begin');
    const created = await client.query<{ id: number; status: string }>(
      `insert into shop_order (user_id, address_id, subtotal_cents, shipping_cents,
          discount_cents, total_cents, idempotency_key)
        values ($1, $2, 0, 0, 0, 0, $3)
        on conflict (user_id, idempotency_key) where idempotency_key is not null do nothing
        returning id, status`,
      [userId, input.addressId, key],
    );
    id = created.rows[0]?.id ?? null;
    status = created.rows[0]?.status ?? null;
    if (id !== null) {
      const lines = (
        await client.query<CartRow>(
          `select c.id, c.product_id, c.size, c.quantity, p.name, p.price_cents, p.promotion,
                  p.promotion_price_cents
             from cart_line c left join product p on p.id = c.product_id and p.hidden_at is null
            where c.user_id = $1 and not c.purchased
            order by c.id
            for update of c`,
          [userId],
        )
      ).rows;
      if (lines.length === 0) throw new BaselineError(400, 'empty cart');
      if (lines.some((l) => l.product_id === null || l.name === null)) {
        throw new BaselineError(409, 'product gone');
      }
      const sizes = lines.flatMap((l) => [l.product_id, l.size]);
      const pairs = (n: number, from: number) =>
        Array.from({ length: n }, (_, i) => `($${from + 2 * i}::int, $${from + 2 * i + 1}::text)`);
      const stock = await client.query<{ product_id: number; size: string; quantity: number }>(
        `select product_id, size, quantity from product_stock
          where (product_id, size) in (${pairs(lines.length, 1).join(', ')})
          order by product_id, size
          for update`,
        sizes,
      );
      const left = new Map(stock.rows.map((r) => [`${r.product_id}\u0000${r.size}`, r.quantity]));
      for (const line of lines) {
        const k = `${line.product_id}\u0000${line.size}`;
        const units = left.get(k) ?? 0;
        if (units < line.quantity) throw new BaselineError(409, `out of stock: ${line.name}`);
        left.set(k, units - line.quantity);
      }
      await client.query(
        `update product_stock s set quantity = s.quantity + v.delta
           from (values ${lines.map((_, i) => `($${3 * i + 1}::int, $${3 * i + 2}::text, $${3 * i + 3}::int)`).join(', ')})
                v(product_id, size, delta)
          where s.product_id = v.product_id and s.size = v.size`,
        lines.flatMap((l) => [l.product_id, l.size, -l.quantity]),
      );
      const code = input.couponCode?.trim() ? input.couponCode.trim().toUpperCase() : null;
      const read =
        code === null
          ? null
          : (
              await client.query<
                CouponRow & { now: Date; customer_uses: number | null; customer_locked: boolean }
              >(
                `select ${COUPON_COLUMNS}, now() as now,
                        case when c.max_uses_per_customer is null then null else
                          (select count(*)::int from coupon_use u
                            where u.coupon_id = c.id and u.user_id = $1 and u.released_at is null)
                        end as customer_uses,
                        case when c.max_uses is null and c.max_uses_per_customer is not null
                          then pg_advisory_xact_lock(c.id, $1::integer)::text = '' end
                          as customer_locked
                   from (select 1) one left join coupon c on upper(c.code) = $2`,
                [userId, code],
              )
            ).rows[0]!;
      const coupon = read && read.id != null ? toCouponView(read) : null;
      const priced = lines.map((l) => ({
        priceCents: l.price_cents!,
        promotion: l.promotion!,
        promotionPriceCents: l.promotion_price_cents,
      }));
      const totals = orderTotals(
        lines.map((l, i) => ({ product: priced[i]!, quantity: l.quantity })),
        coupon ? calculatorCoupon(coupon) : null,
      );
      if (read) {
        const refused = couponRefusal({
          code: code!,
          coupon,
          now: new Date(read.now),
          ...(read.customer_uses == null ? {} : { customerUses: read.customer_uses }),
          outcome: totals.couponOutcome,
        });
        if (refused) throw new BaselineError(400, refused.message);
      }
      // The order's totals, its lines, its adjustments and the cart's marking: one statement.
      const n = lines.length;
      const lineValues = lines.map(
        (_, i) => `(${Array.from({ length: 8 }, (_, j) => `$${7 + 8 * i + j}`).join(', ')})`,
      );
      await client.query(
        `with totals as (
           update shop_order set subtotal_cents = $1, shipping_cents = $2, discount_cents = $3,
               total_cents = $4, coupon_code = $5 where id = $6
         ), line as (
           insert into order_line (order_id, cart_line_id, product_id, product_name, size,
               quantity, unit_price_cents, on_promotion)
           values ${lineValues.join(', ')}
           returning id, cart_line_id
         ), adjustment as (
           insert into order_adjustment (order_id, code, label, amount_cents, line_shares)
           select $6, a->>'code', a->>'label', (a->>'amountCents')::integer,
                  coalesce((select jsonb_agg(jsonb_build_object('orderLineId', ol.id,
                      'amountCents', (s->>'amountCents')::integer) order by sn)
                    from jsonb_array_elements(a->'shares') with ordinality as sh(s, sn)
                    join line ol on ol.cart_line_id = (s->>'cartLineId')::integer), '[]'::jsonb)
             from jsonb_array_elements($${7 + 8 * n}::jsonb) with ordinality as x(a, n)
            order by n
         ), bought as (
           update cart_line set purchased = true where id = any($${8 + 8 * n}::int[])
         )
         select id from line`,
        [
          totals.subtotalCents,
          totals.shippingCents,
          totals.discountCents,
          totals.totalCents,
          coupon?.code ?? null,
          id,
          ...lines.flatMap((l, i) => [
            id,
            l.id,
            l.product_id,
            l.name,
            l.size,
            l.quantity,
            unitPriceCents(priced[i]!),
            l.promotion,
          ]),
          JSON.stringify(
            totals.adjustments.map((a) => ({
              code: a.code,
              label: a.label,
              amountCents: a.amountCents,
              shares: a.lines.map((l) => ({
                cartLineId: lines[l.line]!.id,
                amountCents: l.amountCents,
              })),
            })),
          ),
          lines.map((l) => l.id),
        ],
      );
      totalCents = totals.totalCents;
      await client.query(
        `insert into order_event (order_id, type, payload, actor_id)
         values ($1, 'order.placed', '{}'::jsonb, $2) returning id`,
        [id, userId],
      );
      await announce(client, id);
      if (coupon) {
        // The lock the coupon's limits need: its row (a global limit), else the customer's
        // advisory lock (a per-customer limit); then the insert guarded by the counts.
        if (coupon.maxUses !== null) {
          const locked = await client.query(
            'select id from coupon where id = $1 and active for update',
            [coupon.id],
          );
          if (!locked.rows[0]) throw new BaselineError(400, 'coupon changed');
        } else if (coupon.maxUsesPerCustomer !== null && !read?.customer_locked) {
          await client.query('select pg_advisory_xact_lock($1::integer, $2::integer)', [
            coupon.id,
            userId,
          ]);
        }
        const use = await client.query(
          `insert into coupon_use (coupon_id, order_id, user_id)
           select c.id, $2, $3 from coupon c
            where c.id = $1 and c.active
              and (c.max_uses is null or (select count(*) from coupon_use u
                    where u.coupon_id = c.id and u.released_at is null) < c.max_uses)
              and (c.max_uses_per_customer is null or (select count(*) from coupon_use m
                    where m.coupon_id = c.id and m.user_id = $3 and m.released_at is null)
                  < c.max_uses_per_customer)
           returning id`,
          [coupon.id, id, userId],
        );
        if (!use.rows[0]) throw new BaselineError(400, 'coupon refused');
      }
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  // As written (the app answers with the order its transaction wrote, too); a repeated key reads
  // the first attempt's order.
  if (id !== null) return { id, status: status!, totalCents };
  const order = await pool.query<{ id: number; status: string; total_cents: number }>(
    'select id, status, total_cents from shop_order where user_id = $1 and idempotency_key = $2',
    [userId, key],
  );
  const row = order.rows[0]!;
  return { id: row.id, status: row.status, totalCents: row.total_cents };
}

/** The order's two e-mails into the outbox, from the same snapshot the shop reads. */
async function announce(client: pg.PoolClient, orderId: number): Promise<void> {
  const orders = await client.query<{
    id: number;
    created_at: Date;
    status: string;
    subtotal_cents: number;
    shipping_cents: number;
    discount_cents: number;
    total_cents: number;
    user_id: number;
    name: string;
    email: string;
    address: string | null;
    adjustments: { label: string; amountCents: number }[];
    lines: unknown[];
    admin_emails: string[];
  }>(
    `select o.id, o.created_at, o.status, o.subtotal_cents, o.shipping_cents,
            o.discount_cents, o.total_cents, o.tracking, u.id as user_id, u.name, u.email,
            ${adjustmentsColumn('o')},
            case when a.id is null then null else concat_ws(', ',
              a.street || ' ' || a.number, a.neighborhood, a.city, a.state,
              'C.P. ' || a.postal_code) end as address,
            coalesce((select jsonb_agg(jsonb_build_object('productName', l.product_name,
                'size', l.size, 'quantity', l.quantity, 'unitPriceCents', l.unit_price_cents,
                'onPromotion', l.on_promotion) order by l.id)
              from order_line l where l.order_id = o.id), '[]'::jsonb) as lines,
            array(select email from app_user where role = 'admin' and active
              order by id limit 20) as admin_emails
       from shop_order o join app_user u on u.id = o.user_id
       left join address a on a.id = o.address_id
      where o.id in ($1) order by o.id`,
    [orderId],
  );
  const o = orders.rows[0];
  if (!o) return;
  const mail = {
    id: o.id,
    createdAt: new Date(o.created_at).toISOString(),
    status: o.status,
    customerName: o.name,
    customerEmail: o.email,
    lines: o.lines,
    subtotalCents: o.subtotal_cents,
    shippingCents: o.shipping_cents,
    discountCents: o.discount_cents,
    adjustments: o.adjustments,
    totalCents: o.total_cents,
    address: o.address,
  };
  const rows = [
    {
      event_key: `order:${o.id}:order-received`,
      kind: 'order-received',
      recipient: o.email,
      order_id: o.id,
      user_id: o.user_id,
      props: { order: mail },
      secret: null,
    },
    ...o.admin_emails.map((email) => ({
      event_key: `order:${o.id}:shop-created:${email.toLowerCase()}`,
      kind: 'shop-new-order',
      recipient: email,
      order_id: o.id,
      user_id: null,
      props: { order: mail, event: 'created' },
      secret: null,
    })),
  ];
  await client.query(
    `insert into mail_outbox (event_key, kind, recipient, order_id, user_id, props, secret)
     select event_key, kind, recipient, order_id, user_id, props, secret
       from jsonb_to_recordset($1::jsonb) as m(event_key text, kind text, recipient text,
            order_id integer, user_id integer, props jsonb, secret text)
     on conflict (event_key) do nothing`,
    [JSON.stringify(rows)],
  );
}
