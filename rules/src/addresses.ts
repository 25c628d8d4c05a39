import { messagesByField, problem, type Problem } from './problem.js';

/** An address as the customer types it (spec §3 Address, §5 Address form), in the form's order. */
export const ADDRESS_FIELDS = [
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
] as const;

export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressValues = Record<AddressField, string>;
export type AddressErrors = Partial<Record<AddressField, string>>;

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

/** How a message names each field: 'El campo calle es obligatorio'. */
export const ADDRESS_FIELD_LABELS = Object.fromEntries(
  ADDRESS_FIELDS.map((field) => [field, ADDRESS_LABELS[field].toLowerCase()]),
) as Record<AddressField, string>;

/** The longest text a field may hold once trimmed (the rules refuse longer ones). */
export const ADDRESS_TEXT_MAX_LENGTH = 120;
export const ADDRESS_REFERENCES_MAX_LENGTH = 500;

/**
 * What each input lets a person type: the text limit, or, for número, código postal and
 * teléfono, the length their format allows.
 */
export const ADDRESS_MAX_LENGTH: Record<AddressField, number> = {
  firstName: ADDRESS_TEXT_MAX_LENGTH,
  lastName: ADDRESS_TEXT_MAX_LENGTH,
  street: ADDRESS_TEXT_MAX_LENGTH,
  number: 10,
  neighborhood: ADDRESS_TEXT_MAX_LENGTH,
  postalCode: 5,
  city: ADDRESS_TEXT_MAX_LENGTH,
  state: ADDRESS_TEXT_MAX_LENGTH,
  references: ADDRESS_REFERENCES_MAX_LENGTH,
  phone: 10,
};

export const ADDRESS_MESSAGES = {
  required: (field: AddressField) => `El campo ${ADDRESS_FIELD_LABELS[field]} es obligatorio`,
  tooLong: (field: AddressField, max: number) =>
    `El campo ${ADDRESS_FIELD_LABELS[field]} no puede tener más de ${max} caracteres`,
  numberNotNumeric: 'El número debe ser numérico',
  invalidPostalCode: 'El código postal debe tener 5 dígitos',
  invalidPhone: 'El teléfono debe tener 10 dígitos',
} as const;

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

/** The address as stored and sent: every field trimmed. */
export function normalizeAddress(values: AddressValues): AddressValues {
  const out = { ...EMPTY_ADDRESS };
  for (const field of ADDRESS_FIELDS) out[field] = values[field].trim();
  return out;
}

/**
 * Every field required and within its length (in the form's order), then número numeric (1 to 10
 * digits), código postal 5 digits (Mexico) and teléfono 10 digits; at most one problem per field.
 */
export function addressProblems(values: AddressValues): Problem<AddressField>[] {
  const address = normalizeAddress(values);
  const problems: Problem<AddressField>[] = [];
  for (const field of ADDRESS_FIELDS) {
    const max = field === 'references' ? ADDRESS_REFERENCES_MAX_LENGTH : ADDRESS_TEXT_MAX_LENGTH;
    if (address[field] === '') {
      problems.push(problem(field, 'REQUIRED', ADDRESS_MESSAGES.required(field)));
    } else if (address[field].length > max) {
      problems.push(problem(field, 'TOO_LONG', ADDRESS_MESSAGES.tooLong(field, max)));
    }
  }
  const fine = (field: AddressField) => !problems.some((p) => p.field === field);
  if (fine('number') && !/^\d{1,10}$/.test(address.number)) {
    problems.push(problem('number', 'NUMBER_NOT_NUMERIC', ADDRESS_MESSAGES.numberNotNumeric));
  }
  if (fine('postalCode') && !/^\d{5}$/.test(address.postalCode)) {
    problems.push(problem('postalCode', 'INVALID_POSTAL_CODE', ADDRESS_MESSAGES.invalidPostalCode));
  }
  if (fine('phone') && !/^\d{10}$/.test(address.phone)) {
    problems.push(problem('phone', 'INVALID_PHONE', ADDRESS_MESSAGES.invalidPhone));
  }
  return problems;
}

/** The form's messages: one per field that breaks a rule (none when the address can be sent). */
export function validateAddress(values: AddressValues): AddressErrors {
  return messagesByField(addressProblems(values));
}

export function hasAddressErrors(errors: AddressErrors): boolean {
  return ADDRESS_FIELDS.some((field) => errors[field] !== undefined);
}
