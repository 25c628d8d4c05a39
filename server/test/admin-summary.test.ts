import pg from 'pg';
import {
  addDays,
  mexicoCityDay,
  SUMMARY_MESSAGES,
  summaryPresetRange,
  type SummaryPreset,
} from '@tienda/rules';
import { seedOrders } from '../src/db/seeders/seed-orders.js';
import { shopWith, type HttpClient } from './support/app.js';
import { testDatabaseUrl } from './support/db.js';
import { createUsers } from './support/fixtures.js';
import { bruteForceSummary, type Query } from './support/summary-brute-force.js';

/**
 * Issue 26 item 2, 'Resumen': for a range of Mexico City days, the paid orders, units, revenue,
 * average ticket and discounts (per day and in all), the best sellers by units and by revenue,
 * the sizes at or under a low-stock threshold, the unpaid orders the sweep releases in the next
 * 24 hours and the coupons' uses; GraphQL `adminSummary` and REST `GET /api/admin/resumen`.
 * Every figure is compared with the brute-force SQL of support/summary-brute-force.ts (payments,
 * adjustments, every line) over a seeded set of a few thousand orders (the 200,000-order run is
 * bench/summary.ts).
 */
const shop = shopWith(
  [
    { name: 'Tenis Nike 1 Blanco', price: 1200, stock: { '25': 1, '26': 8, '27': 2 } },
    { name: 'Playera Adidas 2 Negro', price: 350, stock: { S: 0, M: 30, L: 5 } },
    { name: 'Pantalón Levis 3 Azul', price: 900, promo: 700, stock: { '30': 3 } },
    { name: 'Gorra Puma 4 Rojo', price: 250, stock: { Única: 40 } },
    { name: 'Sudadera Nike 5 Gris', price: 800, stock: { M: 2, L: 12 } },
  ],
  { rateLimits: false },
);

const PASSWORD = 'Clave12345';
const HOLD_HOURS = 72;
let admin: HttpClient;
let customer: HttpClient;
let customerId = 0;
const db = () => shop.orm.em.fork();
let pool: pg.Pool;
const query: Query = async <T>(sql: string, params: unknown[]) =>
  (await pool.query(sql, params)).rows as T[];

async function signIn(email: string): Promise<HttpClient> {
  const client = shop.app.client();
  const res = await client.post('/api/auth/login', { email, password: PASSWORD });
  expect(res.status).toBe(200);
  return client;
}

const SUMMARY = `query S($from: String!, $to: String!, $t: Int) {
  adminSummary(from: $from, to: $to, lowStockThreshold: $t) {
    from to
    totals { orders units revenueCents averageTicketCents discountCents }
    days { day orders units revenueCents averageTicketCents discountCents }
    bestSellersByUnits { productId name units revenueCents }
    bestSellersByRevenue { productId name units revenueCents }
    lowStockThreshold lowStockTotal lowStock { productId name size quantity }
    releasingTotal releasingTotalCents releasing { orderId customerName totalCents placedAt releasesAt }
    couponUses { code uses discountCents }
  } }`;

interface Figures {
  orders: number;
  units: number;
  revenueCents: number;
  averageTicketCents: number;
  discountCents: number;
}
interface Summary {
  from: string;
  to: string;
  totals: Figures;
  days: (Figures & { day: string })[];
  bestSellersByUnits: {
    productId: number | null;
    name: string;
    units: number;
    revenueCents: number;
  }[];
  bestSellersByRevenue: Summary['bestSellersByUnits'];
  lowStockThreshold: number;
  lowStockTotal: number;
  lowStock: { productId: number; name: string; size: string; quantity: number }[];
  releasingTotal: number;
  releasingTotalCents: number;
  releasing: {
    orderId: number;
    customerName: string;
    totalCents: number;
    placedAt: string;
    releasesAt: string;
  }[];
  couponUses: { code: string; uses: number; discountCents: number }[];
}

async function summary(from: string, to: string, t?: number) {
  const res = await admin.gql<{ adminSummary: Summary }>(SUMMARY, { from, to, t });
  return res;
}

