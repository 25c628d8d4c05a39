import { DEFAULT_LEGAL_TEXTS, LEGAL_TEXT_MAX_LENGTH, LEGAL_TEXT_MESSAGES } from '@tienda/rules';
import { shopWith, type HttpClient } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/**
 * Issue 25 item 7: the legal pages ('Aviso de privacidad', 'Términos y condiciones',
 * 'Devoluciones y cambios'). Anyone reads them (GraphQL `legalPage`, REST GET
 * /api/textos-legales/...), with the shop's legal name, address, phone and e-mail from the
 * settings; an admin edits their Markdown (`updateLegalText`, PUT), checked by @tienda/rules and
 * audited; an empty text brings the default back.
 */
const shop = shopWith([], { rateLimits: false });

let admin: HttpClient;
let customer: HttpClient;

const PAGE = `query P($kind: LegalTextKind!) { legalPage(kind: $kind) { kind title markdown isDefault updatedAt } }`;
const UPDATE = `mutation U($kind: LegalTextKind!, $markdown: String!) {
  updateLegalText(kind: $kind, markdown: $markdown) { kind title markdown defaultMarkdown isDefault updatedAt } }`;

interface Page {
  kind: string;
  title: string;
  markdown: string;
  isDefault: boolean;
  updatedAt: string | null;
}

async function signedIn(email: string, password: string): Promise<HttpClient> {
  const client = shop.app.client();
  const res = await client.post('/api/auth/login', { email, password });
  expect(res.status).toBe(200);
  return client;
}

async function page(kind: string): Promise<Page> {
  const res = await shop.app.gql<{ legalPage: Page }>(PAGE, { kind });
  expect(res.errors).toBeUndefined();
  return res.data!.legalPage;
}

const SETTINGS = {
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
  ordersEmails: [],
};

beforeAll(async () => {
  await createUsers(shop.orm.em.fork(), [
    { email: 'cliente@example.com', password: 'Cliente123' },
    { email: 'jefa@example.com', password: 'Admin12345', role: 'admin' },
  ]);
  admin = await signedIn('jefa@example.com', 'Admin12345');
  customer = await signedIn('cliente@example.com', 'Cliente123');
});

describe('reading a legal page', () => {
  test('defaults when empty: each page answers its default, filled with the fallbacks of an empty shop', async () => {
    for (const kind of ['PRIVACY', 'TERMS', 'RETURNS']) {
      const p = await page(kind);
      expect(p.isDefault).toBe(true);
      expect(p.updatedAt).toBeNull();
      expect(p.markdown).not.toContain('{razonSocial}');
      expect(p.markdown).toContain('Tienda');
    }
    expect((await page('PRIVACY')).title).toBe('Aviso de privacidad');
    expect((await page('RETURNS')).markdown).toContain('cinco días hábiles a partir de la entrega');
  });

  test("the shop's legal name, address, phone and e-mail come from the settings", async () => {
    const saved = await admin.gql(
      'mutation U($input: ShopSettingsInput!) { updateShopSettings(input: $input) { legalName } }',
      { input: SETTINGS },
    );
    expect(saved.errors).toBeUndefined();
    const terms = (await page('TERMS')).markdown;
    expect(terms).toContain('**Lupita Calzado S.A. de C.V.** ("Zapatería Lupita")');
    expect(terms).toContain('Domicilio: Av. Juárez 10, Centro, 06000 Ciudad de México');
    expect(terms).toContain('Teléfono: 55 8765 4321');
    expect(terms).toContain('Correo: hola@lupita.mx');
    const rest = await shop.app.client().get('/api/textos-legales/terminos-y-condiciones');
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ titulo: 'Términos y condiciones', predeterminado: true });
    expect((rest.body as { texto: string }).texto).toContain('Lupita Calzado S.A. de C.V.');
  });
});

