import { messagesByField, problem, type Problem } from './problem.js';

/**
 * A customer's fiscal data (issue 25 item 1): what a CFDI 4.0 names its receiver by, as on the
 * Constancia de Situación Fiscal. The form checks these rules before sending and the server on
 * every write, so both refuse with the same Spanish words and reasons.
 */
export const FISCAL_FIELDS = ['rfc', 'legalName', 'taxRegime', 'cfdiUse', 'postalCode'] as const;

export type FiscalField = (typeof FISCAL_FIELDS)[number];
export type FiscalValues = Record<FiscalField, string>;
export type FiscalErrors = Partial<Record<FiscalField, string>>;

/** What the form shows above each field. */
export const FISCAL_LABELS: Record<FiscalField, string> = {
  rfc: 'RFC',
  legalName: 'Nombre o razón social',
  taxRegime: 'Régimen fiscal',
  cfdiUse: 'Uso del CFDI',
  postalCode: 'Código postal fiscal',
};

export const EMPTY_FISCAL_DATA: FiscalValues = {
  rfc: '',
  legalName: '',
  taxRegime: '',
  cfdiUse: '',
  postalCode: '',
};

/** The longest a name may be (the CFDI's Nombre allows 254 characters). */
export const LEGAL_NAME_MAX_LENGTH = 254;

export const FISCAL_MAX_LENGTH: Record<FiscalField, number> = {
  rfc: 13,
  legalName: LEGAL_NAME_MAX_LENGTH,
  taxRegime: 3,
  cfdiUse: 4,
  postalCode: 5,
};

/** An RFC's kind: 12 characters a company (persona moral), 13 a person (persona física). */
export type TaxpayerKind = 'MORAL' | 'FISICA';

/** The SAT's generic RFCs: the public in general and foreigners. Never a customer's own. */
export const GENERIC_RFCS: readonly string[] = ['XAXX010101000', 'XEXX010101000'];

/**
 * c_RegimenFiscal (CFDI 4.0): each régimen with the SAT's Spanish name and whether it applies to
 * a persona física and to a persona moral (the catalogue's columns).
 */
export interface TaxRegime {
  code: string;
  name: string;
  fisica: boolean;
  moral: boolean;
}

export const TAX_REGIMES: readonly TaxRegime[] = [
  { code: '601', name: 'General de Ley Personas Morales', fisica: false, moral: true },
  { code: '603', name: 'Personas Morales con Fines no Lucrativos', fisica: false, moral: true },
  {
    code: '605',
    name: 'Sueldos y Salarios e Ingresos Asimilados a Salarios',
    fisica: true,
    moral: false,
  },
  { code: '606', name: 'Arrendamiento', fisica: true, moral: false },
  {
    code: '607',
    name: 'Régimen de Enajenación o Adquisición de Bienes',
    fisica: true,
    moral: false,
  },
  { code: '608', name: 'Demás ingresos', fisica: true, moral: false },
  {
    code: '610',
    name: 'Residentes en el Extranjero sin Establecimiento Permanente en México',
    fisica: true,
    moral: true,
  },
  {
    code: '611',
    name: 'Ingresos por Dividendos (socios y accionistas)',
    fisica: true,
    moral: false,
  },
  {
    code: '612',
    name: 'Personas Físicas con Actividades Empresariales y Profesionales',
    fisica: true,
    moral: false,
  },
  { code: '614', name: 'Ingresos por intereses', fisica: true, moral: false },
  {
    code: '615',
    name: 'Régimen de los ingresos por obtención de premios',
    fisica: true,
    moral: false,
  },
  { code: '616', name: 'Sin obligaciones fiscales', fisica: true, moral: false },
  {
    code: '620',
    name: 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos',
    fisica: false,
    moral: true,
  },
  { code: '621', name: 'Incorporación Fiscal', fisica: true, moral: false },
  {
    code: '622',
    name: 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras',
    fisica: false,
    moral: true,
  },
  { code: '623', name: 'Opcional para Grupos de Sociedades', fisica: false, moral: true },
  { code: '624', name: 'Coordinados', fisica: false, moral: true },
  {
    code: '625',
    name: 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas',
    fisica: true,
    moral: false,
  },
  { code: '626', name: 'Régimen Simplificado de Confianza', fisica: true, moral: true },
];