/** The service's answer against the brute force, figure by figure. */
async function expectBruteForce(from: string, to: string, threshold = 2) {
  const res = await summary(from, to, threshold);
  expect(res.errors).toBeUndefined();
  const got = res.data!.adminSummary;
  const want = await bruteForceSummary(
    query,
    { from, to },
    { lowStockThreshold: threshold, holdHours: HOLD_HOURS },
  );
  expect(got.totals).toEqual(want.totals);
  expect(got.days.filter((d) => d.orders > 0)).toEqual(want.days);
  expect(got.days.filter((d) => d.orders === 0).every((d) => d.revenueCents === 0)).toBe(true);
  expect(got.bestSellersByUnits).toEqual(want.bestSellersByUnits);
  expect(got.bestSellersByRevenue).toEqual(want.bestSellersByRevenue);
  expect(got.lowStockTotal).toBe(want.lowStockTotal);
  expect(got.lowStock).toEqual(want.lowStock);
  expect(got.releasingTotal).toBe(want.releasingTotal);
  expect(got.releasingTotalCents).toBe(want.releasingTotalCents);
  expect(got.releasing.map((r) => ({ orderId: r.orderId, totalCents: r.totalCents }))).toEqual(
    want.releasing,
  );
  expect(got.couponUses).toEqual(want.couponUses);
  return got;
}

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 2 });
  const [lucia] = await createUsers(db(), [
    { name: 'Lucía Pérez', email: 'lucia@example.com', password: PASSWORD },
    { email: 'admin@example.com', password: PASSWORD, role: 'admin' },
  ]);
  customerId = lucia!;
  admin = await signIn('admin@example.com');
  customer = await signIn('lucia@example.com');
});

afterAll(async () => {
  await pool.end();
});

const ADD = `mutation A($p: Int!, $s: String!, $q: Int!) {
  addToCart(productId: $p, size: $s, quantity: $q) { itemCount } }`;
const CHECKOUT = `mutation C($a: Int!, $k: String!) {
  checkout(addressId: $a, idempotencyKey: $k) { id totalCents } }`;
const UPDATE = `mutation U($id: Int!, $input: UpdateOrderInput!) {
  updateOrder(id: $id, input: $input) { id status } }`;
let n = 0;

async function checkout(productId: number, size: string, quantity: number) {
  n += 1;
  expect((await customer.gql(ADD, { p: productId, s: size, q: quantity })).errors).toBeUndefined();
  const [address] = await db().execute<{ id: number }[]>(
    `insert into address (user_id, first_name, last_name, street, number, neighborhood,
        postal_code, city, state, "references", phone)
      values (?, 'Lucía', 'Pérez', 'Reforma', '10', 'Centro', '06000', 'CDMX', 'CDMX', 'Portón', '5512345678')
      returning id`,
    [customerId],
  );
  const res = await customer.gql<{ checkout: { id: number; totalCents: number } }>(CHECKOUT, {
    a: address!.id,
    k: `resumen-${n}-${Date.now()}`,
  });
  expect(res.errors).toBeUndefined();
  return res.data!.checkout;
}

const update = async (id: number, input: Record<string, unknown>) => {
  const res = await admin.gql(UPDATE, { id, input });
  expect(res.errors).toBeUndefined();
};

