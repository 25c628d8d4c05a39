import { SHOP_SETTINGS_MESSAGES } from '@tienda/rules';
import { brandOf } from '../src/modules/mail/brand.js';
import { shopSettingsDefaults } from '../src/modules/settings/shop-settings.js';
import { shopWith, type HttpClient } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/**
 * Issue 26 item 1, 'Ajustes': the shop's settings stored in PostgreSQL over the environment's
 * defaults, read by the public `shopSettings` (never the admin-only notification addresses), the
 * payment page, the e-mails; changed by an admin through GraphQL (`adminShopSettings`,
 * `updateShopSettings`) or REST (`GET`/`PUT /api/ajustes`), validated by @tienda/rules, audited.
 */
const shop = shopWith(
  [{ name: 'Playera Nike 1 Negro', price: 200, type: 'Playera', brand: 'Nike', stock: { M: 9 } }],
  { rateLimits: false },
);

let admin: HttpClient;
let customer: HttpClient;
let customerId = 0;

const GQL_FIELDS = `name legalName address phone email bank holder account clabe card proofPhone
  whatsappUrl facebookUrl trustUrl carrier trackingUrl globalInvoicePeriodicity ordersEmails`;
const PUBLIC_FIELDS = `name legalName address phone email whatsappUrl facebookUrl trustUrl carrier
  trackingUrl bankTransfer { bank holder account clabe card proofPhone }`;

const NEW = {
  name: 'Zapatería Lupita',
  legalName: 'Lupita Calzado S.A. de C.V.',
  address: 'Av. Juárez 10, Centro, 06000 Ciudad de México',
  phone: '5587654321',
  email: 'hola@lupita.mx',
  bank: 'Banorte',
  holder: 'Lupita Calzado S.A. de C.V.',
  account: '9876543210',
  clabe: '002010077777777771',
  card: '5579100000000001',
  proofPhone: '5511112222',
  whatsappUrl: 'https://wa.me/525511112222',
  facebookUrl: 'https://www.facebook.com/lupita',
  trustUrl: 'https://www.facebook.com/lupita/reviews',
  carrier: 'DHL',
  trackingUrl: 'https://www.dhl.com/mx-es/home/rastreo.html?tracking-id={guia}',
  globalInvoicePeriodicity: 'week',
  ordersEmails: ['ventas@lupita.mx', 'dueña@lupita.mx'],
};

const REST_NEW = {
  nombre: NEW.name,
  razonSocial: NEW.legalName,
  direccion: NEW.address,
  telefono: NEW.phone,
  email: NEW.email,
  banco: NEW.bank,
  titular: NEW.holder,
  cuenta: NEW.account,
  clabe: NEW.clabe,
  tarjeta: '5579 1000 0000 0001',
  telefonoComprobante: NEW.proofPhone,
  urlWhatsapp: NEW.whatsappUrl,
  urlFacebook: NEW.facebookUrl,
  urlConfiables: NEW.trustUrl,
  paqueteria: NEW.carrier,
  urlRastreo: NEW.trackingUrl,
  periodicidadFacturaGlobal: NEW.globalInvoicePeriodicity,
  correosPedidos: NEW.ordersEmails,
};

const UPDATE = `mutation U($input: ShopSettingsInput!) { updateShopSettings(input: $input) { ${GQL_FIELDS} } }`;

async function signedIn(email: string, password: string): Promise<HttpClient> {
  const client = shop.app.client();
  const res = await client.post('/api/auth/login', { email, password });
  expect(res.status).toBe(200);
  return client;
}

async function stored(): Promise<{ data: Record<string, unknown>; version: number }> {
  const [row] = await shop.orm.em
    .fork()
    .execute<{ data: Record<string, unknown>; version: string }[]>(
      'select data, version from shop_settings where id = 1',
    );
  return { data: row!.data, version: Number(row!.version) };
}

async function auditRows() {
  return shop.orm.em
    .fork()
    .execute<
      { action: string; object_kind: string; object_label: string; before: object; after: object }[]
    >(`select * from admin_audit where action = 'settings.update' order by id`);
}

