import { badInput } from '../shared/errors.js';

/** An address as the customer types it (spec §3 Address, §5 Address form). */
export interface AddressInputData {
  firstName: string;
  lastName: string;
  street: string;
  number: string;
  neighborhood: string;
  postalCode: string;
  city: string;
  state: string;
  references: string;
  phone: string;
}

/** The form's labels, for messages: 'El campo calle es obligatorio'. */
export const ADDRESS_FIELD_LABELS: Record<keyof AddressInputData, string> = {
  firstName: 'nombres',
  lastName: 'apellidos',
  street: 'calle',
  number: 'número',
  neighborhood: 'colonia',
  postalCode: 'código postal',
  city: 'ciudad/municipio',
  state: 'estado',
  references: 'referencias',
  phone: 'teléfono',
};

export const ADDRESS_FIELDS = Object.keys(ADDRESS_FIELD_LABELS) as (keyof AddressInputData)[];

export const ADDRESS_MESSAGES = {
  numberNotNumeric: 'El número debe ser numérico',
  invalidPostalCode: 'El código postal debe tener 5 dígitos',
  invalidPhone: 'El teléfono debe tener 10 dígitos',
  tooMany: (max: number) => `Puedes guardar hasta ${max} direcciones`,
} as const;

export const MAX_ADDRESSES_PER_USER = 20;
const MAX_LENGTH: Partial<Record<keyof AddressInputData, number>> = { references: 500 };
const DEFAULT_MAX_LENGTH = 120;

/**
 * Every field required (spec §5); número numeric, código postal 5 digits (Mexico), teléfono 10
 * digits. Returns the address trimmed; throws BAD_USER_INPUT naming the field.
 */
export function checkAddress(input: AddressInputData): AddressInputData {
  const out = {} as AddressInputData;
  for (const field of ADDRESS_FIELDS) {
    const value = input[field].trim();
    const label = ADDRESS_FIELD_LABELS[field];
    if (value === '') throw badInput(`El campo ${label} es obligatorio`, field);
    const max = MAX_LENGTH[field] ?? DEFAULT_MAX_LENGTH;
    if (value.length > max) {
      throw badInput(`El campo ${label} no puede tener más de ${max} caracteres`, field);
    }
    out[field] = value;
  }
  if (!/^\d{1,10}$/.test(out.number)) throw badInput(ADDRESS_MESSAGES.numberNotNumeric, 'number');
  if (!/^\d{5}$/.test(out.postalCode)) {
    throw badInput(ADDRESS_MESSAGES.invalidPostalCode, 'postalCode');
  }
  if (!/^\d{10}$/.test(out.phone)) throw badInput(ADDRESS_MESSAGES.invalidPhone, 'phone');
  return out;
}
