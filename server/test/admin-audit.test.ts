import { AuditTrail } from '../src/modules/audit/audit-trail.js';
import { withTransaction } from '../src/modules/shared/transaction.js';
import {
  admin,
  customer,
  CREATE,
  db,
  DELETE,
  gqlUpload,
  ids,
  input,
} from './support/admin-products.js';
import { jpeg, png, webp, type ProductOut, shop, UPDATE } from './support/admin-products.js';

/**
 * Issue 23 item 9: the admin audit trail. Every admin change writes one entry per kind of change
 * (who, when, from where, what, the changed fields before and after) in the change's own
 * transaction, through both doors where both exist; a change that rolls back leaves none; the
 * trail reads newest first (GraphQL adminActivity, REST GET /api/admin/actividad) and cannot be
 * edited or deleted, neither through the app nor in SQL (the table's triggers).
 */

interface Row {
  id: string;
  user_id: number;
  user_email: string;
  ip: string;
  action: string;
  object_kind: string;
  object_id: string | null;
  object_label: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** The last entry's id: entries written after it are the ones a step made. */
async function mark(): Promise<number> {
  const [row] = await db().execute<{ id: string | null }[]>(
    'select max(id) as id from admin_audit',
  );
  return Number(row?.id ?? 0);
}

/** The entries written after `since`, oldest first (the oracle: the table itself). */
async function entriesAfter(since: number): Promise<Row[]> {
  return db().execute<Row[]>('select * from admin_audit where id > ? order by id', [since]);
}

/** What an entry says of a change, without who and where (checked once below). */
const what = (r: Row) => ({
  action: r.action,
  kind: r.object_kind,
  id: r.object_id,
  label: r.object_label,
  before: r.before,
  after: r.after,
});

let adminId = 0;
beforeAll(async () => {
  const [row] = await db().execute<{ id: number }[]>(
    `select id from app_user where email = 'admin@example.com'`,
  );
  adminId = row!.id;
});

async function createProduct(name: string): Promise<ProductOut> {
  const res = await gqlUpload<{ createProduct: ProductOut }>(
    admin,
    CREATE,
    { input: input({ name, sizes: ['S', 'M'], quantities: [1, 2] }) },
    [jpeg],
  );
  expect(res.errors).toBeUndefined();
  return res.data!.createProduct;
}

describe('products', () => {
  test('a creation writes product.create with every field after, who (id and e-mail) and the ip', async () => {
    const since = await mark();
    const product = await createProduct('Blusa Nike Dama 21 Azul Rey');
    const [entry, ...others] = await entriesAfter(since);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ user_id: adminId, user_email: 'admin@example.com' });
    expect(entry!.ip).toMatch(/127\.0\.0\.1|::1/);
    expect(what(entry!)).toEqual({
      action: 'product.create',
      kind: 'product',
      id: String(product.id),
      label: 'Blusa Nike Dama 21 Azul Rey',
      before: {},
      after: {
        name: 'Blusa Nike Dama 21 Azul Rey',
        description: 'Blusa Nike Dama en color Azul Rey, tallas S, M, L y XL.',
        priceCents: 45_000,
        promotion: false,
        promotionPriceCents: null,
        special: false,
        type: 'Blusa',
        brand: 'Nike Dama',
        color: 'Azul Rey',
        sizes: ['S', 'M'],
        'size:S': 1,
        'size:M': 2,
        photos: [product.images[0]!.id],
      },
    });
  });