describe('an order counts on the Mexico City day its payment was approved', () => {
  const today = () => mexicoCityDay(new Date());

  test('paid counts; unpaid, cancelled and shipped without payment do not; reactivated as paid counts again', async () => {
    const before = (await summary(today(), today())).data!.adminSummary.totals;
    const paid = await checkout(4, 'Única', 2);
    const unpaid = await checkout(4, 'Única', 1);
    const shippedUnpaid = await checkout(2, 'M', 1);
    expect((await summary(today(), today())).data!.adminSummary.totals).toEqual(before);

    await update(paid.id, { status: 'PAID' });
    await update(shippedUnpaid.id, {
      status: 'SHIPPED',
      tracking: 'EST-1',
      overrideReason: 'Pagó en efectivo en tienda',
    });
    const afterPaid = (await summary(today(), today())).data!.adminSummary.totals;
    expect(afterPaid.orders).toBe(before.orders + 1);
    expect(afterPaid.units).toBe(before.units + 2);
    expect(afterPaid.revenueCents).toBe(before.revenueCents + paid.totalCents);
    // paid_at is the payment's approval, to the microsecond.
    const [row] = await db().execute<{ same: boolean }[]>(
      `select o.paid_at = p.approved_at as same from shop_order o join payment p on p.order_id = o.id
        where o.id = ?`,
      [paid.id],
    );
    expect(row!.same).toBe(true);

    await update(paid.id, { status: 'CANCELLED_UNPAID' });
    expect((await summary(today(), today())).data!.adminSummary.totals).toEqual(before);
    await update(paid.id, { status: 'PAID' });
    expect((await summary(today(), today())).data!.adminSummary.totals.orders).toBe(
      before.orders + 1,
    );
    await update(paid.id, { status: 'SHIPPED', tracking: 'EST-2' });
    expect((await summary(today(), today())).data!.adminSummary.totals.orders).toBe(
      before.orders + 1,
    );
    expect(unpaid.id).toBeGreaterThan(0);
    await expectBruteForce(today(), today());
  });

  test('a payment at 23:59:59 belongs to that day there, one at 00:00 to the next (UTC−6)', async () => {
    for (const at of ['2025-03-02T05:59:59.999Z', '2025-03-02T06:00:00Z']) {
      const [o] = await db().execute<{ id: number }[]>(
        `insert into shop_order (user_id, subtotal_cents, shipping_cents, discount_cents,
            total_cents, status, created_at)
          values (?, 25000, 22000, 0, 47000, 'En espera de pago', ?) returning id`,
        [customerId, at],
      );
      await db().execute(
        `insert into order_line (order_id, product_id, product_name, size, quantity,
            unit_price_cents, on_promotion) values (?, 4, 'Gorra Puma 4 Rojo', 'Única', 1, 25000, false)`,
        [o!.id],
      );
      await db().execute(`update shop_order set status = 'Pagado', paid_at = ? where id = ?`, [
        at,
        o!.id,
      ]);
      await db().execute(
        `insert into payment (order_id, method, amount_cents, state, approved_at)
          values (?, 'transfer', 47000, 'approved', ?)`,
        [o!.id, at],
      );
    }
    const first = await expectBruteForce('2025-03-01', '2025-03-01');
    expect(first.totals.orders).toBe(1);
    expect(first.days).toEqual([
      {
        day: '2025-03-01',
        orders: 1,
        units: 1,
        revenueCents: 47000,
        averageTicketCents: 47000,
        discountCents: 0,
      },
    ]);
    const both = await expectBruteForce('2025-03-01', '2025-03-02');
    expect(both.days.map((d) => d.orders)).toEqual([1, 1]);
    expect(both.totals.averageTicketCents).toBe(47000);
  });
});

