import { SESSION_COOKIE, SessionCookie } from '../../src/http/session-cookie.js';
import { SessionStore } from '../../src/modules/accounts/session-store.js';
import { shopWith } from './app.js';
import { createUsers } from './fixtures.js';

/**
 * The permission matrix's ground (permissions-graphql.test.ts, permissions-rest.test.ts): the
 * four roles (an anonymous visitor, a customer, another customer and an admin), the expected
 * outcomes by kind of operation, a session per role, and the records an operation consumes.
 * Importing this module registers, in the importing test file, the hooks that give it its own
 * database with one product and the users.
 */
export const ROLES = ['anonymous', 'customer', 'otherCustomer', 'admin'] as const;
export type Who = (typeof ROLES)[number];

/** `/metrics` is on (http/metrics.ts): its credential is this token, never a role. */
export const METRICS_TOKEN = 'token-de-metricas-de-la-matriz-0123456789';

export const shop = shopWith(
  [{ name: 'Playera Nike 1 Negro', price: 200, type: 'Playera', brand: 'Nike' }],
  {
    rateLimits: false,
    metricsToken: METRICS_TOKEN,
  },
);

export const ids = { customer: 0, otherCustomer: 0, admin: 0 };
let counter = 0;
/** A new number on every call (for unique names and e-mails). */
export const nextNumber = () => (counter += 1);
export const uniqueEmail = () => `matriz${nextNumber()}@example.com`;

/** A fresh open cart line of the customer (the only one), for operations that consume it. */
export async function customerLine(): Promise<number> {
  const em = shop.orm.em.fork();
  await em.execute(`update product_stock set quantity = 5 where product_id = 1 and size = 'M'`);
  await em.execute('delete from cart_line where user_id = ? and not purchased', [ids.customer]);
  const [row] = await em.execute<{ id: number }[]>(
    `insert into cart_line (user_id, product_id, size, quantity) values (?, 1, 'M', 1) returning id`,
    [ids.customer],
  );
  return row!.id;
}

/** A fresh address of the customer. */
export async function customerAddress(): Promise<number> {
  const [row] = await shop.orm.em.fork().execute<{ id: number }[]>(
    `insert into address (user_id, first_name, last_name, street, number, neighborhood,
        postal_code, city, state, "references", phone)
      values (?, 'Ana', 'López', 'Reforma', '10', 'Centro', '06000', 'CDMX', 'CDMX', 'Portón', '5512345678')
      returning id`,
    [ids.customer],
  );
  return row!.id;
}

/** The customer's fiscal data, saved (the SAT's test taxpayer). */
export async function customerFiscalData(): Promise<number> {
  await shop.orm.em.fork().execute(
    `insert into fiscal_data (user_id, rfc, legal_name, tax_regime, cfdi_use, postal_code)
      values (?, 'EKU9003173C9', 'ESCUELA KEMPER URGATE', '601', 'G03', '42501')
      on conflict (user_id) do nothing`,
    [ids.customer],
  );
  return ids.customer;
}

/** A paid order of the customer's with a stamped invoice (its PDF and XML stored). */
export async function customerInvoicedOrder(): Promise<number> {
  const orderId = await customerOrder();
  await shop.orm.em.fork().execute(
    `insert into invoice (kind, order_id, status, idempotency_key, pac_id, uuid, receiver,
        payment_form, subtotal_cents, discount_cents, tax_cents, total_cents, pdf, xml, stamped_at)
     values ('ingreso', ?, 'valid', ?, ?, ?, ?::jsonb, '03', 22100, 0, 3048, 22100,
        '%PDF-1.4'::bytea, '<cfdi:Comprobante/>'::bytea, now())`,
    [
      orderId,
      `matriz-${orderId}`,
      `inv_matriz_${orderId}`,
      `00000000-0000-4000-8000-${String(orderId).padStart(12, '0')}`,
      JSON.stringify({
        rfc: 'EKU9003173C9',
        legalName: 'ESCUELA KEMPER URGATE',
        taxRegime: '601',
        cfdiUse: 'G03',
        postalCode: '42501',
      }),
    ],
  );
  return orderId;
}

/** A stamped credit note (CFDI egreso) of a refunded return of the customer's invoiced order. */
export async function customerCreditNote(): Promise<number> {
  const orderId = await customerInvoicedOrder();
  const em = shop.orm.em.fork();
  const [ret] = await em.execute<{ id: number }[]>(
    `insert into order_return (order_id, user_id, status, refund_cents) values (?, ?, 'REFUNDED', 100)
     returning id`,
    [orderId, ids.customer],
  );
  const [row] = await em.execute<{ id: number }[]>(
    `insert into invoice (kind, order_id, related_invoice_id, return_id, status, idempotency_key,
        pac_id, uuid, receiver, payment_form, subtotal_cents, discount_cents, tax_cents,
        total_cents, pdf, xml, stamped_at)
     select 'egreso', i.order_id, i.id, ?, 'valid', ?, ?, ?, i.receiver, '03', 100, 0, 14, 100,
        '%PDF-1.4'::bytea, '<cfdi:Comprobante/>'::bytea, now()
       from invoice i where i.order_id = ? and i.kind = 'ingreso'
     returning id`,
    [
      ret!.id,
      `matriz-egreso-${ret!.id}`,
      `inv_matriz_egreso_${ret!.id}`,
      `00000000-0000-4000-a000-${String(ret!.id).padStart(12, '0')}`,
      orderId,
    ],
  );
  return row!.id;
}