  test('an update writes product.update (price, promotion), product.stock and product.photos, changed fields only', async () => {
    const product = await createProduct('Blusa Nike Dama 22 Azul Rey');
    const since = await mark();
    const res = await gqlUpload<{ updateProduct: ProductOut }>(
      admin,
      UPDATE,
      {
        id: product.id,
        input: input({
          name: 'Blusa Nike Dama 22 Azul Rey',
          priceCents: 50_000,
          promotion: true,
          promotionPriceCents: 40_000,
          sizes: ['M', 'L'],
          quantities: [5, 3],
        }),
        remove: [product.images[0]!.id],
      },
      [png, webp],
    );
    expect(res.errors).toBeUndefined();
    const after = res.data!.updateProduct;
    const entries = (await entriesAfter(since)).map(what);
    const object = {
      kind: 'product',
      id: String(product.id),
      label: 'Blusa Nike Dama 22 Azul Rey',
    };
    expect(entries).toEqual([
      {
        action: 'product.update',
        ...object,
        before: { priceCents: 45_000, promotion: false, promotionPriceCents: null },
        after: { priceCents: 50_000, promotion: true, promotionPriceCents: 40_000 },
      },
      {
        action: 'product.stock',
        ...object,
        before: { 'size:S': 1, 'size:M': 2, 'size:L': null },
        after: { 'size:S': null, 'size:M': 5, 'size:L': 3 },
      },
      {
        action: 'product.photos',
        ...object,
        before: { photos: [product.images[0]!.id] },
        after: { photos: after.images.map((i) => i.id) },
      },
    ]);
  });

  test('reordering sizes alone writes product.stock with the order; an unchanged save writes nothing', async () => {
    const product = await createProduct('Blusa Nike Dama 23 Azul Rey');
    const save = (sizes: string[], quantities: number[]) =>
      gqlUpload<{ updateProduct: ProductOut }>(
        admin,
        UPDATE,
        { id: product.id, input: input({ name: product.name, sizes, quantities }) },
        [],
      );
    let since = await mark();
    expect((await save(['M', 'S'], [2, 1])).errors).toBeUndefined();
    expect((await entriesAfter(since)).map((r) => [r.action, r.before, r.after])).toEqual([
      ['product.stock', { sizes: ['S', 'M'] }, { sizes: ['M', 'S'] }],
    ]);
    since = await mark();
    expect((await save(['M', 'S'], [2, 1])).errors).toBeUndefined();
    expect(await entriesAfter(since)).toEqual([]);
  });

  test('deleting writes product.delete with every field before; one orders name is product.hide', async () => {
    const gone = await createProduct('Blusa Nike Dama 24 Azul Rey');
    let since = await mark();
    expect((await admin.gql(DELETE, { id: gone.id })).errors).toBeUndefined();
    const [deleted] = (await entriesAfter(since)).map(what);
    expect(deleted).toMatchObject({
      action: 'product.delete',
      id: String(gone.id),
      after: {},
      before: { name: 'Blusa Nike Dama 24 Azul Rey', priceCents: 45_000, 'size:M': 2 },
    });

    const kept = await createProduct('Blusa Nike Dama 25 Azul Rey');
    const [order] = await db().execute<{ id: number }[]>(
      `insert into shop_order (user_id, subtotal_cents, shipping_cents, discount_cents, total_cents)
        values (?, 100, 0, 0, 100) returning id`,
      [adminId],
    );
    await db().execute(
      `insert into order_line (order_id, product_id, product_name, size, quantity, unit_price_cents,
                              on_promotion)
        values (?, ?, 'Blusa', 'M', 1, 100, false)`,
      [order!.id, kept.id],
    );
    since = await mark();
    // Through REST this time.
    expect((await admin.delete(`/api/productos/${kept.id}`)).status).toBe(204);
    const [hidden] = (await entriesAfter(since)).map(what);
    expect(hidden).toMatchObject({
      action: 'product.hide',
      id: String(kept.id),
      before: { hidden: false, name: 'Blusa Nike Dama 25 Azul Rey' },
      after: { hidden: true },
    });
  });

