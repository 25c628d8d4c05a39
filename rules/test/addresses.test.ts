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
  normalizeAddress,
  validateAddress,
} from '../src/addresses.js';

const valid: AddressValues = {
  firstName: 'Ana',
  lastName: 'López Pérez',
  street: 'Av. Juárez',
  number: '123',
  neighborhood: 'Centro',
  postalCode: '06000',
  city: 'Cuauhtémoc',
  state: 'Ciudad de México',
  references: 'Portón negro',
  phone: '5512345678',
};

describe('address rules (spec §5, the server messages)', () => {
  it('accepts a complete address', () => {
    expect(validateAddress(valid)).toEqual({});
    expect(hasAddressErrors(validateAddress(valid))).toBe(false);
  });

  it('requires every field, naming it like the server does', () => {
    const errors = validateAddress(EMPTY_ADDRESS);
    expect(Object.keys(errors)).toEqual([...ADDRESS_FIELDS]);
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
