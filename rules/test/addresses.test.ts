import { describe, expect, it } from 'vitest';
import {
  ADDRESS_FIELD_LABELS,
  ADDRESS_FIELDS,
  ADDRESS_MAX_LENGTH,
  type AddressValues,
  EMPTY_ADDRESS,
  addressProblems,
  hasAddressErrors,
  isAddressField,
  interiorNumberText,
  normalizeAddress,
  streetLine,
  validateAddress,
} from '../src/addresses.js';

const valid: AddressValues = {
  firstName: 'Ana',
  lastName: 'López Pérez',
  street: 'Av. Juárez',
  number: '123',
  interiorNumber: '',
  neighborhood: 'Centro',
  postalCode: '06000',
  city: 'Cuauhtémoc',
  state: 'Ciudad de México',
  references: 'Portón negro',
  phone: '5512345678',
  withoutNumber: false,
};

describe('address rules (spec §5, the server messages)', () => {
  it('accepts a complete address', () => {
    expect(validateAddress(valid)).toEqual({});
    expect(hasAddressErrors(validateAddress(valid))).toBe(false);
  });

  it('requires every field but the interior number, naming it like the server does', () => {
    const errors = validateAddress(EMPTY_ADDRESS);
    expect(Object.keys(errors)).toEqual(ADDRESS_FIELDS.filter((f) => f !== 'interiorNumber'));
    expect(errors).toEqual({
      firstName: 'El campo nombres es obligatorio',
      lastName: 'El campo apellidos es obligatorio',
      street: 'El campo calle es obligatorio',
      number: 'El campo número es obligatorio',
      neighborhood: 'El campo colonia es obligatorio',
      postalCode: 'El campo código postal es obligatorio',
      city: 'El campo ciudad/municipio es obligatorio',
      state: 'El campo estado es obligatorio',
      references: 'El campo referencias es obligatorio',
      phone: 'El campo teléfono es obligatorio',
    });
  });

  it('treats blanks as empty', () => {
    expect(validateAddress({ ...valid, street: '   ' }).street).toBe(
      'El campo calle es obligatorio',
    );
  });

  it('wants a numeric número', () => {
    expect(validateAddress({ ...valid, number: '12B' }).number).toBe('El número debe ser numérico');
    expect(validateAddress({ ...valid, number: ' 45 ' }).number).toBeUndefined();
  });

  it('wants a 5-digit código postal', () => {
    for (const postalCode of ['0600', '060001', '06a00']) {
      expect(validateAddress({ ...valid, postalCode }).postalCode).toBe(
        'El código postal debe tener 5 dígitos',
      );
    }
  });

  it('wants a 10-digit teléfono', () => {
    for (const phone of ['551234567', '55123456789', '55 1234 5678']) {
      expect(validateAddress({ ...valid, phone }).phone).toBe('El teléfono debe tener 10 dígitos');
    }
  });

  it('limits the length like the server', () => {
    expect(validateAddress({ ...valid, street: 'x'.repeat(121) }).street).toBe(
      'El campo calle no puede tener más de 120 caracteres',
    );
    expect(validateAddress({ ...valid, references: 'x'.repeat(500) }).references).toBeUndefined();
  });

  it('trims what it sends', () => {
    expect(normalizeAddress({ ...valid, firstName: '  Ana ' }).firstName).toBe('Ana');
  });

  it('lets each input take no more than its rule allows', () => {
    expect(ADDRESS_MAX_LENGTH).toMatchObject({ number: 10, postalCode: 5, phone: 10 });
    expect(ADDRESS_MAX_LENGTH.references).toBe(500);
    expect(ADDRESS_MAX_LENGTH.street).toBe(120);
    expect(ADDRESS_FIELD_LABELS.city).toBe('ciudad/municipio');
    expect(isAddressField('postalCode')).toBe(true);
    expect(isAddressField('total')).toBe(false);
  });
});

describe('address problems: field, message and reason', () => {
  it('answers the missing and too long fields first, then the formats (the server refuses the first)', () => {
    expect(addressProblems({ ...valid, number: '12B', phone: ' ', city: 'x'.repeat(121) })).toEqual(
      [
        {
          field: 'city',
          reason: 'TOO_LONG',
          message: 'El campo ciudad/municipio no puede tener más de 120 caracteres',
        },
        { field: 'phone', reason: 'REQUIRED', message: 'El campo teléfono es obligatorio' },
        { field: 'number', reason: 'NUMBER_NOT_NUMERIC', message: 'El número debe ser numérico' },
      ],
    );
    expect(addressProblems({ ...valid, postalCode: '0600', phone: '55' })).toEqual([
      {
        field: 'postalCode',
        reason: 'INVALID_POSTAL_CODE',
        message: 'El código postal debe tener 5 dígitos',
      },
      { field: 'phone', reason: 'INVALID_PHONE', message: 'El teléfono debe tener 10 dígitos' },
    ]);
    expect(addressProblems(valid)).toEqual([]);
  });
});

