import { messagesByField, problem, type Problem } from './problem.js';

/** An address as the customer types it (spec §3 Address, §5 Address form), in the form's order. */
export const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'street',
  'number',
  'interiorNumber',
  'neighborhood',
  'postalCode',
  'city',
  'state',
  'references',
  'phone',
] as const;

export type AddressField = (typeof ADDRESS_FIELDS)[number];
/**
 * The typed fields, and 'Sin número' (issue 28 item 4): a Mexican address without an exterior
 * number leaves `number` empty (stored as null) and is written 'S/N'.
 */
export type AddressValues = Record<AddressField, string> & { withoutNumber: boolean };
export type AddressErrors = Partial<Record<AddressField, string>>;

/** What the form shows above each field. */
export const ADDRESS_LABELS: Record<AddressField, string> = {
  firstName: 'Nombres',
  lastName: 'Apellidos',
  street: 'Calle',
  number: 'Número',
  interiorNumber: 'Número interior',
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
export const ADDRESS_INTERIOR_MAX_LENGTH = 20;

/** Fields an address may leave empty: the interior number ('Depto. 4', 'Int. B', '12-B'). */
export const OPTIONAL_ADDRESS_FIELDS: readonly AddressField[] = ['interiorNumber'];

/** What the 'Sin número' checkbox says; an address without number shows 'S/N'. */
export const WITHOUT_NUMBER_LABEL = 'Sin número';
export const WITHOUT_NUMBER_TEXT = 'S/N';

/** Letters, digits, spaces, '-', '.', '/' and '#': 'Depto. 4', 'Int. B', '12-B', 'Edif. 3/A'. */
const INTERIOR_NUMBER_PATTERN = /^[\p{L}\p{N} .\-/#]*$/u;

/**
 * What each input lets a person type: the text limit, or, for número, código postal and
 * teléfono, the length their format allows.
 */
export const ADDRESS_MAX_LENGTH: Record<AddressField, number> = {
  firstName: ADDRESS_TEXT_MAX_LENGTH,
  lastName: ADDRESS_TEXT_MAX_LENGTH,
  street: ADDRESS_TEXT_MAX_LENGTH,
  number: 10,
  interiorNumber: ADDRESS_INTERIOR_MAX_LENGTH,
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
  numberWithWithoutNumber: `Deja vacío el número o quita «${WITHOUT_NUMBER_LABEL}»`,
  invalidInteriorNumber:
    'El número interior solo puede tener letras, números, espacios y los signos - . / #',
  invalidPostalCode: 'El código postal debe tener 5 dígitos',
  invalidPhone: 'El teléfono debe tener 10 dígitos',
} as const;

export const EMPTY_ADDRESS: AddressValues = {
  firstName: '',
  lastName: '',
  street: '',
  number: '',
  interiorNumber: '',
  neighborhood: '',
  postalCode: '',
  city: '',
  state: '',
  references: '',
  phone: '',
  withoutNumber: false,
};

export function isAddressField(field: string | undefined): field is AddressField {
  return ADDRESS_FIELDS.some((known) => known === field);
}

/** The address as stored and sent: every field trimmed. */
export function normalizeAddress(values: AddressValues): AddressValues {
  const out = { ...EMPTY_ADDRESS, withoutNumber: values.withoutNumber };
  for (const field of ADDRESS_FIELDS) out[field] = values[field].trim();
  return out;
}

/** The longest a field may be once trimmed. */
function maxLengthOf(field: AddressField): number {
  if (field === 'references') return ADDRESS_REFERENCES_MAX_LENGTH;
  if (field === 'interiorNumber') return ADDRESS_INTERIOR_MAX_LENGTH;
  return ADDRESS_TEXT_MAX_LENGTH;
}

/**
 * Every field required (but the interior number, and the número of an address marked 'Sin
 * número', which must then be empty) and within its length (in the form's order), then número
 * numeric (1 to 10 digits), the interior number letters, digits and a few signs, código postal 5
 * digits (Mexico) and teléfono 10 digits; at most one problem per field.
 */
export function addressProblems(values: AddressValues): Problem<AddressField>[] {
  const address = normalizeAddress(values);
  const problems: Problem<AddressField>[] = [];
  for (const field of ADDRESS_FIELDS) {
    const max = maxLengthOf(field);
    const optional =
      OPTIONAL_ADDRESS_FIELDS.includes(field) || (field === 'number' && address.withoutNumber);
    if (address[field] === '') {
      if (!optional) problems.push(problem(field, 'REQUIRED', ADDRESS_MESSAGES.required(field)));
    } else if (address[field].length > max) {
      problems.push(problem(field, 'TOO_LONG', ADDRESS_MESSAGES.tooLong(field, max)));
    }
  }
  const fine = (field: AddressField) => !problems.some((p) => p.field === field);
  if (address.withoutNumber) {
    if (fine('number') && address.number !== '') {
      problems.push(
        problem('number', 'NUMBER_WITH_WITHOUT_NUMBER', ADDRESS_MESSAGES.numberWithWithoutNumber),
      );
    }
  } else if (fine('number') && !/^\d{1,10}$/.test(address.number)) {
    problems.push(problem('number', 'NUMBER_NOT_NUMERIC', ADDRESS_MESSAGES.numberNotNumeric));
  }
  if (fine('interiorNumber') && !INTERIOR_NUMBER_PATTERN.test(address.interiorNumber)) {
    problems.push(
      problem('interiorNumber', 'INVALID_INTERIOR_NUMBER', ADDRESS_MESSAGES.invalidInteriorNumber),
    );
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

/** What the street line needs of an address. */
export interface StreetLineParts {
  street: string;
  number: string | null;
  interiorNumber?: string | null;
  withoutNumber?: boolean | null;
}

/**
 * The interior number as it is written after the exterior one: as typed when it already says
 * what it is ('Int. B', 'Depto. 4', 'Local 3'), else after 'Int.' ('4B' → 'Int. 4B').
 */
export function interiorNumberText(interiorNumber: string): string {
  const typed = interiorNumber.trim();
  if (typed === '') return '';
  return /^(int\b|\p{L}{2,}[.\s])/iu.test(typed) ? typed : `Int. ${typed}`;
}

/**
 * The street line wherever an address is shown (the screens, the e-mails, the admin's popup):
 * 'Av. Juárez 123 Int. 4B', 'Calle Pino S/N', 'Calle Pino S/N Depto. 2'. An address without
 * number (null or marked 'Sin número') is 'S/N', the Mexican convention.
 */
export function streetLine(address: StreetLineParts): string {
  const number = (address.number ?? '').trim();
  const exterior = address.withoutNumber || number === '' ? WITHOUT_NUMBER_TEXT : number;
  const interior = interiorNumberText(address.interiorNumber ?? '');
  return [address.street.trim(), exterior, interior].filter((part) => part !== '').join(' ');
}
