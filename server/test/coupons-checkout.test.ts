import { COUPON_REFUSAL_MESSAGES, mexicoCityDay } from '@tienda/rules';
import { renderMail } from '../src/modules/mail/render.js';
import { SAMPLE_BRAND } from '../src/modules/mail/samples.js';
import {
  COUPON_USE_MESSAGES,
  readCoupon,
  takeCouponUse,
} from '../src/modules/coupons/coupon-uses.js';
import { DomainError } from '../src/modules/shared/errors.js';
import { withTransaction } from '../src/modules/shared/transaction.js';
import { releaseUnpaidOrders } from '../src/modules/orders/unpaid-orders.js';
import { shopWith, type HttpClient } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/**
 * Issue 24 item 4: a shopper's coupon at the order summary and the checkout: each refusal in
 * Spanish with its reason (the summary priced without it, the checkout changing nothing), the
 * arithmetic through the calculator (percentage after the bulk discount, non-promotional by
 * default, a fixed amount capped, free shipping), the adjustment kept and shown by name (GraphQL,
 * REST, e-mails), and a use given back exactly once when the order is cancelled.
 */
const shop = shopWith(
  [
    { name: 'Playera Nike 1 Negro', price: 200, stock: { M: 500 } },
    { name: 'Tenis Puma 2 Azul', price: 1000, promo: 800, stock: { '27': 500 } },
  ],
  { rateLimits: false },
);

const db = () => shop.orm.em.fork();
const HOLD_HOURS = 72;

const ADD = `mutation A($p: Int!, $s: String!, $q: Int!) {
  addToCart(productId: $p, size: $s, quantity: $q) { itemCount } }`;
const ADDRESS = `mutation { addAddress(input: { firstName: "Ana", lastName: "López",
  street: "Reforma", number: "10", neighborhood: "Centro", postalCode: "06000", city: "CDMX",
  state: "CDMX", references: "Portón", phone: "5512345678" }) { id } }`;
const SUMMARY = `query S($a: Int!, $c: String) { orderSummary(addressId: $a, couponCode: $c) {
  subtotalCents discountCents totalCents cardChargeCents couponCode couponRefusal
  couponRefusalReason adjustments { code label amountCents } } }`;
const CHECKOUT = `mutation C($a: Int!, $k: String!, $c: String) {
  checkout(addressId: $a, idempotencyKey: $k, couponCode: $c) {
    id couponCode subtotalCents discountCents totalCents adjustments { code label amountCents } } }`;
const UPDATE = `mutation U($id: Int!, $s: OrderStatus!) {
  updateOrder(id: $id, input: { status: $s }) { id status } }`;

interface Summary {
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  cardChargeCents: number;
  couponCode: string | null;
  couponRefusal: string | null;
  couponRefusalReason: string | null;
  adjustments: { code: string; label: string; amountCents: number }[];
}
type Order = Summary & { id: number };

let n = 0;
let admin: HttpClient;

interface Shopper {
  client: HttpClient;
  addressId: number;
  userId: number;
  summary: (code?: string | null) => Promise<Summary>;
  checkout: (code?: string | null) => ReturnType<HttpClient['gql']>;
  buy: (code?: string | null) => Promise<Order>;
}

async function shopper(cart: [product: number, size: string, quantity: number][]) {
  n += 1;
  const email = `cupon${n}@example.com`;
  const [userId] = await createUsers(db(), [{ email, password: 'Compra1234' }]);
  const client = shop.app.client();
  await client.post('/api/auth/login', { email, password: 'Compra1234' });
  const addressId = (await client.gql<{ addAddress: { id: number } }>(ADDRESS)).data!.addAddress.id;
  for (const [p, s, q] of cart) await client.gql(ADD, { p, s, q });
  let key = 0;
  const me: Shopper = {
    client,
    addressId,
    userId: userId!,
    async summary(code) {
      const res = await client.gql<{ orderSummary: Summary }>(SUMMARY, { a: addressId, c: code });
      expect(res.errors).toBeUndefined();
      return res.data!.orderSummary;
    },
    checkout: (code) =>
      client.gql<{ checkout: Order }>(CHECKOUT, {
        a: addressId,
        k: `cupon-${n}-${(key += 1)}-clave`,
        c: code,
      }),
    async buy(code) {
      const res = await me.checkout(code);
      expect(res.errors).toBeUndefined();
      return (res.data as { checkout: Order }).checkout;
    },
  };
  // Refill the cart for the next purchase.
  return Object.assign(me, {
    refill: async () => {
      for (const [p, s, q] of cart) await client.gql(ADD, { p, s, q });
    },
  });
}

