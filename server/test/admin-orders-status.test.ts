import type { HttpClient } from './support/app.js';
import { createUsers } from './support/fixtures.js';
import { PASSWORD, ids, orders, db, signIn, addressOf, stockOf } from './support/admin-orders.js';
import { setStock, orderRow, UPDATE, admin } from './support/admin-orders.js';

/**
 * An order's status and tracking, changed by the admin through GraphQL and REST: what the customer
 * sees, stock returned and taken again once (support/admin-orders.ts).
 */

describe('order status and tracking', () => {
  const ADD = `mutation A($p: Int!, $s: String!, $q: Int!) {
    addToCart(productId: $p, size: $s, quantity: $q) { itemCount } }`;
  const CHECKOUT = `mutation C($a: Int!, $k: String!) {
    checkout(addressId: $a, idempotencyKey: $k) { id } }`;
  let n = 0;

  /** A real checkout of `quantity` Playera M by a new customer: the stock is taken. */
  async function boughtOrder(quantity: number): Promise<{ id: number; client: HttpClient }> {
    n += 1;
    const email = `comprador${n}@example.com`;
    const [userId] = await createUsers(db(), [
      { name: `Comprador ${n}`, email, password: PASSWORD },
    ]);
    const client = await signIn(email);
    const added = await client.gql(ADD, { p: 1, s: 'M', q: quantity });
    expect(added.errors).toBeUndefined();
    const res = await client.gql<{ checkout: { id: number } }>(CHECKOUT, {
      a: await addressOf(userId!),
      k: `clave-estado-${n}-${Date.now()}`,
    });
    expect(res.errors).toBeUndefined();
    return { id: res.data!.checkout.id, client };
  }

  const update = (id: number, input: Record<string, unknown>) =>
    admin.gql<{ updateOrder: { id: number; status: string; tracking: string | null } }>(UPDATE, {
      id,
      input,
    });

  test("the new status and tracking are what the customer sees in 'order' and 'myOrders'", async () => {
    await setStock(1, 'M', 10);
    const { id, client } = await boughtOrder(1);
    // Only a paid order ships (issue 24): paid first, then shipped with its tracking.
    expect((await update(id, { status: 'PAID' })).errors).toBeUndefined();
    const res = await update(id, { status: 'SHIPPED', tracking: '  EST-123456  ' });
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateOrder).toEqual({
      id,
      status: 'SHIPPED',
      tracking: 'EST-123456',
      paid: false,
    });
    const one = await client.gql<{
      order: { status: string; tracking: string; trackingUrl: string; paymentSettled: boolean };
    }>(`query O($id: Int!) { order(id: $id) { status tracking trackingUrl paymentSettled } }`, {
      id,
    });
    // Shipped: nothing left to pay (no payment offered), though the status has no 'pagado'; the
    // tracking number on the carrier's page of the settings (issue 28 item 6).
    expect(one.data!.order).toEqual({
      status: 'SHIPPED',
      tracking: 'EST-123456',
      trackingUrl: 'https://www.estafeta.com/Herramientas/Rastreo?wayBillType=1&wayBill=EST-123456',
      paymentSettled: true,
    });
    const mine = await client.gql<{
      myOrders: { items: { id: number; status: string; tracking: string }[] };
    }>('{ myOrders { items { id status tracking } } }');
    expect(mine.data!.myOrders.items).toEqual([{ id, status: 'SHIPPED', tracking: 'EST-123456' }]);
    // Omitted tracking stays; a new one replaces it; a shipped order cannot lose it (issue 24).
    expect((await update(id, { status: 'SHIPPED' })).errors).toBeUndefined();
    expect(await orderRow(id)).toMatchObject({ status: 'Enviado', tracking: 'EST-123456' });
    await update(id, { status: 'SHIPPED', tracking: 'EST-7' });
    expect((await orderRow(id)).tracking).toBe('EST-7');
    const cleared = await update(id, { status: 'SHIPPED', tracking: '' });
    expect(cleared.errors?.[0]?.extensions?.reason).toBe('TRACKING_REQUIRED');
    expect((await orderRow(id)).tracking).toBe('EST-7');
    // On a paid order, empty clears it.
    const other = await boughtOrder(1);
    await update(other.id, { status: 'PAID', tracking: 'EST-8' });
    await update(other.id, { status: 'PAID', tracking: '' });
    expect((await orderRow(other.id)).tracking).toBeNull();
  });

  test('cancelling returns the units to stock once; repeating the update changes nothing', async () => {
    await setStock(1, 'M', 10);
    const { id } = await boughtOrder(3);
    expect(await stockOf(1, 'M')).toBe(7);
    const first = await update(id, { status: 'CANCELLED_UNPAID' });
    expect(first.errors).toBeUndefined();
    expect(await stockOf(1, 'M')).toBe(10);
    const again = await update(id, { status: 'CANCELLED_UNPAID' });
    expect(again.errors).toBeUndefined();
    expect(await stockOf(1, 'M')).toBe(10);
    expect((await orderRow(id)).status).toBe('Cancelado por falta de pago');
  });

  test('two cancellations at the same moment return the units once', async () => {
    await setStock(1, 'M', 10);
    const { id } = await boughtOrder(2);
    expect(await stockOf(1, 'M')).toBe(8);
    const other = await signIn('admin@example.com');
    const [a, b] = await Promise.all([
      update(id, { status: 'CANCELLED_UNPAID' }),
      other.gql(UPDATE, { id, input: { status: 'CANCELLED_UNPAID' } }),
    ]);
    expect(a.errors).toBeUndefined();
    expect(b.errors).toBeUndefined();
    expect(await stockOf(1, 'M')).toBe(10);
  });

  test('reactivating a cancelled order takes its units again, once', async () => {
    await setStock(1, 'M', 10);
    const { id } = await boughtOrder(2);
    await update(id, { status: 'CANCELLED_UNPAID' });
    expect(await stockOf(1, 'M')).toBe(10);
    const res = await update(id, { status: 'PAID' });
    expect(res.errors).toBeUndefined();
    expect(await stockOf(1, 'M')).toBe(8);
    await update(id, { status: 'SHIPPED', tracking: 'GUIA-R' });
    expect((await orderRow(id)).status).toBe('Enviado');
    expect(await stockOf(1, 'M')).toBe(8);
  });

  test('reactivating without enough stock is refused naming the product, and nothing changes', async () => {
    await setStock(1, 'M', 10);
    const { id } = await boughtOrder(2);
    await update(id, { status: 'CANCELLED_UNPAID', tracking: 'GUIA-1' });
    await setStock(1, 'M', 1);
    const res = await update(id, { status: 'PAID', tracking: 'GUIA-2' });
    expect(res.errors?.[0]).toMatchObject({
      message:
        'No se puede reactivar el pedido: no hay existencias suficientes de Playera Nike 1 Negro (talla M); se necesitan 2 y queda 1',
      extensions: { code: 'CONFLICT' },
    });
    expect(await orderRow(id)).toMatchObject({
      status: 'Cancelado por falta de pago',
      tracking: 'GUIA-1',
    });
    expect(await stockOf(1, 'M')).toBe(1);
  });

  test("a status outside the admin's six is refused (400, field status) unless it is the order's current one", async () => {
    // GraphQL takes only the OrderStatus enum's names; the REST facade takes the Spanish words.
    const unknown = await update(orders.jose2, { status: 'Regalado' });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const bad = await admin.put(`/api/pedidos/${orders.jose2}`, { status: 'Regalado' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error:
        'El estado debe ser uno de: En espera de pago, Pagado, Enviado, Entregado, Cancelado por falta de pago, Cancelado con reembolso',
      reason: 'INVALID_STATUS',
    });
    const byCard = await update(orders.jose2, { status: 'PAID_MERCADOPAGO' });
    expect(byCard.errors?.[0]).toMatchObject({
      message: bad.body.error,
      extensions: { code: 'BAD_USER_INPUT', field: 'status', reason: 'INVALID_STATUS' },
    });
    // 'Entregado' is the admin's, but only from 'Enviado' (the state machine says why).
    const delivered = await update(orders.jose2, { status: 'DELIVERED' });
    expect(delivered.errors?.[0]).toMatchObject({
      message: 'No se puede cambiar un pedido de «En espera de pago» a «Entregado»',
      extensions: { code: 'CONFLICT', reason: 'TRANSITION_NOT_ALLOWED' },
    });
    expect((await orderRow(orders.jose2)).status).toBe('En espera de pago');
    const rest = await admin.put(`/api/pedidos/${orders.jose2}`, { status: 'pagado' });
    expect(rest.status).toBe(400);
    expect(rest.body.error).toBe(bad.body.error);

    // A 'Pagado por mercadopago' order keeps its status and gets a tracking number.
    const mp = await update(orders.maria2, {
      status: 'PAID_MERCADOPAGO',
      tracking: 'MP-GUIA',
    });
    expect(mp.errors).toBeUndefined();
    expect(await orderRow(orders.maria2)).toMatchObject({
      status: 'Pagado por mercadopago',
      tracking: 'MP-GUIA',
    });
    const missing = await update(999_999, { status: 'PAID' });
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  test('tracking: at most 100 characters, one line, no control characters', async () => {
    const long = await update(orders.jose2, {
      status: 'AWAITING_PAYMENT',
      tracking: 'G'.repeat(101),
    });
    expect(long.errors?.[0]).toMatchObject({
      message: 'El número de guía no puede tener más de 100 caracteres',
      extensions: { field: 'tracking' },
    });
    const twoLines = await update(orders.jose2, {
      status: 'AWAITING_PAYMENT',
      tracking: 'GUIA\nOTRA',
    });
    expect(twoLines.errors?.[0]).toMatchObject({
      message: 'El número de guía no puede contener caracteres de control ni saltos de línea',
      extensions: { field: 'tracking' },
    });
    const control = await admin.put(`/api/pedidos/${orders.jose2}`, {
      status: 'En espera de pago',
      estafeta: 'GUIA\u0007',
    });
    expect(control.status).toBe(400);
    expect((await orderRow(orders.jose2)).tracking).toBeNull();
    const exact = await update(orders.jose2, {
      status: 'AWAITING_PAYMENT',
      tracking: 'G'.repeat(100),
    });
    expect(exact.errors).toBeUndefined();
  });

  test('REST PUT /api/pedidos/:id applies only status, estafeta and motivo: a forged total or idUsuario is ignored', async () => {
    const before = await orderRow(orders.ana3);
    // An unpaid order ships only with the admin's written reason (issue 24).
    const unpaid = await admin.put(`/api/pedidos/${orders.ana3}`, {
      status: 'Enviado',
      estafeta: 'EST-999',
    });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body).toEqual({
      error:
        'El pedido no está pagado: para enviarlo de todos modos escribe el motivo en la confirmación',
      reason: 'UNPAID_SHIPMENT',
    });
    const res = await admin.put(`/api/pedidos/${orders.ana3}`, {
      motivo: 'Pagó en efectivo en la tienda',
      id: orders.ana3,
      idUsuario: ids.jose,
      idDireccion: 1,
      idProductos: '1,2,3',
      total: 1,
      status: 'Enviado',
      estafeta: 'EST-999',
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: orders.ana3,
      idUsuario: ids.ana,
      total: 1170,
      status: 'Enviado',
      estafeta: 'EST-999',
    });
    expect(await orderRow(orders.ana3)).toEqual({
      ...before,
      status: 'Enviado',
      tracking: 'EST-999',
    });
    const noStatus = await admin.put(`/api/pedidos/${orders.ana3}`, { estafeta: 'X' });
    expect(noStatus.status).toBe(400);
    expect(noStatus.body.error).toBe('El campo status es obligatorio');
  });
});