/** The régimenes of c_UsoCFDI's column for the business uses (G and I codes). */
const BUSINESS_REGIMES = [
  '601',
  '603',
  '606',
  '612',
  '620',
  '621',
  '622',
  '623',
  '624',
  '625',
  '626',
];
/** …for the personal deductions (D codes), personas físicas only. */
const DEDUCTION_REGIMES = ['605', '606', '607', '608', '611', '612', '614', '615', '625'];
/** …for 'Sin efectos fiscales' (S01). */
const ANY_REGIME = [
  '601',
  '603',
  '605',
  '606',
  '607',
  '608',
  '610',
  '611',
  '612',
  '614',
  '615',
  '616',
  '620',
  '621',
  '622',
  '623',
  '624',
  '625',
  '626',
];

/**
 * c_UsoCFDI (CFDI 4.0): each use with its Spanish name, whether a física and a moral may use it,
 * and the régimenes fiscales it is valid for (the catalogue's columns). Only the uses of an
 * *ingreso*: CP01 (pagos) and CN01 (nómina) are not for a purchase.
 */
export interface CfdiUse {
  code: string;
  name: string;
  fisica: boolean;
  moral: boolean;
  regimes: readonly string[];
}

const business = (code: string, name: string): CfdiUse => ({
  code,
  name,
  fisica: true,
  moral: true,
  regimes: BUSINESS_REGIMES,
});
const deduction = (code: string, name: string): CfdiUse => ({
  code,
  name,
  fisica: true,
  moral: false,
  regimes: DEDUCTION_REGIMES,
});

export const CFDI_USES: readonly CfdiUse[] = [
  business('G01', 'Adquisición de mercancías'),
  business('G02', 'Devoluciones, descuentos o bonificaciones'),
  business('G03', 'Gastos en general'),
  business('I01', 'Construcciones'),
  business('I02', 'Mobiliario y equipo de oficina por inversiones'),
  business('I03', 'Equipo de transporte'),
  business('I04', 'Equipo de cómputo y accesorios'),
  business('I05', 'Dados, troqueles, moldes, matrices y herramental'),
  business('I06', 'Comunicaciones telefónicas'),
  business('I07', 'Comunicaciones satelitales'),
  business('I08', 'Otra maquinaria y equipo'),
  deduction('D01', 'Honorarios médicos, dentales y gastos hospitalarios'),
  deduction('D02', 'Gastos médicos por incapacidad o discapacidad'),
  deduction('D03', 'Gastos funerales'),
  deduction('D04', 'Donativos'),
  deduction(
    'D05',
    'Intereses reales efectivamente pagados por créditos hipotecarios (casa habitación)',
  ),
  deduction('D06', 'Aportaciones voluntarias al SAR'),
  deduction('D07', 'Primas por seguros de gastos médicos'),
  deduction('D08', 'Gastos de transportación escolar obligatoria'),
  deduction(
    'D09',
    'Depósitos en cuentas para el ahorro, primas que tengan como base planes de pensiones',
  ),
  deduction('D10', 'Pagos por servicios educativos (colegiaturas)'),
  { code: 'S01', name: 'Sin efectos fiscales', fisica: true, moral: true, regimes: ANY_REGIME },
];

export const FISCAL_MESSAGES = {
  required: (field: FiscalField) => `El campo ${FISCAL_LABELS[field].toLowerCase()} es obligatorio`,
  tooLong: (field: FiscalField, max: number) =>
    `El campo ${FISCAL_LABELS[field].toLowerCase()} no puede tener más de ${max} caracteres`,
  invalidRfc:
    'El RFC debe tener 12 caracteres (persona moral) o 13 (persona física): las letras del nombre, la fecha AAMMDD y la homoclave',
  rfcCheckDigit: 'El RFC no es válido: su dígito verificador no corresponde. Revisa tu Constancia',
  genericRfc: 'El RFC genérico no sirve para facturar a tu nombre: escribe el RFC de tu Constancia',
  invalidLegalName:
    "El nombre o razón social solo puede tener letras, números, espacios y los signos & . , ' -",
  legalNameWithRegime:
    'Escribe el nombre o razón social sin el régimen societario (por ejemplo, sin «S.A. de C.V.»), como aparece en tu Constancia de Situación Fiscal',
  invalidTaxRegime: 'Elige un régimen fiscal del catálogo del SAT',
  regimeNotForPerson: (kind: TaxpayerKind) =>
    kind === 'MORAL'
      ? 'Ese régimen fiscal es de personas físicas y el RFC es de una persona moral (12 caracteres)'
      : 'Ese régimen fiscal es de personas morales y el RFC es de una persona física (13 caracteres)',
  invalidCfdiUse: 'Elige un uso del CFDI del catálogo del SAT',
  cfdiUseNotForRegime: 'Ese uso del CFDI no es válido para el régimen fiscal elegido',
  invalidPostalCode: 'El código postal fiscal debe tener 5 dígitos',
} as const;