describe('editing a legal text', () => {
  test('admin only: a visitor and a customer are refused, nothing is written', async () => {
    const anonymous = await shop.app.gql(UPDATE, { kind: 'TERMS', markdown: 'x' });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const asCustomer = await customer.gql(UPDATE, { kind: 'TERMS', markdown: 'x' });
    expect(asCustomer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const rest = await customer.put('/api/textos-legales/terminos-y-condiciones', { texto: 'x' });
    expect(rest.status).toBe(403);
    const admins = await customer.gql('{ adminLegalTexts { kind } }');
    expect(admins.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await page('TERMS')).isDefault).toBe(true);
  });

  test('the admin saves a text: the page shows it with the placeholders filled, audited', async () => {
    const res = await admin.gql<{ updateLegalText: Page & { defaultMarkdown: string } }>(UPDATE, {
      kind: 'RETURNS',
      markdown: '## Cambios\r\n\r\nEscribe a {email} antes de 5 días hábiles.  ',
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateLegalText).toMatchObject({
      kind: 'RETURNS',
      markdown: '## Cambios\n\nEscribe a {email} antes de 5 días hábiles.',
      defaultMarkdown: DEFAULT_LEGAL_TEXTS.returns,
      isDefault: false,
    });
    const p = await page('RETURNS');
    expect(p).toMatchObject({
      isDefault: false,
      markdown: '## Cambios\n\nEscribe a hola@lupita.mx antes de 5 días hábiles.',
    });
    expect(p.updatedAt).not.toBeNull();
    const [entry] = await shop.orm.em
      .fork()
      .execute<{ object_kind: string; object_id: string; object_label: string; after: object }[]>(
        `select * from admin_audit where action = 'legal.update' order by id`,
      );
    expect(entry).toMatchObject({
      object_kind: 'legal_text',
      object_id: 'returns',
      object_label: 'Devoluciones y cambios',
      after: { markdown: '## Cambios\n\nEscribe a {email} antes de 5 días hábiles.' },
    });
    const list = await admin.gql<{ adminLegalTexts: { kind: string; isDefault: boolean }[] }>(
      '{ adminLegalTexts { kind isDefault } }',
    );
    expect(list.data!.adminLegalTexts).toEqual([
      { kind: 'PRIVACY', isDefault: true },
      { kind: 'TERMS', isDefault: true },
      { kind: 'RETURNS', isDefault: false },
    ]);
  });

  test('defaults when empty: saving an empty text brings the default back (REST too)', async () => {
    const res = await admin.put('/api/textos-legales/devoluciones-y-cambios', { texto: '   ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ predeterminado: true, texto: DEFAULT_LEGAL_TEXTS.returns });
    expect((await page('RETURNS')).isDefault).toBe(true);
    const rows = await shop.orm.em.fork().execute('select * from legal_text');
    expect(rows).toEqual([]);
  });

  test('length limits: a text over the limit is a 400 with its Spanish message, nothing saved', async () => {
    const long = 'a'.repeat(LEGAL_TEXT_MAX_LENGTH + 1);
    const res = await admin.gql(UPDATE, { kind: 'PRIVACY', markdown: long });
    expect(res.errors?.[0]?.message).toBe(LEGAL_TEXT_MESSAGES.tooLong('privacy'));
    expect(res.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'TOO_LONG',
    });
    const rest = await admin.put('/api/textos-legales/aviso-de-privacidad', { texto: long });
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({
      error: 'El texto de "Aviso de privacidad" no puede tener más de 20,000 caracteres',
      reason: 'TOO_LONG',
    });
    expect((await page('PRIVACY')).isDefault).toBe(true);
  });

  test('an unknown placeholder is refused in Spanish', async () => {
    const res = await admin.put('/api/textos-legales/aviso-de-privacidad', {
      texto: 'Responsable: {razon}',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: LEGAL_TEXT_MESSAGES.unknownPlaceholder('razon'),
      reason: 'UNKNOWN_PLACEHOLDER',
    });
  });

  test('unsafe Markdown is stored as text and answered as Markdown: raw HTML is never turned into markup by the server', async () => {
    const hostile = 'Hola <script>alert(1)</script> [x](javascript:alert(1))';
    const res = await admin.gql(UPDATE, { kind: 'TERMS', markdown: hostile });
    expect(res.errors).toBeUndefined();
    // The answer is the Markdown as written (JSON, never HTML): the client renders it without raw
    // HTML and drops the javascript: link (client/src/shared/ui/markdown.test.tsx).
    expect((await page('TERMS')).markdown).toBe(hostile);
    const html = await shop.app.client().get('/api/textos-legales/terminos-y-condiciones');
    expect(html.headers['content-type']).toMatch(/^application\/json/);
  });
});