/** A stamped global invoice (issue 25 item 5) listing one of the customer's orders. */
export async function globalInvoice(): Promise<number> {
  const orderId = await customerOrder();
  const em = shop.orm.em.fork();
  const [row] = await em.execute<{ id: number }[]>(
    `insert into invoice (kind, status, idempotency_key, pac_id, uuid, receiver, payment_form,
        subtotal_cents, discount_cents, tax_cents, total_cents, pdf, xml, stamped_at,
        period_from, period_to, periodicity)
     values ('global', 'valid', ?, ?, ?, '{"rfc":"XAXX010101000"}'::jsonb, '03', 19052, 0, 3048,
        22100, '%PDF-1.4'::bytea, '<cfdi:Comprobante/>'::bytea, now(), ?::date, ?::date, 'day')
     returning id`,
    [
      `matriz-global-${orderId}`,
      `inv_matriz_global_${orderId}`,
      `00000000-0000-4000-9000-${String(orderId).padStart(12, '0')}`,
      `2020-01-${String((orderId % 28) + 1).padStart(2, '0')}`,
      `2020-01-${String((orderId % 28) + 1).padStart(2, '0')}`,
    ],
  );
  await em.execute(
    `insert into invoice_order (invoice_id, order_id, total_cents) values (?, ?, 22100)`,
    [row!.id, orderId],
  );
  return row!.id;
}

/** An order of the customer's. */
export async function customerOrder(): Promise<number> {
  const [row] = await shop.orm.em.fork().execute<{ id: number }[]>(
    `insert into shop_order (user_id, subtotal_cents, shipping_cents, discount_cents, total_cents)
      values (?, 100, 22000, 0, 22100) returning id`,
    [ids.customer],
  );
  return row!.id;
}

/** A delivered order of the customer's (one Playera M, delivered now), for a return. */
export async function deliveredCustomerOrder(): Promise<number> {
  const em = shop.orm.em.fork();
  const [row] = await em.execute<{ id: number }[]>(
    `insert into shop_order (user_id, subtotal_cents, shipping_cents, discount_cents, total_cents,
        status, tracking) values (?, 20000, 22000, 0, 42000, 'Entregado', 'GUIA-M') returning id`,
    [ids.customer],
  );
  await em.execute(
    `insert into order_line (order_id, product_id, product_name, size, quantity, unit_price_cents,
        on_promotion) values (?, 1, 'Playera Nike 1 Negro', 'M', 1, 20000, false)`,
    [row!.id],
  );
  return row!.id;
}

/**
 * An order of the customer's 'Cancelado con reembolso' after a transfer payment, its refund
 * pending (modules/returns/transfer-refunds.ts), for the refund's doors.
 */
export async function customerPendingRefund(): Promise<number> {
  const em = shop.orm.em.fork();
  const [row] = await em.execute<{ id: number }[]>(
    `insert into shop_order (user_id, subtotal_cents, shipping_cents, discount_cents, total_cents,
        status) values (?, 20000, 22000, 0, 42000, 'Cancelado con reembolso') returning id`,
    [ids.customer],
  );
  await em.execute(
    `insert into payment (order_id, method, amount_cents, state, approved_at)
       values (?, 'transfer', 42000, 'approved', now())`,
    [row!.id],
  );
  await em.execute('insert into order_refund (order_id, amount_cents) values (?, 42000)', [
    row!.id,
  ]);
  return row!.id;
}

/** A return of the customer's, asked for and not yet received. */
export async function customerReturn(): Promise<number> {
  const orderId = await deliveredCustomerOrder();
  const em = shop.orm.em.fork();
  const [ret] = await em.execute<{ id: number }[]>(
    `insert into order_return (order_id, user_id, refund_cents) values (?, ?, 20000) returning id`,
    [orderId, ids.customer],
  );
  await em.execute(
    `insert into order_return_line (return_id, order_line_id, product_id, product_name, size,
        quantity, reason, refund_cents)
     select ?, id, product_id, product_name, size, 1, 'Talla', 20000 from order_line
      where order_id = ?`,
    [ret!.id, orderId],
  );
  return ret!.id;
}

/** An e-mail of a customer's order, in the outbox. */
export async function orderEmail(): Promise<number> {
  return (await orderWithEmail()).emailId;
}