interface CouponSpec {
  code: string;
  kind?: 'PERCENTAGE' | 'FIXED' | 'FREE_SHIPPING';
  value?: number;
  validFrom?: string | null;
  validUntil?: string | null;
  maxUses?: number | null;
  maxUsesPerCustomer?: number | null;
  minimumCents?: number | null;
  nonPromotionalOnly?: boolean;
  active?: boolean;
  /** Uses already held (by orders of another customer). */
  uses?: number;
}

async function coupon(spec: CouponSpec): Promise<number> {
  const [row] = await db().execute<{ id: number }[]>(
    `insert into coupon (code, kind, value, valid_from, valid_until, max_uses,
        max_uses_per_customer, minimum_cents, non_promotional_only, active)
      values (?, ?, ?, ?::date, ?::date, ?, ?, ?, ?, ?) returning id`,
    [
      spec.code,
      spec.kind ?? 'PERCENTAGE',
      spec.value ?? (spec.kind === 'FREE_SHIPPING' ? 0 : 10),
      spec.validFrom ?? null,
      spec.validUntil ?? null,
      spec.maxUses ?? null,
      spec.maxUsesPerCustomer ?? null,
      spec.minimumCents ?? null,
      spec.nonPromotionalOnly ?? true,
      spec.active ?? true,
    ],
  );
  for (let i = 0; i < (spec.uses ?? 0); i += 1) await holdUse(row!.id);
  return row!.id;
}

/** One use of the coupon held by an order of another customer. */
async function holdUse(couponId: number): Promise<void> {
  n += 1;
  const [user] = await createUsers(db(), [{ email: `otro${n}@example.com` }]);
  const [order] = await db().execute<{ id: number }[]>(
    `insert into shop_order (user_id, subtotal_cents, shipping_cents, discount_cents, total_cents)
      values (?, 10000, 22000, 0, 32000) returning id`,
    [user],
  );
  await db().execute('insert into coupon_use (coupon_id, order_id, user_id) values (?, ?, ?)', [
    couponId,
    order!.id,
    user,
  ]);
}

const usesOf = async (code: string) =>
  (
    await db().execute<{ uses: number }[]>(
      `select count(*)::int as uses from coupon_use u join coupon c on c.id = u.coupon_id
        where c.code = ? and u.released_at is null`,
      [code],
    )
  )[0]!.uses;
const useRows = (orderId: number) =>
  db().execute<{ released: boolean }[]>(
    'select released_at is not null as released from coupon_use where order_id = ?',
    [orderId],
  );
const stockOf = async (productId: number) =>
  (
    await db().execute<{ q: number }[]>(
      'select sum(quantity)::int as q from product_stock where product_id = ?',
      [productId],
    )
  )[0]!.q;
const openLines = async (userId: number) =>
  (
    await db().execute<{ n: number }[]>(
      'select count(*)::int as n from cart_line where user_id = ? and not purchased',
      [userId],
    )
  )[0]!.n;

const day = (offsetDays: number) => mexicoCityDay(new Date(Date.now() + offsetDays * 86_400_000));

beforeAll(async () => {
  await createUsers(db(), [{ email: 'jefa@example.com', password: 'Admin12345', role: 'admin' }]);
  admin = shop.app.client();
  await admin.post('/api/auth/login', { email: 'jefa@example.com', password: 'Admin12345' });
});