async function publicSettings() {
  const res = await shop.app.gql<{ shopSettings: Record<string, unknown> }>(
    `{ shopSettings { ${PUBLIC_FIELDS} } }`,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.shopSettings;
}

beforeAll(async () => {
  [customerId] = (await createUsers(shop.orm.em.fork(), [
    { email: 'cliente@example.com', password: 'Cliente123' },
    { email: 'jefa@example.com', password: 'Admin12345', role: 'admin' },
  ])) as [number, number];
  admin = await signedIn('jefa@example.com', 'Admin12345');
  customer = await signedIn('cliente@example.com', 'Cliente123');
});

describe('an empty shop: the environment says', () => {
  test('the public query and the admin one answer the defaults of config.ts', async () => {
    const defaults = shopSettingsDefaults(shop.app.config);
    expect(await stored()).toMatchObject({ data: {} });
    const pub = await publicSettings();
    expect(pub).toEqual({
      name: 'Tienda',
      legalName: '',
      address: '',
      phone: '',
      email: '',
      whatsappUrl: shop.app.config.shop.whatsappUrl,
      facebookUrl: shop.app.config.shop.facebookUrl,
      trustUrl: shop.app.config.shop.trustUrl,
      carrier: shop.app.config.mail.carrier,
      trackingUrl: shop.app.config.mail.trackingUrlTemplate,
      bankTransfer: shop.app.config.bankTransfer,
    });
    const res = await admin.gql<{ adminShopSettings: unknown }>(
      `{ adminShopSettings { ${GQL_FIELDS} } }`,
    );
    expect(res.data!.adminShopSettings).toEqual(defaults);
    const rest = await admin.get('/api/ajustes');
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({
      nombre: 'Tienda',
      clabe: shop.app.config.bankTransfer.clabe,
      correosPedidos: [],
    });
  });
});

describe('an admin changes them', () => {
  test('GraphQL: every field replaced, stored, served at once, one audit entry of what changed', async () => {
    const before = await stored();
    const res = await admin.gql<{ updateShopSettings: typeof NEW }>(UPDATE, {
      input: { ...NEW, name: `  ${NEW.name} `, card: '5579100000000001' },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateShopSettings).toEqual({ ...NEW, card: '5579 1000 0000 0001' });
    const after = await stored();
    expect(after.version).toBe(before.version + 1);
    expect(after.data).toMatchObject({ name: NEW.name, clabe: NEW.clabe });
    expect((await publicSettings()).bankTransfer).toMatchObject({
      clabe: NEW.clabe,
      bank: 'Banorte',
    });

    const [entry] = await auditRows();
    expect(entry).toMatchObject({
      action: 'settings.update',
      object_kind: 'settings',
      object_label: 'Ajustes de la tienda',
    });
    const defaults = shopSettingsDefaults(shop.app.config);
    expect(entry!.before).toMatchObject({
      clabe: defaults.clabe,
      name: 'Tienda',
      ordersEmails: [],
    });
    expect(entry!.after).toMatchObject({ clabe: NEW.clabe, name: NEW.name });
    // Only what changed: the same values again write no entry.
    await admin.gql(UPDATE, { input: { ...NEW } });
    expect(await auditRows()).toHaveLength(1);
  });

  test('REST: GET and PUT /api/ajustes with the Spanish field names', async () => {
    const put = await admin.put('/api/ajustes', { ...REST_NEW, paqueteria: 'Estafeta' });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ ...REST_NEW, paqueteria: 'Estafeta' });
    const get = await admin.get('/api/ajustes');
    expect(get.body).toEqual({ ...REST_NEW, paqueteria: 'Estafeta' });
    expect((await publicSettings()).carrier).toBe('Estafeta');
    const [, second] = await auditRows();
    expect(second).toMatchObject({ before: { carrier: 'DHL' }, after: { carrier: 'Estafeta' } });
  });

  test('the public query never carries the notification addresses', async () => {
    const schema = await shop.app.gql<{ __type: { fields: { name: string }[] } }>(
      '{ __type(name: "ShopSettings") { fields { name } } }',
    );
    expect(schema.data!.__type.fields.map((f) => f.name)).not.toContain('ordersEmails');
    const leak = await shop.app.gql('{ shopSettings { ordersEmails } }');
    expect(leak.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const everything = await shop.app.gql(
      `{ shopSettings { ${PUBLIC_FIELDS} googleClientId cardPaymentsEnabled } }`,
    );
    expect(JSON.stringify(everything.data)).not.toMatch(/ventas@lupita|dueña@lupita/);
  });

  test("the orders' e-mails: the new bank details and the new notification addresses", async () => {
    const em = shop.orm.em.fork();
    await em.execute(
      `insert into cart_line (user_id, product_id, size, quantity) values (?, 1, 'M', 1)`,
      [customerId],
    );
    const [address] = await em.execute<{ id: number }[]>(
      `insert into address (user_id, first_name, last_name, street, number, neighborhood,
          postal_code, city, state, "references", phone)
        values (?, 'Ana', 'López', 'Reforma', '10', 'Centro', '06000', 'CDMX', 'CDMX', 'Portón', '5512345678')
        returning id`,
      [customerId],
    );
    const res = await customer.gql<{ checkout: { id: number } }>(
      'mutation C($a: Int!) { checkout(addressId: $a, idempotencyKey: "ajustes-1") { id } }',
      { a: address!.id },
    );
    expect(res.errors).toBeUndefined();
    const mails = await em.execute<
      { kind: string; recipient: string; props: { bank?: { clabe: string } } }[]
    >('select kind, recipient, props from mail_outbox where order_id = ? order by id', [
      res.data!.checkout.id,
    ]);
    expect(mails.find((m) => m.kind === 'order-received')?.props.bank?.clabe).toBe(NEW.clabe);
    expect(mails.filter((m) => m.kind === 'shop-new-order').map((m) => m.recipient)).toEqual(
      NEW.ordersEmails,
    );
    // The brand every message is drawn with: the settings' name, links and carrier.
    expect(brandOf(shop.app.config, shop.app.settings.current())).toMatchObject({
      name: NEW.name,
      whatsappUrl: NEW.whatsappUrl,
      carrier: 'Estafeta',
      trackingUrlTemplate: NEW.trackingUrl,
    });
  });
});

describe("refusals: a 400 with the field's Spanish message, nothing changed", () => {
  const M = SHOP_SETTINGS_MESSAGES;
  const cases: [string, Partial<typeof NEW>, string, string][] = [
    ['clabe', { clabe: '002010077777777770' }, M.invalidClabe, 'INVALID_CLABE'],
    ['card', { card: '5579 1000 0000' }, M.invalidCard, 'INVALID_CARD'],
    ['account', { account: '12-34' }, M.invalidAccount, 'INVALID_ACCOUNT'],
    ['phone', { phone: '55 8765' }, M.invalidPhone, 'INVALID_PHONE'],
    ['proofPhone', { proofPhone: '551111222' }, M.invalidProofPhone, 'INVALID_PHONE'],
    ['email', { email: 'hola@' }, M.invalidEmail, 'INVALID_EMAIL'],
    ['whatsappUrl', { whatsappUrl: 'http://wa.me/52' }, M.httpsOnly('whatsappUrl'), 'HTTPS_ONLY'],
    ['trustUrl', { trustUrl: 'javascript:alert(1)' }, M.httpsOnly('trustUrl'), 'HTTPS_ONLY'],
    [
      'trackingUrl',
      { trackingUrl: 'https://www.dhl.com/rastreo' },
      M.trackingPlaceholder,
      'TRACKING_PLACEHOLDER',
    ],
    ['name', { name: '   ' }, M.required('name'), 'REQUIRED'],
    ['bank', { bank: 'x'.repeat(81) }, M.tooLong('bank', 80), 'TOO_LONG'],
    [
      'ordersEmails',
      { ordersEmails: ['ventas@lupita.mx', 'sin-arroba'] },
      M.invalidOrdersEmail('sin-arroba'),
      'INVALID_EMAIL',
    ],
  ];

  test.each(cases)('GraphQL %s', async (field, change, message, reason) => {
    const before = await stored();
    const res = await admin.gql(UPDATE, { input: { ...NEW, ...change } });
    expect(res.errors?.[0]).toMatchObject({
      message,
      extensions: { code: 'BAD_USER_INPUT', field, reason },
    });
    expect(await stored()).toEqual(before);
  });

  test.each(cases)('REST %s', async (_field, change, message, reason) => {
    const before = await stored();
    const spanish: Record<string, string> = {
      clabe: 'clabe',
      card: 'tarjeta',
      account: 'cuenta',
      phone: 'telefono',
      proofPhone: 'telefonoComprobante',
      email: 'email',
      whatsappUrl: 'urlWhatsapp',
      trustUrl: 'urlConfiables',
      trackingUrl: 'urlRastreo',
      name: 'nombre',
      bank: 'banco',
      ordersEmails: 'correosPedidos',
    };
    const [[field, value]] = Object.entries(change) as [[string, unknown]];
    const res = await admin.put('/api/ajustes', { ...REST_NEW, [spanish[field]!]: value });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, reason });
    expect(await stored()).toEqual(before);
  });

  test('REST: a PUT is a whole replacement: a missing or unknown field is refused', async () => {
    const before = await stored();
    const partial: Partial<typeof REST_NEW> = { ...REST_NEW };
    delete partial.clabe;
    const missing = await admin.put('/api/ajustes', partial);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('El campo clabe es obligatorio');
    const unknown = await admin.put('/api/ajustes', { ...REST_NEW, rol: 'admin' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/^El campo cuerpo no es válido/);
    expect(await stored()).toEqual(before);
  });

  test('customers and visitors: 401/403, nothing read or changed', async () => {
    const before = await stored();
    expect((await customer.put('/api/ajustes', REST_NEW)).status).toBe(403);
    expect((await customer.get('/api/ajustes')).status).toBe(403);
    expect((await shop.app.client().put('/api/ajustes', REST_NEW)).status).toBe(401);
    const res = await customer.gql(UPDATE, { input: { ...NEW, clabe: '012180001234567899' } });
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const read = await customer.gql(`{ adminShopSettings { ordersEmails } }`);
    expect(read.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await stored()).toEqual(before);
  });
});