  test('REST PUT /api/productos/:id: the price and stock change are written the same way', async () => {
    const product = await createProduct('Blusa Nike Dama 26 Azul Rey');
    const since = await mark();
    const res = await admin.put(`/api/productos/${product.id}`, {
      nombre: 'Blusa Nike Dama 26 Azul Rey',
      descripcion: 'Blusa Nike Dama en color Azul Rey, tallas S, M, L y XL.',
      precio: 480,
      tallas: 'S,M',
      cantidad: '1,7',
      tipo: 'Blusa',
    });
    expect(res.status).toBe(200);
    expect((await entriesAfter(since)).map((r) => [r.action, r.before, r.after])).toEqual([
      ['product.update', { priceCents: 45_000 }, { priceCents: 48_000 }],
      ['product.stock', { 'size:M': 2 }, { 'size:M': 7 }],
    ]);
  });

  test('a refused update (a rule) and a customer leave no entry', async () => {
    const product = await createProduct('Blusa Nike Dama 27 Azul Rey');
    const since = await mark();
    const refused = await gqlUpload(
      admin,
      UPDATE,
      { id: product.id, input: input({ name: product.name, priceCents: 0 }) },
      [],
    );
    expect(refused.errors).toBeDefined();
    const forbidden = await customer.delete(`/api/productos/${product.id}`);
    expect(forbidden.status).toBe(403);
    expect(await entriesAfter(since)).toEqual([]);
  });
});

describe('atomic: the entry commits with its change or not at all', () => {
  afterEach(async () => {
    await db().execute('drop trigger if exists fail_at_commit on product');
    await db().execute('drop trigger if exists fail_audit on admin_audit');
    await db().execute('drop function if exists fail_now()');
  });

  test('a product update that fails after its audit write (at commit) leaves no entry and no change', async () => {
    const product = await createProduct('Blusa Nike Dama 28 Azul Rey');
    await db().execute(`create function fail_now() returns trigger language plpgsql as $$
      begin raise exception 'falla forzada'; end $$`);
    // Checked at commit, after every statement of the transaction (the audit insert included).
    await db().execute(`create constraint trigger fail_at_commit after update on product
      deferrable initially deferred for each row when (new.price_cents = 99900)
      execute function fail_now()`);
    const since = await mark();
    const res = await gqlUpload(
      admin,
      UPDATE,
      { id: product.id, input: input({ name: product.name, priceCents: 99_900 }) },
      [],
    );
    expect(res.errors?.[0]).toBeDefined();
    expect(await entriesAfter(since)).toEqual([]);
    const [row] = await db().execute<{ price_cents: number }[]>(
      'select price_cents from product where id = ?',
      [product.id],
    );
    expect(row!.price_cents).toBe(45_000);
  });

  test('an audit write that fails undoes the lookup rename it belongs to', async () => {
    const [brand] = await db().execute<{ id: number }[]>(
      `insert into brand (name) values ('Atómica') returning id`,
    );
    await db().execute(`create function fail_now() returns trigger language plpgsql as $$
      begin raise exception 'falla forzada'; end $$`);
    await db().execute(`create trigger fail_audit before insert on admin_audit
      for each row execute function fail_now()`);
    const res = await admin.put(`/api/marcas/${brand!.id}`, { nombre: 'Atómica Nueva' });
    expect(res.status).toBe(500);
    const [row] = await db().execute<{ name: string }[]>('select name from brand where id = ?', [
      brand!.id,
    ]);
    expect(row!.name).toBe('Atómica');
  });

  test('AuditTrail.record inside a transaction that throws leaves no entry', async () => {
    const since = await mark();
    const actor = {
      ip: '203.0.113.9',
      user: { id: adminId, email: 'admin@example.com' } as never,
    };
    await expect(
      withTransaction(db(), async (tx) => {
        await AuditTrail.record(tx, actor, {
          action: 'settings.update',
          object: { kind: 'settings', id: null, label: 'Ajustes' },
          before: { x: 1 },
          after: { x: 2 },
        });
        throw new Error('después de escribir');
      }),
    ).rejects.toThrow('después de escribir');
    expect(await entriesAfter(since)).toEqual([]);
  });
});