/**
 * The SAT's character table for the RFC's check digit (Anexo 20 / the SAT's algorithm): digits
 * 0–9, then A–N 10–23, '&' 24, O–Z 25–36, the blank 37 and 'Ñ' 38.
 */
const CHECK_DIGIT_TABLE = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

/**
 * The RFC's check digit (its last character): over its first 11 (moral, padded with a leading
 * blank) or 12 characters, Σ value × weight with weights 13 down to 2, then 11 − (sum mod 11),
 * where 11 is '0' and 10 is 'A'. Null for a character outside the table.
 */
export function rfcCheckDigit(rfcWithoutDigit: string): string | null {
  const padded = rfcWithoutDigit.length === 11 ? ` ${rfcWithoutDigit}` : rfcWithoutDigit;
  if (padded.length !== 12) return null;
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    const value = CHECK_DIGIT_TABLE.indexOf(padded.charAt(i));
    if (value < 0) return null;
    sum += value * (13 - i);
  }
  const digit = 11 - (sum % 11);
  if (digit === 11) return '0';
  if (digit === 10) return 'A';
  return String(digit);
}

const RFC_PATTERN = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2})([A\d])$/u;

/** An RFC as stored: uppercase, without blanks or dashes ('abcd-850101-xy1' → 'ABCD850101XY1'). */
export function normalizeRfc(rfc: string): string {
  return rfc.toUpperCase().replace(/[\s-]/g, '');
}

/** 12 characters: persona moral; 13: persona física; else null. */
export function taxpayerKindOf(rfc: string): TaxpayerKind | null {
  const normalized = normalizeRfc(rfc);
  if (normalized.length === 12) return 'MORAL';
  if (normalized.length === 13) return 'FISICA';
  return null;
}

function validDate(yy: string, mm: string, dd: string): boolean {
  const month = Number(mm);
  const day = Number(dd);
  if (month < 1 || month > 12 || day < 1) return false;
  // Any leap year will do for 29 February: the century is not in the RFC (2000 was leap).
  const year = Number(yy) === 0 ? 2000 : 2000 + Number(yy);
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The RFC's problem, if any: its shape (letters, a real date, homoclave), then its check digit. */
export function rfcProblem(rfc: string): Problem<'rfc'> | null {
  const normalized = normalizeRfc(rfc);
  if (normalized === '') return problem('rfc', 'REQUIRED', FISCAL_MESSAGES.required('rfc'));
  if (GENERIC_RFCS.includes(normalized)) {
    return problem('rfc', 'GENERIC_RFC', FISCAL_MESSAGES.genericRfc);
  }
  const match = RFC_PATTERN.exec(normalized);
  const kind = taxpayerKindOf(normalized);
  if (
    !match ||
    kind === null ||
    match[1]!.length !== (kind === 'MORAL' ? 3 : 4) ||
    !validDate(match[2]!, match[3]!, match[4]!)
  ) {
    return problem('rfc', 'INVALID_RFC', FISCAL_MESSAGES.invalidRfc);
  }
  if (rfcCheckDigit(normalized.slice(0, -1)) !== normalized.slice(-1)) {
    return problem('rfc', 'RFC_CHECK_DIGIT', FISCAL_MESSAGES.rfcCheckDigit);
  }
  return null;
}

/** A name as stored: uppercase (the SAT's records are), single blanks, trimmed. */
export function normalizeLegalName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toUpperCase();
}

