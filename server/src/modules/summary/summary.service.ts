import type { EntityManager } from '@mikro-orm/postgresql';
import {
  averageTicketCents,
  DEFAULT_LOW_STOCK_THRESHOLD,
  mexicoCityDayStart,
  nextDay,
  RELEASE_WINDOW_HOURS,
  summaryDays,
  summaryProblems,
  type SummaryRange,
} from '@tienda/rules';
import { type Actor, checkAccess } from '../accounts/access.js';
import { refuseFirst } from '../shared/errors.js';

/** How many rows each list of the summary answers at most (its total is answered too). */
export const SUMMARY_LIST_LIMIT = 50;
/** How many best sellers each ranking answers. */
export const BEST_SELLERS = 10;

/** The figures of paid orders over some days. */
export interface SalesFigures {
  orders: number;
  units: number;
  revenueCents: number;
  averageTicketCents: number;
  discountCents: number;
}

export interface SalesDay extends SalesFigures {
  /** The Mexico City day, 'YYYY-MM-DD'. */
  day: string;
}

export interface BestSeller {
  /** null: a product deleted since (its lines keep its name). */
  productId: number | null;
  name: string;
  units: number;
  /** Units × the unit price each line was sold at, before the order's discounts. */
  revenueCents: number;
}

export interface LowStockSize {
  productId: number;
  name: string;
  size: string;
  quantity: number;
}

export interface ReleasingOrder {
  orderId: number;
  customerName: string;
  totalCents: number;
  placedAt: Date;
  /** When the order reaches its hold; the sweep (every 10 minutes) releases it then. */
  releasesAt: Date;
}

export interface CouponUses {
  code: string;
  /** Uses taken in the range and not given back. */
  uses: number;
  /** What the coupon took off those orders (its COUPON or FREE_SHIPPING adjustments). */
  discountCents: number;
}

export interface SalesSummary {
  from: string;
  to: string;
  totals: SalesFigures;
  /** Every day of the range, in order, days without sales at zero. */
  days: SalesDay[];
  bestSellersByUnits: BestSeller[];
  bestSellersByRevenue: BestSeller[];
  lowStockThreshold: number;
  lowStockTotal: number;
  /** The first SUMMARY_LIST_LIMIT, fewest units first. */
  lowStock: LowStockSize[];
  releasingTotal: number;
  releasingTotalCents: number;
  /** The first SUMMARY_LIST_LIMIT, soonest first. */
  releasing: ReleasingOrder[];
  couponUses: CouponUses[];
}

/**
 * Paid orders per Mexico City day, from the pre-aggregate the triggers of
 * Migration20261127120000Summary keep (an order counts on the day its payment was approved,
 * `shop_order.paid_at`, while it is paid, shipped or delivered): at most 366 rows.
 */
const DAYS_SQL = `
  select to_char(day, 'YYYY-MM-DD') as day, orders, units, revenue_cents as revenue,
         discount_cents as discounts
    from sales_day
   where day between ?::date and ?::date and orders <> 0
   order by day`;

/**
 * The products of the paid orders' lines, by units and by revenue (units × unit price), from the
 * per-day pre-aggregate: the first BEST_SELLERS of each ranking, in one statement. A product's
 * name is its current one; a deleted product's lines (product 0) group by the name they kept.
 */
const BEST_SELLERS_SQL = `
  with g as (
    select product_id, gone_name, sum(units)::bigint as units, sum(revenue_cents)::bigint as revenue
      from sales_day_product
     where day between ?::date and ?::date
     group by product_id, gone_name
    having sum(units) > 0
  ), r as (
    select g.*,
           row_number() over (order by units desc, revenue desc, nullif(product_id, 0) nulls last, gone_name) as by_units,
           row_number() over (order by revenue desc, units desc, nullif(product_id, 0) nulls last, gone_name) as by_revenue
      from g
  )
  select nullif(r.product_id, 0) as product_id, coalesce(p.name, r.gone_name) as name, r.units,
         r.revenue, r.by_units, r.by_revenue
    from r left join product p on p.id = r.product_id
   where r.by_units <= ? or r.by_revenue <= ?`;

/** Uses taken in the range and still held, per code, with the coupon's adjustments on them. */
const COUPONS_SQL = `
  select c.code, count(*)::int as uses,
         coalesce(sum((select sum(a.amount_cents) from order_adjustment a
                        where a.order_id = cu.order_id and a.code in ('COUPON', 'FREE_SHIPPING'))), 0)::bigint
           as discounts
    from coupon_use cu join coupon c on c.id = cu.coupon_id
   where cu.taken_at >= ? and cu.taken_at < ? and cu.released_at is null
   group by c.code order by uses desc, c.code`;

/** Sizes of the products the shop shows with this many units or fewer (catalogue's tables). */
const LOW_STOCK_SQL = `
  select s.product_id, p.name, s.size, s.quantity, count(*) over ()::int as total
    from product_stock s join product p on p.id = s.product_id
   where p.hidden_at is null and s.quantity <= ?
   order by s.quantity, p.name, s.product_id, s.position
   limit ?`;

/**
 * Unpaid orders the sweep (orders/unpaid-orders.ts) releases within RELEASE_WINDOW_HOURS: still
 * 'En espera de pago' and placed before now − hold + window (those already past their hold go at
 * the sweep's next run).
 */