describe('lookups', () => {
  test('create (a brand with its variants), rename and delete, through GraphQL and REST', async () => {
    let since = await mark();
    const created = await admin.gql<{ createBrand: { brand: { id: number } } }>(
      'mutation { createBrand(name: "Umbro") { brand { id } } }',
    );
    expect(created.errors).toBeUndefined();
    const brandId = created.data!.createBrand.brand.id;
    const color = await admin.post('/api/colores', { nombre: 'Turquesa' });
    expect(color.status).toBe(201);
    const colorId = (color.body as { id: number }).id;
    const renamed = await admin.gql(
      `mutation R($id: Int!) { updateBrand(id: $id, name: "Umbro Pro") { id } }`,
      { id: brandId },
    );
    expect(renamed.errors).toBeUndefined();
    expect((await admin.put(`/api/colores/${colorId}`, { nombre: 'Turquesa Claro' })).status).toBe(
      200,
    );
    expect((await admin.delete(`/api/colores/${colorId}`)).status).toBe(204);
    const [typeRow] = await db().execute<{ id: number }[]>(
      `insert into product_type (name) values ('Gorra') returning id`,
    );
    const deletedType = await admin.gql(
      `mutation D($id: Int!) { deleteProductType(id: $id) { id } }`,
      {
        id: typeRow!.id,
      },
    );
    expect(deletedType.errors).toBeUndefined();

    expect((await entriesAfter(since)).map(what)).toEqual([
      {
        action: 'lookup.create',
        kind: 'brand',
        id: String(brandId),
        label: 'Umbro',
        before: {},
        after: { name: 'Umbro', variants: ['Umbro Dama', 'Umbro Niño'] },
      },
      {
        action: 'lookup.create',
        kind: 'color',
        id: String(colorId),
        label: 'Turquesa',
        before: {},
        after: { name: 'Turquesa' },
      },
      {
        action: 'lookup.rename',
        kind: 'brand',
        id: String(brandId),
        label: 'Umbro Pro',
        before: { name: 'Umbro' },
        after: { name: 'Umbro Pro' },
      },
      {
        action: 'lookup.rename',
        kind: 'color',
        id: String(colorId),
        label: 'Turquesa Claro',
        before: { name: 'Turquesa' },
        after: { name: 'Turquesa Claro' },
      },
      {
        action: 'lookup.delete',
        kind: 'color',
        id: String(colorId),
        label: 'Turquesa Claro',
        before: { name: 'Turquesa Claro' },
        after: {},
      },
      {
        action: 'lookup.delete',
        kind: 'type',
        id: String(typeRow!.id),
        label: 'Gorra',
        before: { name: 'Gorra' },
        after: {},
      },
    ]);
    // A refused delete (in use) writes nothing.
    since = await mark();
    expect((await admin.delete(`/api/tipos/${ids.blusa}`)).status).toBe(409);
    expect(await entriesAfter(since)).toEqual([]);
  });
});

