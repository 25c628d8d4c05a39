import { FISCAL_FIELDS, FISCAL_MESSAGES, FISCAL_LABELS } from '@tienda/rules';
import { shopWith, type HttpClient } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/** Issue 25 item 1: a customer's fiscal data, checked by the rules of @tienda/rules. */
const shop = shopWith([], { rateLimits: false });

const SAVE = `mutation F($input: FiscalDataInput!) {
  saveFiscalData(input: $input) { userId rfc legalName taxRegime cfdiUse postalCode } }`;
const MINE = `{ myFiscalData { userId rfc legalName taxRegime cfdiUse postalCode } }`;

/** The SAT's test taxpayer, a persona moral. */
const moral = {
  rfc: 'EKU9003173C9',
  legalName: 'Escuela Kemper Urgate',
  taxRegime: '601',
  cfdiUse: 'G03',
  postalCode: '42501',
};
const datosFiscales = {
  rfc: 'cacx-760510-1p8',
  razonSocial: 'Xochilt Casas Chavez',
  regimenFiscal: '612',
  usoCfdi: 'G01',
  codigoPostal: '36257',
};

let n = 0;
async function signedIn(
  role: 'user' | 'admin' = 'user',
): Promise<{ client: HttpClient; id: number }> {
  n += 1;
  const email = `fiscal${n}@example.com`;
  const [id] = await createUsers(shop.orm.em.fork(), [{ email, password: 'Fiscal123', role }]);
  const client = shop.app.client();
  await client.post('/api/auth/login', { email, password: 'Fiscal123' });
  return { client, id: id! };
}

