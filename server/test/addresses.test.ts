import { ADDRESS_FIELD_LABELS, ADDRESS_FIELDS } from '@tienda/rules';
import { MAX_ADDRESSES_PER_USER } from '../src/modules/addresses/address.service.js';
import { shopWith, type HttpClient } from './support/app.js';
import { createUsers } from './support/fixtures.js';

/** Spec §5 'Address form' and issue 7 item 2, enforced by the server. */
const shop = shopWith([], { rateLimits: false });

const ADD = `mutation A($input: AddressInput!) { addAddress(input: $input) { id street number postalCode } }`;
const LIST = `{ addresses { id firstName lastName street number neighborhood postalCode city state references phone } }`;
const DELETE = `mutation D($id: Int!) { deleteAddress(id: $id) }`;

const valid = {
  firstName: 'Ana',
  lastName: 'López',
  street: 'Av. Reforma',
  number: '222',
  neighborhood: 'Juárez',
  postalCode: '06600',
  city: 'Cuauhtémoc',
  state: 'Ciudad de México',
  references: 'Entre Havre y Niza, portón negro',
  phone: '5512345678',
};

let n = 0;
async function customer(): Promise<{ client: HttpClient; id: number }> {
  n += 1;
  const [id] = await createUsers(shop.orm.em.fork(), [
    { email: `direcciones${n}@example.com`, password: 'Direccion1' },
  ]);
  const client = shop.app.client();
  await client.post('/api/auth/login', {
    email: `direcciones${n}@example.com`,
    password: 'Direccion1',
  });
  return { client, id: id! };
}

describe('addresses', () => {
  test('every field is required, named in the message', async () => {
    const { client } = await customer();
    for (const field of ADDRESS_FIELDS) {
      const res = await client.gql(ADD, { input: { ...valid, [field]: '  ' } });
      expect(res.errors?.[0]).toMatchObject({
        message: `El campo ${ADDRESS_FIELD_LABELS[field]} es obligatorio`,
        extensions: { code: 'BAD_USER_INPUT', field },
      });
    }
  });

  test.each([
    ['número numeric', { number: '12B' }, 'El número debe ser numérico'],
    [
      'código postal of 5 digits (4)',
      { postalCode: '0660' },
      'El código postal debe tener 5 dígitos',
    ],
    [
      'código postal of 5 digits (letters)',
      { postalCode: 'ABCDE' },
      'El código postal debe tener 5 dígitos',
    ],
    ['teléfono of 10 digits', { phone: '551234567' }, 'El teléfono debe tener 10 dígitos'],
    [
      'a bounded length',
      { street: 'x'.repeat(121) },
      'El campo calle no puede tener más de 120 caracteres',
    ],
  ])('%s', async (_rule, change, message) => {
    const { client } = await customer();
    const res = await client.gql(ADD, { input: { ...valid, ...change } });
    expect(res.errors?.[0]?.message).toBe(message);
    expect((await client.gql<{ addresses: unknown[] }>(LIST)).data!.addresses).toEqual([]);
  });

  test('added addresses are listed newest first, trimmed, only to their owner', async () => {
    const { client } = await customer();
    await client.gql(ADD, { input: { ...valid, street: '  Primera  ' } });
    await client.gql(ADD, { input: { ...valid, street: 'Segunda' } });
    const list = (await client.gql<{ addresses: { street: string }[] }>(LIST)).data!.addresses;
    expect(list.map((a) => a.street)).toEqual(['Segunda', 'Primera']);
    const other = await customer();
    expect((await other.client.gql<{ addresses: unknown[] }>(LIST)).data!.addresses).toEqual([]);
  });

  test('delete hides the address but keeps the row for orders already sent there', async () => {
    const { client } = await customer();
    const added = await client.gql<{ addAddress: { id: number } }>(ADD, { input: valid });
    const id = added.data!.addAddress.id;
    expect((await client.gql(DELETE, { id })).data).toEqual({ deleteAddress: true });
    expect((await client.gql<{ addresses: unknown[] }>(LIST)).data!.addresses).toEqual([]);
    expect((await client.get(`/api/direcciones/${id}`)).status).toBe(404);
    const again = await client.gql(DELETE, { id });
    expect(again.errors?.[0]).toMatchObject({
      message: 'Dirección no encontrada',
      extensions: { code: 'NOT_FOUND' },
    });
    const [row] = await shop.orm.em
      .fork()
      .execute<{ deleted: boolean }[]>(
        'select deleted_at is not null as deleted from address where id = ?',
        [id],
      );
    expect(row).toEqual({ deleted: true });
  });

  test(`at most ${MAX_ADDRESSES_PER_USER} addresses per customer`, async () => {
    const { client } = await customer();
    for (let i = 0; i < MAX_ADDRESSES_PER_USER; i += 1) {
      expect((await client.gql(ADD, { input: valid })).errors).toBeUndefined();
    }
    const res = await client.gql(ADD, { input: valid });
    expect(res.errors?.[0]?.message).toBe(
      `Puedes guardar hasta ${MAX_ADDRESSES_PER_USER} direcciones`,
    );
  });

  test('REST: the spec’s /api/direcciones paths and field names; numbers may come as numbers', async () => {
    const { client, id } = await customer();
    const body = {
      idUsuario: id,
      calle: 'Insurgentes Sur',
      numero: 1602,
      colonia: 'Crédito Constructor',
      codigo_postal: '03940',
      referencias: 'Edificio gris',
      ciudad_municipio: 'Benito Juárez',
      estado: 'Ciudad de México',
      nombre: 'Luis',
      apellido: 'Pérez',
      telefono: 5587654321,
    };
    const created = await client.post('/api/direcciones', body);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      ...body,
      id: expect.any(Number),
      numero: '1602',
      telefono: '5587654321',
      createdAt: expect.any(String),
    });
    const list = await client.get(`/api/direcciones/usuario/${id}`);
    expect(list.body).toEqual([created.body]);
    const bad = await client.post('/api/direcciones', { ...body, codigo_postal: 123 });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: 'El código postal debe tener 5 dígitos',
      reason: 'INVALID_POSTAL_CODE',
    });
    expect((await client.delete(`/api/direcciones/${created.body.id}`)).status).toBe(204);
    // Editing is not offered: the path answers 405.
    expect((await client.put(`/api/direcciones/${created.body.id}`, body)).status).toBe(405);
  });
});