describe('each refusal, at the order summary and at the checkout', () => {
  const cases: {
    name: string;
    spec: CouponSpec | null;
    typed: string;
    cart?: [number, string, number][];
    reason: string;
    message: string;
    setup?: (s: Shopper) => Promise<void>;
  }[] = [
    {
      name: 'unknown',
      spec: null,
      typed: 'noexiste',
      reason: 'COUPON_UNKNOWN',
      message: COUPON_REFUSAL_MESSAGES.COUPON_UNKNOWN('NOEXISTE'),
    },
    {
      name: 'inactive',
      spec: { code: 'APAGADO', active: false },
      typed: 'apagado',
      reason: 'COUPON_INACTIVE',
      message: COUPON_REFUSAL_MESSAGES.COUPON_INACTIVE('APAGADO'),
    },
    {
      name: 'not yet valid',
      spec: { code: 'FUTURO', validFrom: day(2) },
      typed: 'FUTURO',
      reason: 'COUPON_NOT_YET_VALID',
      message: COUPON_REFUSAL_MESSAGES.COUPON_NOT_YET_VALID('FUTURO', day(2)),
    },
    {
      name: 'expired',
      spec: { code: 'VENCIDO', validFrom: day(-30), validUntil: day(-2) },
      typed: 'Vencido',
      reason: 'COUPON_EXPIRED',
      message: COUPON_REFUSAL_MESSAGES.COUPON_EXPIRED('VENCIDO', day(-2)),
    },
    {
      name: 'used up',
      spec: { code: 'AGOTADO', maxUses: 3, uses: 3 },
      typed: 'AGOTADO',
      reason: 'COUPON_USED_UP',
      message: COUPON_REFUSAL_MESSAGES.COUPON_USED_UP('AGOTADO'),
    },
    {
      name: 'already used by you',
      spec: { code: 'UNAVEZ', maxUsesPerCustomer: 1 },
      typed: 'UNAVEZ',
      reason: 'COUPON_ALREADY_USED',
      message: COUPON_REFUSAL_MESSAGES.COUPON_ALREADY_USED('UNAVEZ'),
      setup: async (s) => {
        await s.buy('UNAVEZ');
        await (s as Shopper & { refill: () => Promise<void> }).refill();
      },
    },
    {
      name: 'minimum not reached',
      spec: { code: 'MINIMO', minimumCents: 1000_00 },
      typed: 'MINIMO',
      reason: 'COUPON_MINIMUM_NOT_REACHED',
      message: COUPON_REFUSAL_MESSAGES.COUPON_MINIMUM_NOT_REACHED('MINIMO', 1000_00),
    },
    {
      name: 'nothing in the cart it applies to',
      spec: { code: 'SINPROMO' },
      typed: 'SINPROMO',
      cart: [[2, '27', 1]],
      reason: 'COUPON_NOT_APPLICABLE',
      message: COUPON_REFUSAL_MESSAGES.COUPON_NOT_APPLICABLE('SINPROMO'),
    },
  ];

  test.each(cases)(
    "refusal '$name': the summary answers it and is priced without; the checkout fails with it and changes nothing",
    async (c) => {
      if (c.spec) await coupon(c.spec);
      const cart = c.cart ?? [[1, 'M', 2]];
      const s = await shopper(cart);
      await c.setup?.(s);
      const plain = await s.summary(null);
      const summary = await s.summary(c.typed);
      expect(summary).toMatchObject({
        couponCode: null,
        couponRefusal: c.message,
        couponRefusalReason: c.reason,
        totalCents: plain.totalCents,
        adjustments: plain.adjustments,
      });

      const stock = [await stockOf(1), await stockOf(2)];
      const lines = await openLines(s.userId);
      const uses = c.spec ? await usesOf(c.spec.code) : 0;
      const ordersOf = async () =>
        (
          await db().execute<{ orders: number }[]>(
            'select count(*)::int as orders from shop_order where user_id = ?',
            [s.userId],
          )
        )[0]!.orders;
      const before = await ordersOf();
      const res = await s.checkout(c.typed);
      expect(res.errors?.[0]?.message).toBe(c.message);
      expect(res.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        reason: c.reason,
        field: 'couponCode',
      });
      expect([await stockOf(1), await stockOf(2)]).toEqual(stock);
      expect(await openLines(s.userId)).toBe(lines);
      if (c.spec) expect(await usesOf(c.spec.code)).toBe(uses);
      expect(await ordersOf()).toBe(before);

      // The REST checkout answers the same refusal.
      const rest = await s.client.post('/api/pedidos', {
        idUsuario: s.userId,
        idDireccion: s.addressId,
        cupon: c.typed,
      });
      expect(rest.status).toBe(400);
      expect(rest.body).toEqual({ error: c.message, reason: c.reason });
    },
  );

  test('a code no coupon could have (too long, odd characters) is unknown, named cut short', async () => {
    const s = await shopper([[1, 'M', 1]]);
    const summary = await s.summary(`${'X'.repeat(80)}!`);
    expect(summary.couponRefusalReason).toBe('COUPON_UNKNOWN');
    expect(summary.couponRefusal).toBe(COUPON_REFUSAL_MESSAGES.COUPON_UNKNOWN('X'.repeat(30)));
  });

  test('a blank code is no code', async () => {
    const s = await shopper([[1, 'M', 1]]);
    expect(await s.summary('   ')).toMatchObject({ couponCode: null, couponRefusal: null });
  });
});