describe('fiscal data through GraphQL', () => {
  test('a customer has none until they save it; then it is stored uppercase', async () => {
    const { client, id } = await signedIn();
    expect((await client.gql(MINE)).data).toEqual({ myFiscalData: null });
    const saved = await client.gql(SAVE, {
      input: { ...moral, rfc: ' eku9003173c9 ', legalName: 'escuela  kemper urgate' },
    });
    expect(saved.errors).toBeUndefined();
    const stored = { ...moral, userId: id, legalName: 'ESCUELA KEMPER URGATE' };
    expect(saved.data).toEqual({ saveFiscalData: stored });
    expect((await client.gql(MINE)).data).toEqual({ myFiscalData: stored });
    // Saving again replaces it.
    await client.gql(SAVE, { input: { ...moral, cfdiUse: 'G01' } });
    expect((await client.gql(MINE)).data).toMatchObject({ myFiscalData: { cfdiUse: 'G01' } });
  });

  test.each([
    [
      'RFC shape (INVALID_RFC)',
      { rfc: 'EKU90031' },
      'rfc',
      'INVALID_RFC',
      FISCAL_MESSAGES.invalidRfc,
    ],
    [
      'RFC check digit (RFC_CHECK_DIGIT)',
      { rfc: 'EKU9003173C8' },
      'rfc',
      'RFC_CHECK_DIGIT',
      FISCAL_MESSAGES.rfcCheckDigit,
    ],
    [
      'generic RFC (GENERIC_RFC)',
      { rfc: 'XAXX010101000' },
      'rfc',
      'GENERIC_RFC',
      FISCAL_MESSAGES.genericRfc,
    ],
    [
      'legal name without the regime suffix (LEGAL_NAME_WITH_REGIME)',
      { legalName: 'Escuela Kemper Urgate, S.A. de C.V.' },
      'legalName',
      'LEGAL_NAME_WITH_REGIME',
      FISCAL_MESSAGES.legalNameWithRegime,
    ],
    [
      'legal name characters (INVALID_LEGAL_NAME)',
      { legalName: 'Escuela <b>' },
      'legalName',
      'INVALID_LEGAL_NAME',
      FISCAL_MESSAGES.invalidLegalName,
    ],
    [
      'régimen from the catalogue (INVALID_TAX_REGIME)',
      { taxRegime: '999' },
      'taxRegime',
      'INVALID_TAX_REGIME',
      FISCAL_MESSAGES.invalidTaxRegime,
    ],
    [
      'régimen for the RFC’s kind (REGIME_NOT_FOR_PERSON)',
      { taxRegime: '605' },
      'taxRegime',
      'REGIME_NOT_FOR_PERSON',
      FISCAL_MESSAGES.regimeNotForPerson('MORAL'),
    ],
    [
      'uso de CFDI from the catalogue (INVALID_CFDI_USE)',
      { cfdiUse: 'CP01' },
      'cfdiUse',
      'INVALID_CFDI_USE',
      FISCAL_MESSAGES.invalidCfdiUse,
    ],
    [
      'uso de CFDI valid for the régimen (CFDI_USE_NOT_FOR_REGIME)',
      { cfdiUse: 'D01' },
      'cfdiUse',
      'CFDI_USE_NOT_FOR_REGIME',
      FISCAL_MESSAGES.cfdiUseNotForRegime,
    ],
    [
      'fiscal postal code of 5 digits (INVALID_POSTAL_CODE)',
      { postalCode: '4250' },
      'postalCode',
      'INVALID_POSTAL_CODE',
      FISCAL_MESSAGES.invalidPostalCode,
    ],
  ])('refuses: %s, saving nothing', async (_rule, change, field, reason, message) => {
    const { client } = await signedIn();
    const res = await client.gql(SAVE, { input: { ...moral, ...change } });
    expect(res.errors?.[0]).toMatchObject({
      message,
      extensions: { code: 'BAD_USER_INPUT', field, reason },
    });
    expect((await client.gql(MINE)).data).toEqual({ myFiscalData: null });
  });

  test('every field is required, named in the message', async () => {
    const { client } = await signedIn();
    for (const field of FISCAL_FIELDS) {
      const res = await client.gql(SAVE, { input: { ...moral, [field]: ' ' } });
      expect(res.errors?.[0]).toMatchObject({
        message: `El campo ${FISCAL_LABELS[field].toLowerCase()} es obligatorio`,
        extensions: { field, reason: 'REQUIRED' },
      });
    }
  });

  test('anonymous visitors are refused', async () => {
    const res = await shop.app.client().gql(MINE);
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe('PUT /api/usuarios/:id/datos-fiscales', () => {
  test('a customer saves their own with the issue’s field names, and reads it back', async () => {
    const { client, id } = await signedIn();
    const res = await client.put(`/api/usuarios/${id}/datos-fiscales`, datosFiscales);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      idUsuario: id,
      rfc: 'CACX7605101P8',
      razonSocial: 'XOCHILT CASAS CHAVEZ',
      regimenFiscal: '612',
      usoCfdi: 'G01',
      codigoPostal: '36257',
    });
    const read = await client.get(`/api/usuarios/${id}/datos-fiscales`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  test('a refusal is a 400 with the Spanish message and reason', async () => {
    const { client, id } = await signedIn();
    const res = await client.put(`/api/usuarios/${id}/datos-fiscales`, {
      ...datosFiscales,
      usoCfdi: 'D01',
      regimenFiscal: '601',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: FISCAL_MESSAGES.regimeNotForPerson('FISICA'),
      reason: 'REGIME_NOT_FOR_PERSON',
    });
    expect((await client.get(`/api/usuarios/${id}/datos-fiscales`)).status).toBe(404);
  });

  test('a customer can neither read nor write another customer’s (403), and theirs stays', async () => {
    const owner = await signedIn();
    const other = await signedIn();
    await owner.client.put(`/api/usuarios/${owner.id}/datos-fiscales`, datosFiscales);
    const write = await other.client.put(`/api/usuarios/${owner.id}/datos-fiscales`, {
      ...datosFiscales,
      codigoPostal: '01000',
    });
    expect(write.status).toBe(403);
    expect((await other.client.get(`/api/usuarios/${owner.id}/datos-fiscales`)).status).toBe(403);
    expect((await owner.client.get(`/api/usuarios/${owner.id}/datos-fiscales`)).body).toMatchObject(
      { codigoPostal: '36257' },
    );
  });

  test('an admin saves anyone’s, written in the audit trail; an unknown user is a 404', async () => {
    const customer = await signedIn();
    const admin = await signedIn('admin');
    const res = await admin.client.put(
      `/api/usuarios/${customer.id}/datos-fiscales`,
      datosFiscales,
    );
    expect(res.status).toBe(200);
    const [entry] = await shop.orm.em
      .fork()
      .execute<{ action: string; after: unknown }[]>(
        `select action, after from admin_audit where object_kind = 'user' and object_id = ?`,
        [String(customer.id)],
      );
    expect(entry).toMatchObject({
      action: 'user.update',
      after: { 'fiscal:rfc': 'CACX7605101P8', 'fiscal:postalCode': '36257' },
    });
    const missing = await admin.client.put('/api/usuarios/999999/datos-fiscales', datosFiscales);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Usuario no encontrado');
  });
});