describe('Mexican addresses: número interior and Sin número (issue 28 item 4)', () => {
  it('keeps the numeric exterior número required without Sin número', () => {
    expect(validateAddress({ ...valid, number: '' }).number).toBe('El campo número es obligatorio');
    expect(validateAddress({ ...valid, number: '12-B' }).number).toBe(
      'El número debe ser numérico',
    );
  });

  it('takes an address marked Sin número with no número', () => {
    expect(addressProblems({ ...valid, number: '', withoutNumber: true })).toEqual([]);
    expect(addressProblems({ ...valid, number: '  ', withoutNumber: true })).toEqual([]);
  });

  it('refuses a número beside Sin número: "Deja vacío el número o quita «Sin número»"', () => {
    expect(addressProblems({ ...valid, number: '12', withoutNumber: true })).toEqual([
      {
        field: 'number',
        reason: 'NUMBER_WITH_WITHOUT_NUMBER',
        message: 'Deja vacío el número o quita «Sin número»',
      },
    ]);
  });

  it('takes an optional interior number of letters, digits and - . / #', () => {
    for (const interiorNumber of [
      '',
      'Depto. 4',
      'Int. B',
      '12-B',
      '4B',
      'Edif. 3/A',
      '#2',
      'Bis',
    ]) {
      expect(validateAddress({ ...valid, interiorNumber }).interiorNumber).toBeUndefined();
    }
  });

  it('refuses other signs: "El número interior solo puede tener letras, números, espacios y los signos - . / #"', () => {
    for (const interiorNumber of ['4<b>', 'B;drop', 'Int_4', '4*']) {
      expect(addressProblems({ ...valid, interiorNumber })).toEqual([
        {
          field: 'interiorNumber',
          reason: 'INVALID_INTERIOR_NUMBER',
          message:
            'El número interior solo puede tener letras, números, espacios y los signos - . / #',
        },
      ]);
    }
  });

  it('limits the interior number to 20 characters: "El campo número interior no puede tener más de 20 caracteres"', () => {
    expect(ADDRESS_MAX_LENGTH.interiorNumber).toBe(20);
    expect(validateAddress({ ...valid, interiorNumber: 'A'.repeat(20) })).toEqual({});
    expect(validateAddress({ ...valid, interiorNumber: 'A'.repeat(500) }).interiorNumber).toBe(
      'El campo número interior no puede tener más de 20 caracteres',
    );
  });

  it('trims the interior number and keeps Sin número when it normalises', () => {
    expect(
      normalizeAddress({ ...valid, interiorNumber: ' 4B ', withoutNumber: true }),
    ).toMatchObject({ interiorNumber: '4B', withoutNumber: true });
  });

  it('writes the street line the Mexican way, in one place', () => {
    expect(streetLine({ street: 'Av. Juárez', number: '123', interiorNumber: '4B' })).toBe(
      'Av. Juárez 123 Int. 4B',
    );
    expect(streetLine({ street: 'Calle Pino', number: null })).toBe('Calle Pino S/N');
    expect(streetLine({ street: 'Calle Pino', number: '', withoutNumber: true })).toBe(
      'Calle Pino S/N',
    );
    expect(
      streetLine({
        street: 'Calle Pino',
        number: '',
        withoutNumber: true,
        interiorNumber: 'Depto. 2',
      }),
    ).toBe('Calle Pino S/N Depto. 2');
    expect(streetLine({ street: 'Reforma', number: '10', interiorNumber: '' })).toBe('Reforma 10');
  });

  it('prefixes "Int." only when the interior number does not say what it is', () => {
    expect(interiorNumberText('Int. B')).toBe('Int. B');
    expect(interiorNumberText('Depto. 4')).toBe('Depto. 4');
    expect(interiorNumberText('Local 3')).toBe('Local 3');
    expect(interiorNumberText('12-B')).toBe('Int. 12-B');
    expect(interiorNumberText('B')).toBe('Int. B');
    expect(interiorNumberText('  ')).toBe('');
  });
});