describe('the arithmetic, through the order calculator', () => {
  test("rule 'the percentage applies to the eligible goods after the bulk discount': 6 × $200, 10% → $90 off", async () => {
    await coupon({ code: 'DIEZ', value: 10 });
    const s = await shopper([[1, 'M', 6]]);
    const summary = await s.summary('diez');
    const expected = {
      couponCode: 'DIEZ',
      couponRefusal: null,
      couponRefusalReason: null,
      subtotalCents: 1200_00,
      // $300 bulk discount, then 10% of $900.
      discountCents: 390_00,
      totalCents: 1200_00 + 220_00 - 390_00,
      adjustments: [
        { code: 'BULK_DISCOUNT', label: 'Descuento por mayoreo', amountCents: 300_00 },
        { code: 'COUPON', label: 'Cupón DIEZ', amountCents: 90_00 },
      ],
    };
    expect(summary).toMatchObject(expected);
    const order = await s.buy('diez');
    expect(order).toMatchObject({
      couponCode: expected.couponCode,
      subtotalCents: expected.subtotalCents,
      discountCents: expected.discountCents,
      totalCents: expected.totalCents,
      adjustments: expected.adjustments,
    });
    expect(await usesOf('DIEZ')).toBe(1);

    // REST shows the discounted total and each adjustment by name.
    const rest = await s.client.get(`/api/pedidos/${order.id}`);
    expect(rest.body).toMatchObject({
      total: 1030,
      cupon: 'DIEZ',
      descuentos: [
        { concepto: 'Descuento por mayoreo', monto: 300 },
        { concepto: 'Cupón DIEZ', monto: 90 },
      ],
    });
    // 'Mis pedidos' reads the same adjustments.
    const mine = await s.client.gql<{
      myOrders: { items: { couponCode: string; adjustments: { label: string }[] }[] };
    }>('{ myOrders { items { couponCode adjustments { label } } } }');
    expect(mine.data!.myOrders.items[0]).toEqual({
      couponCode: 'DIEZ',
      adjustments: [{ label: 'Descuento por mayoreo' }, { label: 'Cupón DIEZ' }],
    });
    // The order e-mails print the coupon by name with its amount.
    const [mail] = await db().execute<{ kind: string; props: unknown; secret: string | null }[]>(
      `select kind, props, secret from mail_outbox where order_id = ? and kind = 'order-received'
        order by id limit 1`,
      [order.id],
    );
    const rendered = await renderMail(shop.app.mail.messageOf(mail!), SAMPLE_BRAND);
    expect(rendered.text).toContain('Cupón DIEZ');
    expect(rendered.text).toContain('$90');
  });

  test('the checkout answers with the order as its transaction wrote it: the same as reading it back, lines, adjustments and their per-line shares included', async () => {
    await coupon({ code: 'IGUAL', value: 10, nonPromotionalOnly: false });
    const s = await shopper([
      [1, 'M', 6],
      [2, '27', 1],
    ]);
    const FIELDS = `id userId addressId status tracking couponCode subtotalCents shippingCents
      discountCents totalCents cardChargeCents paid paymentSettled createdAt
      adjustments { code label amountCents }
      lines { productId cartLineId productName size quantity unitPriceCents onPromotion }`;
    const answer = await s.client.gql<{ checkout: Record<string, unknown> }>(
      `mutation C($a: Int!, $k: String!) {
        checkout(addressId: $a, idempotencyKey: $k, couponCode: "igual") { ${FIELDS} } }`,
      { a: s.addressId, k: 'igual-respuesta-1' },
    );
    expect(answer.errors).toBeUndefined();
    const order = answer.data!.checkout;
    const read = await s.client.gql<{ order: Record<string, unknown> }>(
      `query O($id: Int!) { order(id: $id) { ${FIELDS} } }`,
      { id: order.id },
    );
    expect(read.data!.order).toEqual(order);
    expect((order.adjustments as unknown[]).length).toBe(2);
    // The shares point at this order's lines and add up to each adjustment.
    const rows = await db().execute<{ amount_cents: number; line_shares: unknown }[]>(
      'select amount_cents, line_shares from order_adjustment where order_id = ? order by id',
      [order.id],
    );
    const lineIds = (
      await db().execute<{ id: number }[]>(
        'select id from order_line where order_id = ? order by id',
        [order.id],
      )
    ).map((r) => r.id);
    for (const row of rows) {
      const shares = row.line_shares as { orderLineId: number; amountCents: number }[];
      expect(shares.every((sh) => lineIds.includes(sh.orderLineId))).toBe(true);
      expect(shares.reduce((sum, sh) => sum + sh.amountCents, 0)).toBe(row.amount_cents);
    }
  });

  test("rule 'non-promotional only by default': the promotional line takes nothing off; with every product it does", async () => {
    await coupon({ code: 'MITAD', value: 50 });
    await coupon({ code: 'MITADTODO', value: 50, nonPromotionalOnly: false });
    const s = await shopper([
      [1, 'M', 1],
      [2, '27', 1],
    ]);
    expect((await s.summary('MITAD')).adjustments).toEqual([
      { code: 'COUPON', label: 'Cupón MITAD', amountCents: 100_00 },
    ]);
    expect((await s.summary('MITADTODO')).adjustments).toEqual([
      { code: 'COUPON', label: 'Cupón MITADTODO', amountCents: 500_00 },
    ]);
  });

  test("rule 'a fixed amount never exceeds what it applies to': $500 off $200 of goods takes $200; the total is the shipping", async () => {
    await coupon({ code: 'QUINIENTOS', kind: 'FIXED', value: 500_00 });
    const s = await shopper([[1, 'M', 1]]);
    const order = await s.buy('QUINIENTOS');
    expect(order).toMatchObject({ discountCents: 200_00, totalCents: 220_00 });
  });

  test('free shipping takes the $220 off as its own line', async () => {
    await coupon({ code: 'ENVIO', kind: 'FREE_SHIPPING' });
    const s = await shopper([[1, 'M', 1]]);
    const order = await s.buy('envio');
    expect(order).toMatchObject({
      totalCents: 200_00,
      adjustments: [{ code: 'FREE_SHIPPING', label: 'Envío gratis', amountCents: 220_00 }],
    });
  });

  test('the minimum counts the eligible goods after the bulk discount: 6 × $200 ($900 after it) reaches $900, not $901', async () => {
    await coupon({ code: 'NOVECIENTOS', minimumCents: 900_00 });
    await coupon({ code: 'NOVECIENTOSUNO', minimumCents: 901_00 });
    const s = await shopper([[1, 'M', 6]]);
    expect((await s.summary('NOVECIENTOS')).couponCode).toBe('NOVECIENTOS');
    expect((await s.summary('NOVECIENTOSUNO')).couponRefusalReason).toBe(
      'COUPON_MINIMUM_NOT_REACHED',
    );
  });

  test('a window that ends today still applies, one that starts today already does', async () => {
    await coupon({ code: 'HOYTERMINA', validUntil: day(0) });
    await coupon({ code: 'HOYEMPIEZA', validFrom: day(0) });
    const s = await shopper([[1, 'M', 1]]);
    // (Skipped only in the minute around midnight in Mexico City, when 'today' may move.)
    if (day(0) === mexicoCityDay(new Date(Date.now() + 60_000))) {
      expect((await s.summary('HOYTERMINA')).couponCode).toBe('HOYTERMINA');
      expect((await s.summary('HOYEMPIEZA')).couponCode).toBe('HOYEMPIEZA');
    }
  });
});