describe('every figure against brute-force SQL over a few thousand seeded orders', () => {
  beforeAll(async () => {
    await seedOrders(db(), {
      orders: 3000,
      customers: 150,
      days: 75,
      holdHours: HOLD_HOURS,
      seed: 7,
    });
  }, 120_000);

  const presets: SummaryPreset[] = ['TODAY', 'LAST_7_DAYS', 'LAST_30_DAYS', 'THIS_MONTH'];
  test.each(presets)('the %s range', async (preset) => {
    const { from, to } = summaryPresetRange(preset, new Date());
    const got = await expectBruteForce(from, to);
    if (preset === 'LAST_30_DAYS') {
      expect(got.totals.orders).toBeGreaterThan(500);
      expect(got.couponUses.map((c) => c.code).sort()).toEqual(['ENVIOGRATIS', 'HOTSALE']);
      expect(got.days).toHaveLength(30);
    }
  });

  test('a custom range of 90 days, a range without orders, and other thresholds', async () => {
    const to = mexicoCityDay(new Date());
    await expectBruteForce(addDays(to, -89), to, 0);
    await expectBruteForce(addDays(to, -89), to, 30);
    const empty = await expectBruteForce('2024-01-01', '2024-01-31', 5);
    expect(empty.totals).toEqual({
      orders: 0,
      units: 0,
      revenueCents: 0,
      averageTicketCents: 0,
      discountCents: 0,
    });
    expect(empty.days).toHaveLength(31);
  });

  test('the unpaid orders the sweep releases within 24 hours, soonest first, with when', async () => {
    const got = (await summary(mexicoCityDay(new Date()), mexicoCityDay(new Date()))).data!
      .adminSummary;
    expect(got.releasingTotal).toBeGreaterThan(0);
    const now = Date.now();
    for (const r of got.releasing) {
      const releasesAt = Date.parse(r.releasesAt);
      expect(releasesAt - Date.parse(r.placedAt)).toBe(HOLD_HOURS * 3_600_000);
      expect(releasesAt).toBeLessThan(now + 24 * 3_600_000);
    }
    const times = got.releasing.map((r) => r.releasesAt);
    expect([...times].sort()).toEqual(times);
  });

  test('five SQL statements whatever the number of orders', async () => {
    const to = mexicoCityDay(new Date());
    const res = await summary(addDays(to, -29), to);
    expect(res.queries).toBeLessThanOrEqual(6);
  });

  test('REST GET /api/admin/resumen answers the same figures in pesos', async () => {
    const { from, to } = summaryPresetRange('LAST_30_DAYS', new Date());
    const g = (await summary(from, to, 3)).data!.adminSummary;
    const res = await admin.get(`/api/admin/resumen?desde=${from}&hasta=${to}&umbral=3`);
    expect(res.status).toBe(200);
    expect(res.body.totales).toEqual({
      pedidos: g.totals.orders,
      unidades: g.totals.units,
      ingresos: g.totals.revenueCents / 100,
      ticketPromedio: g.totals.averageTicketCents / 100,
      descuentos: g.totals.discountCents / 100,
    });
    expect(res.body.dias).toHaveLength(30);
    expect(res.body.masVendidosPorUnidades[0]).toEqual({
      idProducto: g.bestSellersByUnits[0]!.productId,
      nombre: g.bestSellersByUnits[0]!.name,
      unidades: g.bestSellersByUnits[0]!.units,
      importe: g.bestSellersByUnits[0]!.revenueCents / 100,
    });
    expect(res.body.umbralExistencias).toBe(3);
    expect(res.body.existenciasBajas.total).toBe(g.lowStockTotal);
    expect(res.body.porLiberar.total).toBe(g.releasingTotal);
    expect(res.body.cupones).toEqual(
      g.couponUses.map((c) => ({ codigo: c.code, usos: c.uses, descuento: c.discountCents / 100 })),
    );
  });
});

describe('refusals, in Spanish, at both doors', () => {
  const cases: [string, string, number, string, string][] = [
    ['2026-02-30', '2026-03-01', 2, SUMMARY_MESSAGES.invalidFrom, 'INVALID_DATE'],
    ['2026-03-01', 'ayer', 2, SUMMARY_MESSAGES.invalidTo, 'INVALID_DATE'],
    ['2026-03-02', '2026-03-01', 2, SUMMARY_MESSAGES.dateOrder, 'DATE_ORDER'],
    ['2025-01-01', '2026-01-02', 2, SUMMARY_MESSAGES.rangeTooLong, 'RANGE_TOO_LONG'],
    ['2026-03-01', '2026-03-01', 1001, SUMMARY_MESSAGES.invalidThreshold, 'INVALID_THRESHOLD'],
  ];
  test.each(cases)('%s to %s, threshold %d: %s', async (from, to, t, message, reason) => {
    const res = await summary(from, to, t);
    expect(res.errors?.[0]?.message).toBe(message);
    expect(res.errors?.[0]?.extensions?.reason).toBe(reason);
    const rest = await admin.get(
      `/api/admin/resumen?desde=${encodeURIComponent(from)}&hasta=${encodeURIComponent(to)}&umbral=${t}`,
    );
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ error: message, reason });
  });

  test('REST needs both days, and a whole number for umbral', async () => {
    const noTo = await admin.get('/api/admin/resumen?desde=2026-03-01');
    expect(noTo.status).toBe(400);
    expect(noTo.body.error).toBe('El campo hasta es obligatorio');
    const badT = await admin.get('/api/admin/resumen?desde=2026-03-01&hasta=2026-03-01&umbral=-1');
    expect(badT.status).toBe(400);
  });

  test('a customer is refused', async () => {
    const res = await customer.gql(SUMMARY, { from: '2026-03-01', to: '2026-03-01' });
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(
      (await customer.get('/api/admin/resumen?desde=2026-03-01&hasta=2026-03-01')).status,
    ).toBe(403);
  });
});