const LEGAL_NAME_PATTERN = /^[\p{L}\p{N} &.,'-]+$/u;

/**
 * A company's regime suffix at the end of the name, with or without dots, commas and blanks:
 * 'S.A. de C.V.', 'SA DE CV', 'S. de R.L. de C.V.', 'S.A.P.I. de C.V.', 'S.A.B. de C.V.', 'S.A.S.',
 * 'S.C.', 'A.C.', 'S. en C.', 'S.P.R. de R.L.', 'I.A.P.'… CFDI 4.0 names the receiver without it.
 */
const REGIME_SUFFIX =
  /(?:^|\s)(?:S\s?A(?:\s?P\s?I|\s?B|\s?S)?(?:\s?DE\s?C\s?V)?|S\s?DE\s?R\s?L(?:\s?DE\s?C\s?V|\s?M\s?I)?|S\s?C(?:\s?DE\s?R\s?L|\s?DE\s?C\s?V|\s?P)?|A\s?C|S\s?EN\s?C(?:\s?POR\s?A)?|S\s?P\s?R\s?DE\s?R\s?[LI]|S\s?DE\s?S\s?S|I\s?A\s?P|A\s?B\s?P)$/;

export function hasRegimeSuffix(name: string): boolean {
  const bare = normalizeLegalName(name).replace(/[.,]/g, ' ').replace(/\s+/g, ' ').trim();
  return REGIME_SUFFIX.test(bare);
}

export const taxRegimeOf = (code: string): TaxRegime | undefined =>
  TAX_REGIMES.find((regime) => regime.code === code);

export const cfdiUseOf = (code: string): CfdiUse | undefined =>
  CFDI_USES.find((use) => use.code === code);

/** The régimenes a taxpayer of that kind may choose (all of them when the RFC is not known yet). */
export function taxRegimesFor(kind: TaxpayerKind | null): TaxRegime[] {
  return TAX_REGIMES.filter((r) => kind === null || (kind === 'MORAL' ? r.moral : r.fisica));
}

/** The uses valid for a régimen (the catalogue's column), and for the taxpayer's kind. */
export function cfdiUsesFor(regimeCode: string, kind: TaxpayerKind | null = null): CfdiUse[] {
  return CFDI_USES.filter(
    (use) =>
      use.regimes.includes(regimeCode) &&
      (kind === null || (kind === 'MORAL' ? use.moral : use.fisica)),
  );
}

/** The fiscal data as stored and sent to the PAC: RFC and name uppercase, everything trimmed. */
export function normalizeFiscalData(values: FiscalValues): FiscalValues {
  return {
    rfc: normalizeRfc(values.rfc),
    legalName: normalizeLegalName(values.legalName),
    taxRegime: values.taxRegime.trim(),
    cfdiUse: values.cfdiUse.trim().toUpperCase(),
    postalCode: values.postalCode.trim(),
  };
}

/**
 * Every field required; the RFC's shape and check digit; the name's characters and no regime
 * suffix; the régimen from the catalogue and for the RFC's kind; the use from the catalogue and
 * valid for the régimen; the postal code 5 digits. At most one problem per field, in form order.
 */
export function fiscalProblems(values: FiscalValues): Problem<FiscalField>[] {
  const data = normalizeFiscalData(values);
  const problems: Problem<FiscalField>[] = [];
  const rfc = rfcProblem(data.rfc);
  if (rfc) problems.push(rfc);
  for (const field of ['legalName', 'taxRegime', 'cfdiUse', 'postalCode'] as const) {
    if (data[field] === '') {
      problems.push(problem(field, 'REQUIRED', FISCAL_MESSAGES.required(field)));
    } else if (data[field].length > FISCAL_MAX_LENGTH[field]) {
      problems.push(
        problem(field, 'TOO_LONG', FISCAL_MESSAGES.tooLong(field, FISCAL_MAX_LENGTH[field])),
      );
    }
  }
  const fine = (field: FiscalField) => !problems.some((p) => p.field === field);
  if (fine('legalName')) {
    if (!LEGAL_NAME_PATTERN.test(data.legalName)) {
      problems.push(problem('legalName', 'INVALID_LEGAL_NAME', FISCAL_MESSAGES.invalidLegalName));
    } else if (hasRegimeSuffix(data.legalName)) {
      problems.push(
        problem('legalName', 'LEGAL_NAME_WITH_REGIME', FISCAL_MESSAGES.legalNameWithRegime),
      );
    }
  }
  const kind = fine('rfc') ? taxpayerKindOf(data.rfc) : null;
  const regime = taxRegimeOf(data.taxRegime);
  if (fine('taxRegime')) {
    if (!regime) {
      problems.push(problem('taxRegime', 'INVALID_TAX_REGIME', FISCAL_MESSAGES.invalidTaxRegime));
    } else if (kind !== null && !(kind === 'MORAL' ? regime.moral : regime.fisica)) {
      problems.push(
        problem('taxRegime', 'REGIME_NOT_FOR_PERSON', FISCAL_MESSAGES.regimeNotForPerson(kind)),
      );
    }
  }
  if (fine('cfdiUse')) {
    const use = cfdiUseOf(data.cfdiUse);
    if (!use) {
      problems.push(problem('cfdiUse', 'INVALID_CFDI_USE', FISCAL_MESSAGES.invalidCfdiUse));
    } else if (regime && !use.regimes.includes(regime.code)) {
      problems.push(
        problem('cfdiUse', 'CFDI_USE_NOT_FOR_REGIME', FISCAL_MESSAGES.cfdiUseNotForRegime),
      );
    }
  }
  if (fine('postalCode') && !/^\d{5}$/.test(data.postalCode)) {
    problems.push(problem('postalCode', 'INVALID_POSTAL_CODE', FISCAL_MESSAGES.invalidPostalCode));
  }
  return problems;
}

/** The form's messages: one per field that breaks a rule. */
export function validateFiscalData(values: FiscalValues): FiscalErrors {
  return messagesByField(fiscalProblems(values));
}

export function isFiscalField(field: string | undefined): field is FiscalField {
  return FISCAL_FIELDS.some((known) => known === field);
}

/**
 * A product type's SAT keys for its invoice lines, as the admin sets them in 'Tipos, marcas y
 * colores': c_ClaveProdServ (8 digits, e.g. 53101600 clothing, 53111600 footwear) and
 * c_ClaveUnidad (2 or 3 capitals or digits, e.g. H87 'Pieza', PR 'Par').
 */
export type SatKeysField = 'productKey' | 'unitKey';
export interface SatKeysValues {
  productKey: string;
  unitKey: string;
}

export const SAT_KEYS_MESSAGES = {
  invalidProductKey:
    'La clave de producto del SAT (c_ClaveProdServ) debe tener 8 dígitos, por ejemplo 53101600',
  invalidUnitKey:
    'La clave de unidad del SAT (c_ClaveUnidad) debe tener 2 o 3 letras o números, por ejemplo H87',
} as const;

/** The keys as stored: trimmed, the unit in capitals. */
export const normalizeSatKeys = (values: SatKeysValues): SatKeysValues => ({
  productKey: values.productKey.trim(),
  unitKey: values.unitKey.trim().toUpperCase(),
});

export function satKeysProblems(values: SatKeysValues): Problem<SatKeysField>[] {
  const keys = normalizeSatKeys(values);
  const problems: Problem<SatKeysField>[] = [];
  if (!/^\d{8}$/.test(keys.productKey)) {
    problems.push(
      problem('productKey', 'INVALID_SAT_PRODUCT_KEY', SAT_KEYS_MESSAGES.invalidProductKey),
    );
  }
  if (!/^[A-Z0-9]{2,3}$/.test(keys.unitKey)) {
    problems.push(problem('unitKey', 'INVALID_SAT_UNIT_KEY', SAT_KEYS_MESSAGES.invalidUnitKey));
  }
  return problems;
}

/**
 * What a person reads when invoicing is off (the server has no FACTURAPI_KEY): the customer on
 * 'Facturar mi compra', the admin on 'Facturas globales' and on any invoicing action. The server's
 * 409 `INVOICING_OFF` answers carry the same words.
 */
export const INVOICING_OFF_MESSAGES = {
  customer:
    'La facturación no está disponible por ahora. Escríbenos por WhatsApp y te ayudamos con tu factura.',
  admin:
    'La facturación está apagada: el servidor no tiene la clave del servicio de facturación (FACTURAPI_KEY). Mientras falte no se emiten facturas, ni las globales ni las que piden los clientes.',
} as const;
