/**
 * 'Resumen' counted the slow, obvious way, for server/test/admin-summary.test.ts and
 * bench/summary.ts: from the payments (not `shop_order.paid_at` nor its index), the adjustments
 * (not `discount_cents`), every order line, and Mexico City days as PostgreSQL's own time zone
 * rules give them (not the instants the service computes). An order is paid when it is paid,
 * shipped or delivered with an approved payment; it counts on the day of its latest one.
 */

/** Runs SQL with positional parameters ($1, $2…) and answers its rows. */
export type Query = <T>(sql: string, params: unknown[]) => Promise<T[]>;

export interface BruteFigures {
  orders: number;
  units: number;
  revenueCents: number;
  averageTicketCents: number;
  discountCents: number;
}

export interface BruteSummary {
  totals: BruteFigures;
  days: (BruteFigures & { day: string })[];
  bestSellersByUnits: {
    productId: number | null;
    name: string;
    units: number;
    revenueCents: number;
  }[];
  bestSellersByRevenue: BruteSummary['bestSellersByUnits'];
  lowStockTotal: number;
  lowStock: { productId: number; name: string; size: string; quantity: number }[];
  releasingTotal: number;
  releasingTotalCents: number;
  releasing: { orderId: number; totalCents: number }[];
  couponUses: { code: string; uses: number; discountCents: number }[];
}

const PAID = `
  select o.id, o.total_cents,
         (max(p.approved_at) at time zone 'America/Mexico_City')::date as day
    from shop_order o join payment p on p.order_id = o.id and p.state = 'approved'
   where o.status in ('Pagado', 'Pagado por mercadopago', 'Enviado', 'Entregado')
   group by o.id`;

export async function bruteForceSummary(
  query: Query,
  range: { from: string; to: string },
  options: { lowStockThreshold: number; holdHours: number },
): Promise<BruteSummary> {
  const dayRows = await query<{
    day: string;
    orders: string;
    units: string;
    revenue: string;
    discounts: string;
  }>(
    `select to_char(x.day, 'YYYY-MM-DD') as day, count(*) as orders,
            sum((select coalesce(sum(l.quantity), 0) from order_line l where l.order_id = x.id)) as units,
            sum(x.total_cents) as revenue,
            sum((select coalesce(sum(a.amount_cents), 0) from order_adjustment a
                  where a.order_id = x.id)) as discounts
       from (${PAID}) x
      where x.day between $1::date and $2::date
      group by x.day order by x.day`,
    [range.from, range.to],
  );
  const figures = (orders: number, units: number, revenue: number, discounts: number) => ({
    orders,
    units,
    revenueCents: revenue,
    averageTicketCents: orders === 0 ? 0 : Math.round(revenue / orders),
    discountCents: discounts,
  });
  const days = dayRows.map((r) => ({
    day: r.day,
    ...figures(Number(r.orders), Number(r.units), Number(r.revenue), Number(r.discounts)),
  }));
  const [all] = await query<{ orders: string; units: string; revenue: string; discounts: string }>(
    `select count(*) as orders,
            coalesce(sum((select sum(l.quantity) from order_line l where l.order_id = x.id)), 0) as units,
            coalesce(sum(x.total_cents), 0) as revenue,
            coalesce(sum((select coalesce(sum(a.amount_cents), 0) from order_adjustment a
                           where a.order_id = x.id)), 0) as discounts
       from (${PAID}) x where x.day between $1::date and $2::date`,
    [range.from, range.to],
  );

  // Every product sold in the range, then ranked in JavaScript.
  const products = await query<{
    product_id: number | null;
    name: string;
    units: string;
    revenue: string;
  }>(
    `select l.product_id, coalesce(min(p.name), min(l.product_name)) as name,
            sum(l.quantity) as units, sum(l.quantity::bigint * l.unit_price_cents) as revenue
       from (${PAID}) x join order_line l on l.order_id = x.id
       left join product p on p.id = l.product_id
      where x.day between $1::date and $2::date
      group by l.product_id, case when l.product_id is null then l.product_name end`,
    [range.from, range.to],
  );
  const sold = products.map((r) => ({
    productId: r.product_id,
    name: r.name,
    units: Number(r.units),
    revenueCents: Number(r.revenue),
    lineName: r.name,
  }));
  const byId = (a: (typeof sold)[number], b: (typeof sold)[number]) =>
    (a.productId ?? Infinity) - (b.productId ?? Infinity) ||
    (a.lineName < b.lineName ? -1 : a.lineName > b.lineName ? 1 : 0);
  const strip = ({ productId, name, units, revenueCents }: (typeof sold)[number]) => ({
    productId,
    name,
    units,
    revenueCents,
  });
  const bestSellersByUnits = [...sold]
    .sort((a, b) => b.units - a.units || b.revenueCents - a.revenueCents || byId(a, b))
    .slice(0, 10)
    .map(strip);
  const bestSellersByRevenue = [...sold]
    .sort((a, b) => b.revenueCents - a.revenueCents || b.units - a.units || byId(a, b))
    .slice(0, 10)
    .map(strip);

  const low = await query<{ product_id: number; name: string; size: string; quantity: number }>(
    `select s.product_id, p.name, s.size, s.quantity
       from product_stock s join product p on p.id = s.product_id
      where p.hidden_at is null and s.quantity <= $1
      order by s.quantity, p.name, s.product_id, s.position`,
    [options.lowStockThreshold],
  );

  const releasing = await query<{ id: number; total_cents: number }>(
    `select id, total_cents from shop_order
      where status = 'En espera de pago'
        and created_at + make_interval(hours => $1) < now() + interval '24 hours'
      order by created_at, id`,
    [options.holdHours],
  );

  const coupons = await query<{ code: string; uses: string; discounts: string }>(
    `select c.code, count(*) as uses,
            coalesce(sum((select sum(a.amount_cents) from order_adjustment a
                           where a.order_id = u.order_id and a.code in ('COUPON', 'FREE_SHIPPING'))), 0)
              as discounts
       from coupon_use u join coupon c on c.id = u.coupon_id
      where u.released_at is null
        and (u.taken_at at time zone 'America/Mexico_City')::date between $1::date and $2::date
      group by c.code order by count(*) desc, c.code`,
    [range.from, range.to],
  );

  return {
    totals: figures(
      Number(all!.orders),
      Number(all!.units),
      Number(all!.revenue),
      Number(all!.discounts),
    ),
    days,
    bestSellersByUnits,
    bestSellersByRevenue,
    lowStockTotal: low.length,
    lowStock: low.slice(0, 50).map((r) => ({
      productId: r.product_id,
      name: r.name,
      size: r.size,
      quantity: r.quantity,
    })),
    releasingTotal: releasing.length,
    releasingTotalCents: releasing.reduce((s, r) => s + r.total_cents, 0),
    releasing: releasing.slice(0, 50).map((r) => ({ orderId: r.id, totalCents: r.total_cents })),
    couponUses: coupons.map((r) => ({
      code: r.code,
      uses: Number(r.uses),
      discountCents: Number(r.discounts),
    })),
  };
}
