import { COUPON_FORM_MESSAGES } from '@tienda/rules';
import { COUPON_MESSAGES } from '../src/modules/coupons/coupon.service.js';
import { shopWith, type HttpClient } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/**
 * Issue 24 item 4: the admin's coupons through GraphQL and the REST facade (/api/cupones): the
 * form's rules (couponProblems) at both doors, codes unique case-insensitively, a used coupon
 * keeping its kind and value, DELETE deactivating, the audit trail.
 */
const shop = shopWith([{ name: 'Playera Nike 1 Negro', price: 200, stock: { M: 50 } }], {
  rateLimits: false,
});

const db = () => shop.orm.em.fork();
let admin: HttpClient;
let customer: HttpClient;

const FIELDS = `id code kind value validFrom validUntil maxUses maxUsesPerCustomer minimumCents
  nonPromotionalOnly active uses createdAt`;
const CREATE = `mutation C($input: CouponInput!) { createCoupon(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation U($id: Int!, $input: CouponInput!) {
  updateCoupon(id: $id, input: $input) { ${FIELDS} } }`;
const DEACTIVATE = `mutation D($id: Int!) { deactivateCoupon(id: $id) { id active } }`;
const LIST = `query L($search: String, $limit: Int!, $offset: Int!) {
  coupons(search: $search, limit: $limit, offset: $offset) { total limit offset items { id code } } }`;

interface CouponOut {
  id: number;
  code: string;
  kind: string;
  value: number;
  uses: number;
  active: boolean;
}

beforeAll(async () => {
  await createUsers(db(), [
    { email: 'jefa@example.com', password: 'Admin12345', role: 'admin' },
    { email: 'ana@example.com', password: 'Compra1234' },
  ]);
  admin = shop.app.client();
  await admin.post('/api/auth/login', { email: 'jefa@example.com', password: 'Admin12345' });
  customer = shop.app.client();
  await customer.post('/api/auth/login', { email: 'ana@example.com', password: 'Compra1234' });
});

async function create(input: Record<string, unknown>): Promise<CouponOut> {
  const res = await admin.gql<{ createCoupon: CouponOut }>(CREATE, { input });
  expect(res.errors).toBeUndefined();
  return res.data!.createCoupon;
}