describe('orders and their e-mails', () => {
  async function order(): Promise<number> {
    const [row] = await db().execute<{ id: number }[]>(
      `insert into shop_order (user_id, subtotal_cents, shipping_cents, discount_cents, total_cents)
        values (?, 100, 0, 0, 100) returning id`,
      [adminId],
    );
    return row!.id;
  }

  test('status and tracking: order.status (GraphQL), order.tracking (REST); the same again writes nothing', async () => {
    const id = await order();
    const since = await mark();
    const update = `mutation U($id: Int!, $input: UpdateOrderInput!) { updateOrder(id: $id, input: $input) { id } }`;
    expect(
      (
        await admin.gql(update, {
          id,
          input: { status: 'SHIPPED', tracking: 'EST-1', overrideReason: 'Pagó en efectivo' },
        })
      ).errors,
    ).toBeUndefined();
    expect(
      (await admin.put(`/api/pedidos/${id}`, { status: 'Enviado', estafeta: 'EST-2' })).status,
    ).toBe(200);
    expect(
      (await admin.put(`/api/pedidos/${id}`, { status: 'Enviado', estafeta: 'EST-2' })).status,
    ).toBe(200);
    expect((await entriesAfter(since)).map(what)).toEqual([
      {
        action: 'order.status',
        kind: 'order',
        id: String(id),
        label: `Pedido #${id}`,
        before: { status: 'En espera de pago', tracking: null },
        // Shipped unpaid: the admin's written reason is part of the entry (issue 24).
        after: { status: 'Enviado', tracking: 'EST-1', overrideReason: 'Pagó en efectivo' },
      },
      {
        action: 'order.tracking',
        kind: 'order',
        id: String(id),
        label: `Pedido #${id}`,
        before: { tracking: 'EST-1' },
        after: { tracking: 'EST-2' },
      },
    ]);
  });

  test("an e-mail sent again from the order's popup writes email.resend (GraphQL and REST)", async () => {
    const id = await order();
    const [mail] = await db().execute<{ id: string }[]>(
      `insert into mail_outbox (event_key, kind, recipient, order_id, props, status, attempts)
        values (?, 'order-received', 'cliente@example.com', ?, '{}', 'sent', 1) returning id`,
      [`auditoria:${id}`, id],
    );
    const since = await mark();
    const resent = await admin.gql(`mutation R($id: Int!) { resendOrderEmail(id: $id) { id } }`, {
      id: Number(mail!.id),
    });
    expect(resent.errors).toBeUndefined();
    expect((await admin.post(`/api/correos/${mail!.id}/reenviar`)).status).toBe(200);
    const entries = (await entriesAfter(since)).map(what);
    expect(entries).toEqual([
      {
        action: 'email.resend',
        kind: 'email',
        id: String(mail!.id),
        label: `Pedido recibido · Pedido #${id} · cliente@example.com`,
        before: { status: 'sent', attempts: 1 },
        after: { status: 'pending', attempts: 0 },
      },
      // Again while pending: nothing changed but the action itself, which is kept.
      expect.objectContaining({ action: 'email.resend', before: {}, after: {} }),
    ]);
  });
});