const RELEASING_SQL = `
  with due as (
    select id, user_id, total_cents, created_at from shop_order
     where status = 'En espera de pago'
       and created_at < now() - make_interval(hours => ?) + make_interval(hours => ?)
  ), firsts as (
    select * from due order by created_at, id limit ?
  )
  select f.id, u.name, f.total_cents, f.created_at,
         f.created_at + make_interval(hours => ?) as releases_at,
         (select count(*) from due)::int as total,
         (select coalesce(sum(total_cents), 0) from due)::bigint as all_cents
    from firsts f join app_user u on u.id = f.user_id
   order by f.created_at, f.id`;

interface DayRow {
  day: string;
  orders: number;
  units: string | number;
  revenue: string | number;
  discounts: string | number;
}

interface BestRow {
  product_id: number | null;
  name: string;
  units: string | number;
  revenue: string | number;
  by_units: string | number;
  by_revenue: string | number;
}

const figures = (
  orders: number,
  units: number,
  revenueCents: number,
  discountCents: number,
): SalesFigures => ({
  orders,
  units,
  revenueCents,
  averageTicketCents: averageTicketCents(revenueCents, orders),
  discountCents,
});

/**
 * 'Resumen', the owner's home screen: for a range of Mexico City days, the paid orders, units,
 * revenue, average ticket and discounts (per day and in all), the best sellers, the sizes at or
 * under the low-stock threshold, the unpaid orders the sweep releases in the next 24 hours and
 * the coupons' uses. Read only; five statements whatever the number of orders, the sales
 * from the per-day pre-aggregate.
 */
export class SummaryService {
  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor,
    /** ORDER_PAYMENT_HOLD_HOURS: how long the sweep waits for a payment. */
    private readonly holdHours: number,
  ) {}

  async summary(
    range: SummaryRange,
    lowStockThreshold: number = DEFAULT_LOW_STOCK_THRESHOLD,
  ): Promise<SalesSummary> {
    checkAccess(this.actor.user, 'admin');
    refuseFirst(summaryProblems(range, lowStockThreshold));
    const start = mexicoCityDayStart(range.from);
    const end = mexicoCityDayStart(nextDay(range.to));

    const dayRows = await this.em.execute<DayRow[]>(DAYS_SQL, [range.from, range.to]);
    const bestRows = await this.em.execute<BestRow[]>(BEST_SELLERS_SQL, [
      range.from,
      range.to,
      BEST_SELLERS,
      BEST_SELLERS,
    ]);
    const couponRows = await this.em.execute<
      { code: string; uses: number; discounts: string | number }[]
    >(COUPONS_SQL, [start, end]);
    const lowRows = await this.em.execute<
      { product_id: number; name: string; size: string; quantity: number; total: number }[]
    >(LOW_STOCK_SQL, [lowStockThreshold, SUMMARY_LIST_LIMIT]);
    const releasingRows = await this.em.execute<
      {
        id: number;
        name: string;
        total_cents: number;
        created_at: Date | string;
        releases_at: Date | string;
        total: number;
        all_cents: string | number;
      }[]
    >(RELEASING_SQL, [this.holdHours, RELEASE_WINDOW_HOURS, SUMMARY_LIST_LIMIT, this.holdHours]);

    const byDay = new Map(dayRows.map((r) => [r.day, r]));
    const days = summaryDays(range).map((day): SalesDay => {
      const r = byDay.get(day);
      return {
        day,
        ...(r
          ? figures(r.orders, Number(r.units), Number(r.revenue), Number(r.discounts))
          : figures(0, 0, 0, 0)),
      };
    });
    const sum = (pick: (d: SalesDay) => number) => days.reduce((acc, d) => acc + pick(d), 0);
    const totals = figures(
      sum((d) => d.orders),
      sum((d) => d.units),
      sum((d) => d.revenueCents),
      sum((d) => d.discountCents),
    );

    const best = bestRows.map((r) => ({
      seller: {
        productId: r.product_id,
        name: r.name,
        units: Number(r.units),
        revenueCents: Number(r.revenue),
      },
      byUnits: Number(r.by_units),
      byRevenue: Number(r.by_revenue),
    }));
    const ranking = (rank: (b: (typeof best)[number]) => number) =>
      best
        .filter((b) => rank(b) <= BEST_SELLERS)
        .sort((a, b) => rank(a) - rank(b))
        .map((b) => b.seller);

    const first = releasingRows[0];
    return {
      from: range.from,
      to: range.to,
      totals,
      days,
      bestSellersByUnits: ranking((b) => b.byUnits),
      bestSellersByRevenue: ranking((b) => b.byRevenue),
      lowStockThreshold,
      lowStockTotal: lowRows[0]?.total ?? 0,
      lowStock: lowRows.map((r) => ({
        productId: r.product_id,
        name: r.name,
        size: r.size,
        quantity: r.quantity,
      })),
      releasingTotal: first?.total ?? 0,
      releasingTotalCents: Number(first?.all_cents ?? 0),
      releasing: releasingRows.map((r) => ({
        orderId: r.id,
        customerName: r.name,
        totalCents: r.total_cents,
        placedAt: new Date(r.created_at),
        releasesAt: new Date(r.releases_at),
      })),
      couponUses: couponRows.map((r) => ({
        code: r.code,
        uses: r.uses,
        discountCents: Number(r.discounts),
      })),
    };
  }
}
