import type { AddressInput } from '../../gql/graphql';

/** The address form (spec §5): every field required; the same rules and messages as the server. */

export type AddressValues = Required<AddressInput>;
export type AddressField = keyof AddressValues;
export type AddressErrors = Partial<Record<AddressField, string>>;

/** In the form's order. */
export const ADDRESS_FIELDS: readonly AddressField[] = [
  'firstName',
  'lastName',
  'street',
  'number',
  'neighborhood',
  'postalCode',
  'city',
  'state',
  'references',
  'phone',
];

/** What the form shows above each field. */
export const ADDRESS_LABELS: Record<AddressField, string> = {
  firstName: 'Nombres',
  lastName: 'Apellidos',
  street: 'Calle',
  number: 'Número',
  neighborhood: 'Colonia',
  postalCode: 'Código postal',
  city: 'Ciudad/Municipio',
  state: 'Estado',
  references: 'Referencias',
  phone: 'Teléfono',
};

export const ADDRESS_MESSAGES = {
  required: (field: AddressField) =>
    `El campo ${ADDRESS_LABELS[field].toLowerCase()} es obligatorio`,
  tooLong: (field: AddressField, max: number) =>
    `El campo ${ADDRESS_LABELS[field].toLowerCase()} no puede tener más de ${max} caracteres`,
  numberNotNumeric: 'El número debe ser numérico',
  invalidPostalCode: 'El código postal debe tener 5 dígitos',
  invalidPhone: 'El teléfono debe tener 10 dígitos',
} as const;

export const ADDRESS_MAX_LENGTH: Record<AddressField, number> = {
  firstName: 120,
  lastName: 120,
  street: 120,
  number: 10,
  neighborhood: 120,
  postalCode: 5,
  city: 120,
  state: 120,
  references: 500,
  phone: 10,
};
const SERVER_MAX_LENGTH = 120;

export const EMPTY_ADDRESS: AddressValues = {
  firstName: '',
  lastName: '',
  street: '',
  number: '',
  neighborhood: '',
  postalCode: '',
  city: '',
  state: '',
  references: '',
  phone: '',
};

export function isAddressField(field: string | undefined): field is AddressField {
  return ADDRESS_FIELDS.some((known) => known === field);
}

export function normalizeAddress(values: AddressValues): AddressValues {
  const out = { ...EMPTY_ADDRESS };
  for (const field of ADDRESS_FIELDS) out[field] = values[field].trim();
  return out;
}

/** One message per field that breaks a rule (none when the address can be sent). */
export function validateAddress(values: AddressValues): AddressErrors {
  const address = normalizeAddress(values);
  const errors: AddressErrors = {};
  for (const field of ADDRESS_FIELDS) {
    const max = field === 'references' ? 500 : SERVER_MAX_LENGTH;
    if (address[field] === '') errors[field] = ADDRESS_MESSAGES.required(field);
    else if (address[field].length > max) errors[field] = ADDRESS_MESSAGES.tooLong(field, max);
  }
  if (!errors.number && !/^\d{1,10}$/.test(address.number)) {
    errors.number = ADDRESS_MESSAGES.numberNotNumeric;
  }
  if (!errors.postalCode && !/^\d{5}$/.test(address.postalCode)) {
    errors.postalCode = ADDRESS_MESSAGES.invalidPostalCode;
  }
  if (!errors.phone && !/^\d{10}$/.test(address.phone)) {
    errors.phone = ADDRESS_MESSAGES.invalidPhone;
  }
  return errors;
}

export function hasAddressErrors(errors: AddressErrors): boolean {
  return ADDRESS_FIELDS.some((field) => errors[field] !== undefined);
}
