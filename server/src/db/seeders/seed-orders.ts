import type { EntityManager } from '@mikro-orm/postgresql';
import { withTransaction } from '../../modules/shared/transaction.js';

export interface SeedOrdersOptions {
  /** Orders to add. */
  orders: number;
  /** New customers to add; the orders are spread over them. */
  customers: number;
  /** The orders are placed over this many days up to now. */
  days?: number;
  /** ORDER_PAYMENT_HOLD_HOURS: orders younger than this may still wait for payment. */
  holdHours?: number;
  /** Fixes PostgreSQL's random() for the run (0 ≤ seed < 2³¹). */
  seed?: number;
}

export interface SeededOrders {
  customers: number;
  orders: number;
  lines: number;
}

/**
 * Adds customers and orders with their lines, adjustments, payments and coupon uses, in a few
 * set-based statements (generate_series, not row by row: 200,000 orders take seconds), for the
 * 'Resumen' benchmark and tests. Over the visible products' sizes, the popular ones more often;
 * 1–3 lines of 1–3 units; the bulk discount ($50 per unit not on promotion from 6 units) and, on
 * about one order in ten, the coupon 'HOTSALE' (10 % of the goods after it) or, one in thirty,
 * 'ENVIOGRATIS' (the $220 shipping), as adjustments. Orders past the payment hold are paid,
 * shipped or delivered, or cancelled (their coupon use given back); younger ones may still wait.
 * A paid order has its approved payment at its `paid_at`, within 12 hours of being placed.
 * Stock is not taken: the orders are history, not sales of today's stock.
 */