describe('a use given back when the order is cancelled', () => {
  test('the unpaid sweep frees the use exactly once (run twice, and two at once)', async () => {
    await coupon({ code: 'BARRIDO', maxUses: 1 });
    const s = await shopper([[1, 'M', 1]]);
    const order = await s.buy('BARRIDO');
    expect(await usesOf('BARRIDO')).toBe(1);
    await db().execute(
      `update shop_order set created_at = now() - make_interval(hours => ?) where id = ?`,
      [HOLD_HOURS + 1, order.id],
    );
    const [a, b] = await Promise.all([
      releaseUnpaidOrders(db(), HOLD_HOURS, shop.app.events),
      releaseUnpaidOrders(db(), HOLD_HOURS, shop.app.events),
    ]);
    expect(a + b).toBe(1);
    expect(await releaseUnpaidOrders(db(), HOLD_HOURS, shop.app.events)).toBe(0);
    expect(await usesOf('BARRIDO')).toBe(0);
    expect(await useRows(order.id)).toEqual([{ released: true }]);
    // The use is free: another shopper takes it.
    const other = await shopper([[1, 'M', 1]]);
    await other.buy('BARRIDO');
    expect(await usesOf('BARRIDO')).toBe(1);
  });

  test("the admin's cancel frees it; reactivating takes it again, or is refused when the coupon is used up by then", async () => {
    await coupon({ code: 'ADMIN1', maxUses: 1 });
    const s = await shopper([[1, 'M', 1]]);
    const order = await s.buy('ADMIN1');

    const cancel = await admin.gql(UPDATE, { id: order.id, s: 'CANCELLED_UNPAID' });
    expect(cancel.errors).toBeUndefined();
    expect(await usesOf('ADMIN1')).toBe(0);
    // Saving the same status again frees nothing more.
    await admin.gql(UPDATE, { id: order.id, s: 'CANCELLED_UNPAID' });
    expect(await usesOf('ADMIN1')).toBe(0);

    const back = await admin.gql(UPDATE, { id: order.id, s: 'AWAITING_PAYMENT' });
    expect(back.errors).toBeUndefined();
    expect(await usesOf('ADMIN1')).toBe(1);
    expect(await useRows(order.id)).toEqual([{ released: false }]);

    // Cancelled again, its use goes to another shopper; the reactivation is then refused.
    await admin.gql(UPDATE, { id: order.id, s: 'CANCELLED_UNPAID' });
    const other = await shopper([[1, 'M', 1]]);
    await other.buy('ADMIN1');
    const stock = await stockOf(1);
    const refused = await admin.gql(UPDATE, { id: order.id, s: 'AWAITING_PAYMENT' });
    expect(refused.errors?.[0]?.message).toBe(COUPON_USE_MESSAGES.reactivateUsedUp('ADMIN1'));
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'CONFLICT',
      reason: 'COUPON_USED_UP',
    });
    const [row] = await db().execute<{ status: string }[]>(
      'select status from shop_order where id = ?',
      [order.id],
    );
    expect(row!.status).toBe('Cancelado por falta de pago');
    expect(await stockOf(1)).toBe(stock);
    expect(await usesOf('ADMIN1')).toBe(1);
  });

  test('reactivating is refused when the customer used their one use on another order meanwhile', async () => {
    await coupon({ code: 'SOLOUNO', maxUsesPerCustomer: 1 });
    const s = (await shopper([[1, 'M', 1]])) as Shopper & { refill: () => Promise<void> };
    const first = await s.buy('SOLOUNO');
    await admin.gql(UPDATE, { id: first.id, s: 'CANCELLED_UNPAID' });
    await s.refill();
    await s.buy('SOLOUNO');
    const refused = await admin.gql(UPDATE, { id: first.id, s: 'AWAITING_PAYMENT' });
    expect(refused.errors?.[0]?.message).toBe(COUPON_USE_MESSAGES.reactivateAlreadyUsed('SOLOUNO'));
  });

  test('REST POST /api/pedidos takes cupon: the total is the discounted one', async () => {
    await coupon({ code: 'RESTCIEN', kind: 'FIXED', value: 100_00 });
    const s = await shopper([[1, 'M', 2]]);
    const res = await s.client.post('/api/pedidos', {
      idUsuario: s.userId,
      idDireccion: s.addressId,
      cupon: 'restcien',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      total: 520,
      cupon: 'RESTCIEN',
      descuentos: [{ concepto: 'Cupón RESTCIEN', monto: 100 }],
    });
  });
});