describe('reading the trail', () => {
  const ACTIVITY = `query A($filter: AuditFilter, $offset: Int!, $limit: Int!) {
    adminActivity(filter: $filter, offset: $offset, limit: $limit) {
      total items { id at userId userEmail ip action objectKind objectId objectLabel
        changes { field before after } } } }`;

  test('GraphQL: newest first, the changes as JSON, filtered by admin, action and dates; paged', async () => {
    const product = await createProduct('Blusa Nike Dama 30 Azul Rey');
    const all = await admin.gql<{
      adminActivity: { total: number; items: { id: number; action: string; changes: unknown[] }[] };
    }>(ACTIVITY, { offset: 0, limit: 100 });
    expect(all.errors).toBeUndefined();
    const ids = all.data!.adminActivity.items.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.data!.adminActivity.items[0]).toMatchObject({
      action: 'product.create',
      objectLabel: product.name,
    });
    expect(all.data!.adminActivity.items[0]!.changes).toContainEqual({
      field: 'priceCents',
      before: null,
      after: '45000',
    });

    const filtered = await admin.gql<{
      adminActivity: { total: number; items: { action: string }[] };
    }>(ACTIVITY, {
      filter: { userId: adminId, action: 'lookup.rename', from: '2000-01-01T00:00:00Z' },
      offset: 0,
      limit: 1,
    });
    expect(filtered.errors).toBeUndefined();
    expect(filtered.data!.adminActivity.total).toBe(2);
    expect(filtered.data!.adminActivity.items.map((i) => i.action)).toEqual(['lookup.rename']);

    const future = await admin.gql<{ adminActivity: { total: number } }>(ACTIVITY, {
      filter: { from: '2999-01-01T00:00:00Z' },
      offset: 0,
      limit: 10,
    });
    expect(future.data!.adminActivity.total).toBe(0);

    const admins = await admin.gql<{ activityAdmins: unknown[] }>(
      '{ activityAdmins { userId email } }',
    );
    expect(admins.data!.activityAdmins).toEqual([{ userId: adminId, email: 'admin@example.com' }]);
  });

  test('refusals: an unknown action, a range that ends before it starts, a page over 100', async () => {
    const unknown = await admin.gql(ACTIVITY, {
      filter: { action: 'product.nada' },
      offset: 0,
      limit: 5,
    });
    expect(unknown.errors![0]).toMatchObject({
      message: 'La acción no existe',
      extensions: { reason: 'UNKNOWN_ACTION' },
    });
    const range = await admin.gql(ACTIVITY, {
      filter: { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
      offset: 0,
      limit: 5,
    });
    expect(range.errors![0]).toMatchObject({
      message: 'La fecha inicial debe ser anterior a la final',
      extensions: { reason: 'INVALID_RANGE' },
    });
    const big = await admin.gql(ACTIVITY, { offset: 0, limit: 101 });
    expect(big.errors![0]!.message).toBe('Máximo 100 entradas por página');
  });

  test('REST GET /api/admin/actividad: Spanish fields, newest first, desde and limite', async () => {
    const res = await admin.get('/api/admin/actividad?limite=3');
    expect(res.status).toBe(200);
    const body = res.body as { id: number; fecha: string; accion: string }[];
    expect(body).toHaveLength(3);
    expect(body[0]).toEqual({
      id: expect.any(Number),
      fecha: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      usuario: { id: adminId, email: 'admin@example.com' },
      accion: 'product.create',
      objeto: { tipo: 'product', id: expect.any(String), nombre: 'Blusa Nike Dama 30 Azul Rey' },
      antes: {},
      despues: expect.objectContaining({ priceCents: 45_000 }),
      ip: expect.any(String),
    });
    expect(body.map((e) => e.fecha)).toEqual([...body.map((e) => e.fecha)].sort().reverse());
    const future = await admin.get('/api/admin/actividad?desde=2999-01-01T00:00:00Z');
    expect(future.body).toEqual([]);
    const since = body[1]!.fecha;
    const recent = await admin.get(`/api/admin/actividad?desde=${encodeURIComponent(since)}`);
    expect((recent.body as unknown[]).length).toBeGreaterThanOrEqual(2);
    expect((await admin.get('/api/admin/actividad?limite=101')).status).toBe(400);
    expect((await admin.get('/api/admin/actividad?desde=ayer')).status).toBe(400);
    expect((await customer.get('/api/admin/actividad')).status).toBe(403);
    expect((await shop.app.get('/api/admin/actividad')).status).toBe(401);
  });
});

describe('append-only', () => {
  test('no route edits or deletes an entry: PUT and DELETE answer 405; no such mutation exists', async () => {
    const [entry] = await entriesAfter(0);
    expect((await admin.put('/api/admin/actividad', {})).status).toBe(405);
    expect((await admin.delete('/api/admin/actividad')).status).toBe(405);
    expect((await admin.delete(`/api/admin/actividad/${entry!.id}`)).status).toBe(404);
    const schema = await admin.gql<{ __schema: { mutationType: { fields: { name: string }[] } } }>(
      '{ __schema { mutationType { fields { name } } } }',
    );
    const names = schema.data!.__schema.mutationType.fields.map((f) => f.name);
    expect(names.filter((n) => /audit|activity/i.test(n))).toEqual([]);
  });

  test('the database refuses UPDATE, DELETE and TRUNCATE of admin_audit (its triggers)', async () => {
    const [entry] = await entriesAfter(0);
    const refused = /admin_audit es de solo inserción/;
    await expect(
      db().execute(`update admin_audit set ip = 'x' where id = ?`, [entry!.id]),
    ).rejects.toThrow(refused);
    await expect(db().execute('delete from admin_audit where id = ?', [entry!.id])).rejects.toThrow(
      refused,
    );
    await expect(db().execute('truncate admin_audit')).rejects.toThrow(refused);
    const [still] = await db().execute<{ n: number }[]>(
      'select count(*)::int as n from admin_audit where id = ?',
      [entry!.id],
    );
    expect(still!.n).toBe(1);
  });
});