describe('coupons through GraphQL', () => {
  test('a coupon is created normalised (upper case, defaults: non-promotional only, active, no uses)', async () => {
    const res = await admin.gql<{ createCoupon: Record<string, unknown> }>(CREATE, {
      input: { code: '  hotsale ', kind: 'PERCENTAGE', value: 15, validUntil: '2026-12-31' },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createCoupon).toMatchObject({
      code: 'HOTSALE',
      kind: 'PERCENTAGE',
      value: 15,
      validFrom: null,
      validUntil: '2026-12-31',
      maxUses: null,
      maxUsesPerCustomer: null,
      minimumCents: null,
      nonPromotionalOnly: true,
      active: true,
      uses: 0,
    });
  });

  test('a free-shipping coupon stores the value 0 whatever was sent', async () => {
    const c = await create({ code: 'ENVIOGRATIS', kind: 'FREE_SHIPPING', value: 999 });
    expect(c.value).toBe(0);
  });

  test.each([
    ['code required', { code: '  ' }, 'code', COUPON_FORM_MESSAGES.codeRequired],
    ['code format', { code: 'NO VALE' }, 'code', COUPON_FORM_MESSAGES.codeFormat],
    ['percent range', { kind: 'PERCENTAGE', value: 101 }, 'value', COUPON_FORM_MESSAGES.percent],
    ['amount range', { kind: 'FIXED', value: 0 }, 'value', COUPON_FORM_MESSAGES.amount],
    ['date', { validFrom: '2026-02-30' }, 'validFrom', COUPON_FORM_MESSAGES.date],
    [
      'date order',
      { validFrom: '2026-12-01', validUntil: '2026-11-30' },
      'validUntil',
      COUPON_FORM_MESSAGES.dateOrder,
    ],
    ['limit', { maxUses: 0 }, 'maxUses', COUPON_FORM_MESSAGES.limit],
    [
      'limit order',
      { maxUses: 2, maxUsesPerCustomer: 3 },
      'maxUsesPerCustomer',
      COUPON_FORM_MESSAGES.limitOrder,
    ],
    ['minimum', { minimumCents: -5 }, 'minimumCents', COUPON_FORM_MESSAGES.minimum],
  ])('form refusal: %s', async (_name, change, field, message) => {
    const res = await admin.gql(CREATE, {
      input: { code: 'VALIDO10', kind: 'PERCENTAGE', value: 10, ...change },
    });
    expect(res.errors?.[0]?.message).toBe(message);
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
  });

  test("a duplicate code, in any case, is 'Ya existe un cupón con ese código'", async () => {
    await create({ code: 'DOBLE', kind: 'FIXED', value: 100_00 });
    const res = await admin.gql(CREATE, { input: { code: 'doble', kind: 'FIXED', value: 5000 } });
    expect(res.errors?.[0]?.message).toBe(COUPON_FORM_MESSAGES.codeTaken);
    expect(res.errors?.[0]?.extensions).toMatchObject({
      code: 'CONFLICT',
      reason: 'COUPON_CODE_TAKEN',
    });
    // Renaming another coupon to it is refused too.
    const other = await create({ code: 'OTRO1', kind: 'FIXED', value: 100_00 });
    const renamed = await admin.gql(UPDATE, {
      id: other.id,
      input: { code: 'Doble', kind: 'FIXED', value: 100_00 },
    });
    expect(renamed.errors?.[0]?.message).toBe(COUPON_FORM_MESSAGES.codeTaken);
  });

  test('the list is newest first, searched by code (case-insensitive, contains), paged', async () => {
    await create({ code: 'BUSCA-UNO', kind: 'FIXED', value: 100 });
    await create({ code: 'BUSCA-DOS', kind: 'FIXED', value: 100 });
    const res = await admin.gql<{
      coupons: { total: number; limit: number; offset: number; items: { code: string }[] };
    }>(LIST, { search: 'busca', limit: 1, offset: 0 });
    expect(res.data!.coupons).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect(res.data!.coupons.items.map((c) => c.code)).toEqual(['BUSCA-DOS']);
    const next = await admin.gql<{ coupons: { items: { code: string }[] } }>(LIST, {
      search: 'busca',
      limit: 1,
      offset: 1,
    });
    expect(next.data!.coupons.items.map((c) => c.code)).toEqual(['BUSCA-UNO']);
    const tooMany = await admin.gql(LIST, { limit: 101, offset: 0 });
    expect(tooMany.errors?.[0]?.message).toBe('Máximo 100 cupones por página');
  });

  test("an unknown id is 'Cupón no encontrado'", async () => {
    const res = await admin.gql('{ coupon(id: 999999) { id } }');
    expect(res.errors?.[0]?.message).toBe(COUPON_MESSAGES.notFound);
    expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  test("rule 'a used coupon keeps its kind and value': it may still be re-dated, limited and deactivated", async () => {
    const c = await create({ code: 'USADO', kind: 'PERCENTAGE', value: 10 });
    const [user] = await createUsers(db(), [{ email: 'usado@example.com' }]);
    const [order] = await db().execute<{ id: number }[]>(
      `insert into shop_order (user_id, subtotal_cents, shipping_cents, discount_cents, total_cents,
          coupon_code) values (?, 10000, 22000, 1000, 31000, 'USADO') returning id`,
      [user],
    );
    await db().execute('insert into coupon_use (coupon_id, order_id, user_id) values (?, ?, ?)', [
      c.id,
      order!.id,
      user,
    ]);
    const changes: Record<string, unknown>[] = [
      { kind: 'PERCENTAGE', value: 20 },
      { kind: 'FIXED', value: 1000 },
    ];
    for (const change of changes) {
      const res = await admin.gql(UPDATE, { id: c.id, input: { code: 'USADO', ...change } });
      expect(res.errors?.[0]?.message).toBe(COUPON_FORM_MESSAGES.usedKindOrValue);
      expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', field: 'kind' });
    }
    const extended = await admin.gql<{ updateCoupon: Record<string, unknown> }>(UPDATE, {
      id: c.id,
      input: {
        code: 'USADO',
        kind: 'PERCENTAGE',
        value: 10,
        validUntil: '2027-01-31',
        maxUses: 100,
      },
    });
    expect(extended.errors).toBeUndefined();
    expect(extended.data!.updateCoupon).toMatchObject({
      validUntil: '2027-01-31',
      maxUses: 100,
      uses: 1,
    });
    const off = await admin.gql<{ deactivateCoupon: { active: boolean } }>(DEACTIVATE, {
      id: c.id,
    });
    expect(off.data!.deactivateCoupon.active).toBe(false);
  });

  test('an unused coupon may change its kind and value', async () => {
    const c = await create({ code: 'NUEVO', kind: 'PERCENTAGE', value: 10 });
    const res = await admin.gql<{ updateCoupon: CouponOut }>(UPDATE, {
      id: c.id,
      input: { code: 'nuevo', kind: 'FIXED', value: 150_00 },
    });
    expect(res.data!.updateCoupon).toMatchObject({ code: 'NUEVO', kind: 'FIXED', value: 150_00 });
  });

  test("every change goes to the audit trail ('coupon.create', 'coupon.update', 'coupon.delete')", async () => {
    const c = await create({ code: 'AUDITADO', kind: 'FIXED', value: 100_00 });
    await admin.gql(UPDATE, {
      id: c.id,
      input: { code: 'AUDITADO', kind: 'FIXED', value: 200_00 },
    });
    await admin.gql(DEACTIVATE, { id: c.id });
    const rows = await db().execute<
      { action: string; object_label: string; before: unknown; after: unknown }[]
    >(
      `select action, object_label, before, after from admin_audit
        where object_kind = 'coupon' and object_id = ? order by id`,
      [String(c.id)],
    );
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'coupon.create',
        object_label: 'AUDITADO',
        after: expect.objectContaining({ code: 'AUDITADO', kind: 'FIXED', value: 100_00 }),
      }),
      {
        action: 'coupon.update',
        object_label: 'AUDITADO',
        before: { value: 100_00 },
        after: { value: 200_00 },
      },
      {
        action: 'coupon.delete',
        object_label: 'AUDITADO',
        before: { active: true },
        after: { active: false },
      },
    ]);
  });

  test('a customer may not list, read or write coupons', async () => {
    const res = await customer.gql(CREATE, { input: { code: 'MIO', kind: 'FIXED', value: 1 } });
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const list = await customer.gql(LIST, { limit: 5, offset: 0 });
    expect(list.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('coupons through REST (/api/cupones)', () => {
  test('POST creates with the Spanish fields; monto and compraMinima in pesos, exact to the centavo', async () => {
    const res = await admin.post('/api/cupones', {
      codigo: 'rest-monto',
      tipo: 'monto',
      valor: 150.5,
      desde: '2026-01-01',
      hasta: null,
      usosMaximos: 10,
      usosPorCliente: 1,
      compraMinima: '999.99',
      soloSinPromocion: false,
      usos: 500,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      codigo: 'REST-MONTO',
      tipo: 'monto',
      valor: 150.5,
      desde: '2026-01-01',
      hasta: null,
      usosMaximos: 10,
      usosPorCliente: 1,
      compraMinima: 999.99,
      soloSinPromocion: false,
      activo: true,
      // Read-only: what was sent is ignored.
      usos: 0,
    });
    const [row] = await db().execute<{ value: number; minimum_cents: number }[]>(
      'select value, minimum_cents from coupon where id = ?',
      [res.body.id],
    );
    expect(row).toEqual({ value: 150_50, minimum_cents: 999_99 });
  });

  test("porcentaje and envio: valor is the percent, envio's 0; soloSinPromocion defaults to true", async () => {
    const pct = await admin.post('/api/cupones', {
      codigo: 'REST-PCT',
      tipo: 'porcentaje',
      valor: 25,
    });
    expect(pct.status).toBe(201);
    expect(pct.body).toMatchObject({ tipo: 'porcentaje', valor: 25, soloSinPromocion: true });
    const envio = await admin.post('/api/cupones', { codigo: 'REST-ENVIO', tipo: 'envio' });
    expect(envio.body).toMatchObject({ tipo: 'envio', valor: 0 });
  });

  test.each([
    ['tipo', { tipo: 'regalo', valor: 1 }, COUPON_FORM_MESSAGES.kind],
    ['monto with three decimals', { tipo: 'monto', valor: 10.005 }, COUPON_FORM_MESSAGES.amount],
    ['porcentaje not whole', { tipo: 'porcentaje', valor: 10.5 }, COUPON_FORM_MESSAGES.percent],
    [
      'compraMinima',
      { tipo: 'monto', valor: 10, compraMinima: 'mucho' },
      COUPON_FORM_MESSAGES.minimum,
    ],
    ['hasta', { tipo: 'monto', valor: 10, hasta: '31/12/2026' }, COUPON_FORM_MESSAGES.date],
    [
      'usosPorCliente',
      { tipo: 'monto', valor: 10, usosPorCliente: 1.5 },
      COUPON_FORM_MESSAGES.limit,
    ],
  ])('400 with the form message: %s', async (_name, change, message) => {
    const res = await admin.post('/api/cupones', { codigo: 'REST-MAL', ...change });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  test('a duplicate code is 409; a used coupon changing its value is 409', async () => {
    const first = await admin.post('/api/cupones', { codigo: 'REST-DOS', tipo: 'monto', valor: 1 });
    expect(first.status).toBe(201);
    const dup = await admin.post('/api/cupones', { codigo: 'rest-dos', tipo: 'monto', valor: 1 });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({
      error: COUPON_FORM_MESSAGES.codeTaken,
      reason: 'COUPON_CODE_TAKEN',
    });

    const [user] = await createUsers(db(), [{ email: 'usado-rest@example.com' }]);
    const [order] = await db().execute<{ id: number }[]>(
      `insert into shop_order (user_id, subtotal_cents, shipping_cents, discount_cents, total_cents)
        values (?, 10000, 22000, 100, 31900) returning id`,
      [user],
    );
    await db().execute('insert into coupon_use (coupon_id, order_id, user_id) values (?, ?, ?)', [
      first.body.id,
      order!.id,
      user,
    ]);
    const changed = await admin.put(`/api/cupones/${first.body.id}`, {
      codigo: 'REST-DOS',
      tipo: 'monto',
      valor: 2,
    });
    expect(changed.status).toBe(409);
    expect(changed.body.error).toBe(COUPON_FORM_MESSAGES.usedKindOrValue);
    const extended = await admin.put(`/api/cupones/${first.body.id}`, {
      codigo: 'REST-DOS',
      tipo: 'monto',
      valor: 1,
      hasta: '2027-06-30',
    });
    expect(extended.status).toBe(200);
    expect(extended.body.hasta).toBe('2027-06-30');
  });

  test('DELETE deactivates (200, activo: false) and the coupon stays listed; GET searches and counts', async () => {
    const created = await admin.post('/api/cupones', {
      codigo: 'REST-BORRA',
      tipo: 'porcentaje',
      valor: 5,
    });
    const res = await admin.delete(`/api/cupones/${created.body.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.body.id, codigo: 'REST-BORRA', activo: false });
    const list = await admin.get('/api/cupones?busqueda=rest-borra');
    expect(list.status).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.body).toEqual([expect.objectContaining({ codigo: 'REST-BORRA', activo: false })]);
    expect((await admin.delete('/api/cupones/999999')).status).toBe(404);
  });
});