export async function seedOrders(
  em: EntityManager,
  options: SeedOrdersOptions,
): Promise<SeededOrders> {
  const days = options.days ?? 365;
  const holdHours = options.holdHours ?? 72;
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return withTransaction(em, async (tx) => {
    if (options.seed !== undefined) {
      await tx.execute('select setseed(?)', [(options.seed % 2 ** 31) / 2 ** 31]);
    }
    await tx.execute(`
      create temp table seed_sku on commit drop as
      select row_number() over (order by p.id, s.position)::int as n, p.id as product_id,
             p.name, s.size, p.unit_price_cents as price, p.promotion as on_promotion
        from product p join product_stock s on s.product_id = p.id
       where p.hidden_at is null`);
    const [skus] = await tx.execute<{ count: number }[]>(
      'select count(*)::int as count from seed_sku',
    );
    const skuCount = skus?.count ?? 0;
    if (skuCount === 0) throw new Error('No hay productos: agrega productos antes de los pedidos');

    const [users] = await tx.execute<{ first: number | null }[]>(
      `with ins as (
         insert into app_user (name, email, role, created_at)
         select 'Cliente ' || g || ' ' || ?, 'cliente' || g || '.' || ? || '@seed.tienda.mx', 'user',
                now() - make_interval(days => ?)
           from generate_series(1, ?) g order by g
         returning id)
       select min(id) as first from ins`,
      [tag, tag, days + 1, options.customers],
    );
    const firstUser = users?.first ?? 0;

    await tx.execute(`
      insert into coupon (code, kind, value, non_promotional_only)
      values ('HOTSALE', 'PERCENTAGE', 10, false), ('ENVIOGRATIS', 'FREE_SHIPPING', 0, false)
      on conflict ((upper(code))) do nothing`);

    // Each order: its id, customer, time (in id order, as a shop's orders come), lines and what
    // happens to it.
    await tx.execute(
      `create temp table seed_order on commit drop as
       select nextval('shop_order_id_seq')::int as id,
              ? + floor(random() * ?)::int as user_id,
              now() - make_interval(days => ?) * (1 - (g - random()) / ?) as created_at,
              1 + floor(random() * 3)::int as lines,
              random() as r_status, random() as r_coupon, random() as r_pay
         from generate_series(1, ?) g`,
      [firstUser, options.customers, days, options.orders, options.orders],
    );
    await tx.execute(
      `alter table seed_order add column status text, add column paid_at timestamptz`,
    );
    await tx.execute(
      `update seed_order set status = case
         when created_at > now() - make_interval(hours => ?) and r_status < 0.5 then 'En espera de pago'
         when created_at <= now() - make_interval(hours => ?) and r_status < 0.15
           then 'Cancelado por falta de pago'
         when r_pay < 0.3 then 'Pagado por mercadopago'
         when r_pay < 0.55 then 'Pagado'
         when r_pay < 0.75 then 'Enviado'
         else 'Entregado' end`,
      [holdHours, holdHours],
    );
    await tx.execute(
      `update seed_order set paid_at = least(now(), created_at + r_pay * interval '12 hours')
        where status in ('Pagado', 'Pagado por mercadopago', 'Enviado', 'Entregado')`,
    );

    // Placed unpaid first: the sales pre-aggregate's trigger reads an order's lines and totals
    // when it is paid (below), as it does for the shop's own orders.
    await tx.execute(
      `insert into shop_order (id, user_id, subtotal_cents, shipping_cents, discount_cents,
                               total_cents, status, created_at, updated_at)
       select id, user_id, 0, 22000, 0, 0, 'En espera de pago', created_at,
              coalesce(paid_at, created_at)
         from seed_order order by id`,
    );
    // Popular sizes more often: the square of a uniform draw leans towards the first ones.
    await tx.execute(
      `insert into order_line (order_id, product_id, product_name, size, quantity,
                               unit_price_cents, on_promotion)
       select o.id, s.product_id, s.name, s.size, x.quantity, s.price, s.on_promotion
         from seed_order o
         cross join lateral (
           select 1 + floor(power(random(), 2) * ?)::int as pick,
                  1 + floor(random() * 3)::int as quantity, o.id as order_id
             from generate_series(1, o.lines)) x
         join seed_sku s on s.n = x.pick
        order by o.id`,
      [skuCount],
    );

    // The order's figures: goods, the bulk discount, the coupon, the total.
    await tx.execute(
      `create temp table seed_total on commit drop as
       select o.id, o.user_id, o.created_at, o.status, o.r_coupon, l.goods, l.bulk,
              case when o.r_coupon < 0.1 then 'HOTSALE'
                   when o.r_coupon < 0.133 then 'ENVIOGRATIS' end as coupon,
              case when o.r_coupon < 0.1 then (l.goods - l.bulk) / 10
                   when o.r_coupon < 0.133 then 22000 else 0 end as coupon_cents
         from seed_order o
         join (select order_id, sum(quantity * unit_price_cents)::int as goods,
                      case when sum(quantity) filter (where not on_promotion) >= 6
                           then 5000 * sum(quantity) filter (where not on_promotion)
                           else 0 end::int as bulk
                 from order_line where order_id >= (select min(id) from seed_order)
                group by order_id) l on l.order_id = o.id`,
    );
    await tx.execute(
      `update shop_order o set subtotal_cents = t.goods,
              discount_cents = t.bulk + t.coupon_cents,
              total_cents = t.goods + 22000 - t.bulk - t.coupon_cents,
              coupon_code = t.coupon
         from seed_total t where o.id = t.id`,
    );
    // Then paid (at their own time), shipped, delivered or cancelled, with lines and totals.
    await tx.execute(
      `update shop_order o set status = s.status, paid_at = s.paid_at
         from seed_order s
        where o.id = s.id and s.status <> 'En espera de pago'`,
    );
    await tx.execute(
      `insert into order_adjustment (order_id, code, label, amount_cents)
       select id, 'BULK_DISCOUNT', 'Descuento por mayoreo', bulk from seed_total where bulk > 0
       union all
       select id, case coupon when 'HOTSALE' then 'COUPON' else 'FREE_SHIPPING' end,
              case coupon when 'HOTSALE' then 'Cupón HOTSALE' else 'Envío gratis' end, coupon_cents
         from seed_total where coupon is not null and coupon_cents > 0
       order by 1`,
    );
    await tx.execute(
      `insert into coupon_use (coupon_id, order_id, user_id, taken_at, released_at)
       select c.id, t.id, t.user_id, t.created_at,
              case when t.status = 'Cancelado por falta de pago'
                   then t.created_at + make_interval(hours => ?) end
         from seed_total t join coupon c on upper(c.code) = t.coupon
        order by t.id`,
      [holdHours],
    );
    await tx.execute(
      `insert into payment (order_id, method, amount_cents, state, created_at, updated_at,
                            approved_at)
       select o.id, case o.status when 'Pagado por mercadopago' then 'mercadopago' else 'transfer' end,
              s.total_cents, 'approved', o.paid_at, o.paid_at, o.paid_at
         from seed_order o join shop_order s on s.id = o.id
        where o.paid_at is not null order by o.id`,
    );
    const [lines] = await tx.execute<{ count: number }[]>(
      `select count(*)::int as count from order_line
        where order_id >= (select min(id) from seed_order)`,
    );
    return { customers: options.customers, orders: options.orders, lines: lines?.count ?? 0 };
  });
}
