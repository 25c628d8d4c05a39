import { describe, expect, it } from 'vitest';
import {
  ADDRESS_FIELDS,
  type AddressValues,
  EMPTY_ADDRESS,
  hasAddressErrors,
  normalizeAddress,
  validateAddress,
} from './address-rules';

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
});