/** A customer's order with one e-mail in the outbox. */
export async function orderWithEmail(): Promise<{ orderId: number; emailId: number }> {
  const orderId = await customerOrder();
  const [row] = await shop.orm.em.fork().execute<{ id: string }[]>(
    `insert into mail_outbox (event_key, kind, recipient, order_id, props, status)
      values (?, 'order-received', 'cliente@example.com', ?, '{}', 'sent') returning id`,
    [`order:${orderId}:order-received`, orderId],
  );
  return { orderId, emailId: Number(row!.id) };
}

/** A fresh unused item of a lookup list (for renames and deletes). */
export async function lookupItem(table: 'product_type' | 'brand' | 'color'): Promise<number> {
  const [row] = await shop.orm.em
    .fork()
    .execute<{ id: number }[]>(`insert into ${table} (name) values (?) returning id`, [
      `Matriz ${nextNumber()}`,
    ]);
  return row!.id;
}

/** A synonym group only the matrix uses, for edits and deletes. */
export async function spareSynonym(): Promise<number> {
  const n = nextNumber();
  const [row] = await shop.orm.em
    .fork()
    .execute<{ id: number }[]>(
      `insert into search_synonym (words) values (?::text[]) returning id`,
      [`{matriz${n}a,matriz${n}b}`],
    );
  return row!.id;
}

/** A coupon code no other test file's run picks (they may share a database). */
export const uniqueCouponCode = (prefix: string) => `${prefix}${process.pid}X${nextNumber()}`;

/** A coupon only the matrix uses (unused, so any field may change), for edits and deactivation. */
export async function spareCoupon(): Promise<number> {
  const [row] = await shop.orm.em
    .fork()
    .execute<{ id: number }[]>(
      `insert into coupon (code, kind, value) values (?, 'PERCENTAGE', 10) returning id`,
      [uniqueCouponCode('MATRIZ')],
    );
  return row!.id;
}

/** A product only the matrix uses, for deletes. */
export async function spareProduct(): Promise<number> {
  const [row] = await shop.orm.em
    .fork()
    .execute<{ id: number }[]>(
      `insert into product (name, description, price_cents, gender) values (?, 'x', 100, 'Hombre') returning id`,
      [`Matriz ${nextNumber()}`],
    );
  return row!.id;
}

/** No second factor, started or on, for the admin (so the 2FA rows start from the same place). */
export async function adminWithoutSecondFactor(): Promise<void> {
  await shop.orm.em.fork().execute('delete from user_second_factor where user_id = ?', [ids.admin]);
}

/** Both a cart line and an address, for the summary and the checkout. */
export async function customerCartAndAddress(): Promise<number> {
  await customerLine();
  return customerAddress();
}

beforeAll(async () => {
  const em = shop.orm.em.fork();
  [ids.customer, ids.otherCustomer, ids.admin] = (await createUsers(em, [
    { email: 'cliente@example.com', password: 'Cliente123' },
    { email: 'otro@example.com', password: 'Otro12345' },
    { email: 'admin@example.com', password: 'Admin12345', role: 'admin' },
    { email: 'entrar@example.com', password: 'Entrar123' },
  ])) as [number, number, number];
});

/** A fresh session for the role (so a call that signs out cannot affect the next one). */
export async function cookieFor(who: Who): Promise<Record<string, string>> {
  if (who === 'anonymous') return {};
  const session = await new SessionStore(shop.orm.em.fork()).start(ids[who]);
  const signer = new SessionCookie(shop.app.config.sessionSecret!, false);
  return { Cookie: `${SESSION_COOKIE}=${signer.value(session.token)}` };
}

export type Outcome = 'ok' | 'UNAUTHENTICATED' | 'FORBIDDEN' | { message: string };
export const PUBLIC: Record<Who, Outcome> = {
  anonymous: 'ok',
  customer: 'ok',
  otherCustomer: 'ok',
  admin: 'ok',
};
export const SIGNED_IN: Record<Who, Outcome> = { ...PUBLIC, anonymous: 'UNAUTHENTICATED' };
export const ADMIN: Record<Who, Outcome> = {
  anonymous: 'UNAUTHENTICATED',
  customer: 'FORBIDDEN',
  otherCustomer: 'FORBIDDEN',
  admin: 'ok',
};
/** The customer's own record: the customer and an admin; another customer is refused. */
export const OWNER: Record<Who, Outcome> = { ...ADMIN, customer: 'ok' };
export const GOOGLE_REFUSED: Record<Who, Outcome> = Object.fromEntries(
  ROLES.map((r) => [r, { message: 'ocurrió un error al iniciar sesión con Google' }]),
) as Record<Who, Outcome>;

/** Product 1's size XL sold out, for 'Avísame cuando llegue' (which only a sold-out size takes). */
export async function soldOutSize(): Promise<string> {
  await shop.orm.em
    .fork()
    .execute(`update product_stock set quantity = 0 where product_id = 1 and size = 'XL'`);
  return 'XL';
}
