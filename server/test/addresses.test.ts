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
    for (const field of ADDRESS_FIELDS.filter((f) => f !== 'interiorNumber')) {
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
      numeroInterior: null,
      sinNumero: false,
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

  describe('Mexican addresses: número interior and Sin número (issue 28 item 4)', () => {
    const ADD_FULL = `mutation A($input: AddressInput!) {
      addAddress(input: $input) { id street number withoutNumber interiorNumber }
    }`;

    test('GraphQL keeps the interior number and Sin número (number stored as null)', async () => {
      const { client } = await customer();
      const inner = await client.gql<{ addAddress: { id: number } }>(ADD_FULL, {
        input: { ...valid, interiorNumber: ' Depto. 4 ' },
      });
      expect(inner.data!.addAddress).toMatchObject({
        number: '222',
        withoutNumber: false,
        interiorNumber: 'Depto. 4',
      });
      const sn = await client.gql<{ addAddress: { id: number } }>(ADD_FULL, {
        input: { ...valid, number: '', withoutNumber: true, interiorNumber: '12-B' },
      });
      expect(sn.data!.addAddress).toMatchObject({
        number: '',
        withoutNumber: true,
        interiorNumber: '12-B',
      });
      const rows = await shop.orm.em
        .fork()
        .execute<{ number: string | null; interior_number: string | null }[]>(
          'select number, interior_number from address where id in (?, ?) order by id',
          [inner.data!.addAddress.id, sn.data!.addAddress.id],
        );
      expect(rows).toEqual([
        { number: '222', interior_number: 'Depto. 4' },
        { number: null, interior_number: '12-B' },
      ]);
      // Without an interior number the column is null and the field empty.
      const plain = await client.gql<{ addAddress: { interiorNumber: string } }>(ADD_FULL, {
        input: valid,
      });
      expect(plain.data!.addAddress.interiorNumber).toBe('');
    });

    test.each([
      [
        'número missing without Sin número: "El campo número es obligatorio"',
        { number: '' },
        'number',
        'REQUIRED',
        'El campo número es obligatorio',
      ],
      [
        'a número beside Sin número: "Deja vacío el número o quita «Sin número»"',
        { number: '12', withoutNumber: true },
        'number',
        'NUMBER_WITH_WITHOUT_NUMBER',
        'Deja vacío el número o quita «Sin número»',
      ],
      [
        'a 500-character interior number: "El campo número interior no puede tener más de 20 caracteres"',
        { interiorNumber: 'A'.repeat(500) },
        'interiorNumber',
        'TOO_LONG',
        'El campo número interior no puede tener más de 20 caracteres',
      ],
      [
        'an interior number with other signs: "El número interior solo puede tener letras…"',
        { interiorNumber: '<script>' },
        'interiorNumber',
        'INVALID_INTERIOR_NUMBER',
        'El número interior solo puede tener letras, números, espacios y los signos - . / #',
      ],
    ])('GraphQL refuses %s', async (_rule, change, field, reason, message) => {
      const { client } = await customer();
      const res = await client.gql(ADD_FULL, { input: { ...valid, ...change } });
      expect(res.errors?.[0]).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', field, reason },
      });
      expect((await client.gql<{ addresses: unknown[] }>(LIST)).data!.addresses).toEqual([]);
    });

    test('GraphQL refuses a lone surrogate in the interior number with 400, not a 500', async () => {
      const { client } = await customer();
      const res = await client.post('/graphql', {
        query: ADD_FULL,
        variables: { input: { ...valid, interiorNumber: 'Int. \ud800' } },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors?.[0]).toMatchObject({
        message: 'El texto enviado no es válido',
        extensions: { reason: 'MALFORMED_TEXT' },
      });
      expect((await client.gql<{ addresses: unknown[] }>(LIST)).data!.addresses).toEqual([]);
    });

    test('REST: numeroInterior (optional) and sinNumero beside the spec’s fields', async () => {
      const { client, id } = await customer();
      const body = {
        idUsuario: id,
        calle: 'Calle Pino',
        colonia: 'Del Valle',
        codigo_postal: '03100',
        referencias: 'Casa azul',
        ciudad_municipio: 'Benito Juárez',
        estado: 'Ciudad de México',
        nombre: 'Eva',
        apellido: 'Ruiz',
        telefono: '5511112222',
      };
      const sn = await client.post('/api/direcciones', {
        ...body,
        sinNumero: true,
        numeroInterior: 'Int. B',
      });
      expect(sn.status).toBe(201);
      expect(sn.body).toMatchObject({ numero: '', sinNumero: true, numeroInterior: 'Int. B' });
      expect((await client.get(`/api/direcciones/${sn.body.id}`)).body).toEqual(sn.body);

      const withNumber = await client.post('/api/direcciones', {
        ...body,
        numero: '45',
        numeroInterior: '12-B',
      });
      expect(withNumber.status).toBe(201);
      expect(withNumber.body).toMatchObject({
        numero: '45',
        sinNumero: false,
        numeroInterior: '12-B',
      });

      const cases: [Record<string, unknown>, number, object][] = [
        [{}, 400, { error: 'El campo número es obligatorio', reason: 'REQUIRED' }],
        [
          { numero: '45', numeroInterior: 'x'.repeat(500) },
          400,
          {
            error: 'El campo número interior no puede tener más de 20 caracteres',
            reason: 'TOO_LONG',
          },
        ],
        [
          { numero: '45', numeroInterior: 'Int. \ud800' },
          400,
          { error: 'El texto enviado no es válido', reason: 'MALFORMED_TEXT' },
        ],
        [
          { numero: '45', sinNumero: true },
          400,
          {
            error: 'Deja vacío el número o quita «Sin número»',
            reason: 'NUMBER_WITH_WITHOUT_NUMBER',
          },
        ],
      ];
      for (const [change, status, answer] of cases) {
        const res = await client.post('/api/direcciones', { ...body, ...change });
        expect([res.status, res.body]).toEqual([status, answer]);
      }
      const list = await client.get(`/api/direcciones/usuario/${id}`);
      expect(list.body).toHaveLength(2);
    });
  });
});