describe('takeCouponUse decides again under the lock (what changed since the checkout read it)', () => {
  async function takeAfter(code: string, change: (id: number) => Promise<unknown>) {
    const s = await shopper([[1, 'M', 1]]);
    const order = await s.buy(null);
    const read = await readCoupon(db(), code, s.userId);
    await change(read.coupon!.id);
    try {
      await withTransaction(db(), (tx) =>
        takeCouponUse(tx, { coupon: read.coupon!, orderId: order.id, userId: s.userId }),
      );
      return null;
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      return { message: (error as DomainError).message, reason: (error as DomainError).reason };
    }
  }

  test('used up meanwhile: COUPON_USED_UP', async () => {
    await coupon({ code: 'CARRERA1', maxUses: 1 });
    expect(await takeAfter('CARRERA1', holdUse)).toEqual({
      message: COUPON_REFUSAL_MESSAGES.COUPON_USED_UP('CARRERA1'),
      reason: 'COUPON_USED_UP',
    });
  });

  test('deactivated meanwhile: COUPON_INACTIVE', async () => {
    await coupon({ code: 'CARRERA2' });
    const off = (id: number) => db().execute('update coupon set active = false where id = ?', [id]);
    expect(await takeAfter('CARRERA2', off)).toEqual({
      message: COUPON_REFUSAL_MESSAGES.COUPON_INACTIVE('CARRERA2'),
      reason: 'COUPON_INACTIVE',
    });
  });

  test("its value changed meanwhile (the order was priced with the old one): 'El cupón … cambió'", async () => {
    await coupon({ code: 'CARRERA3', value: 10 });
    const raise = (id: number) => db().execute('update coupon set value = 20 where id = ?', [id]);
    expect(await takeAfter('CARRERA3', raise)).toEqual({
      message: COUPON_USE_MESSAGES.changed('CARRERA3'),
      reason: 'COUPON_CHANGED',
    });
    expect(await usesOf('CARRERA3')).toBe(0);
  });

  test('a once-per-customer coupon whose customer took it meanwhile: COUPON_ALREADY_USED', async () => {
    await coupon({ code: 'CARRERA4', maxUsesPerCustomer: 1 });
    const s = (await shopper([[1, 'M', 1]])) as Shopper & { refill: () => Promise<void> };
    const read = await readCoupon(db(), 'CARRERA4', s.userId);
    await s.buy('CARRERA4');
    await s.refill();
    const order = await s.buy(null);
    await expect(
      withTransaction(db(), (tx) =>
        takeCouponUse(tx, { coupon: read.coupon!, orderId: order.id, userId: s.userId }),
      ),
    ).rejects.toMatchObject({
      message: COUPON_REFUSAL_MESSAGES.COUPON_ALREADY_USED('CARRERA4'),
      reason: 'COUPON_ALREADY_USED',
    });
  });
});
