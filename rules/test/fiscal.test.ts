import { describe, expect, it } from 'vitest';
import {
  CFDI_USES,
  EMPTY_FISCAL_DATA,
  FISCAL_FIELDS,
  FISCAL_MESSAGES,
  type FiscalValues,
  TAX_REGIMES,
  cfdiUsesFor,
  fiscalProblems,
  hasRegimeSuffix,
  normalizeFiscalData,
  rfcCheckDigit,
  rfcProblem,
  taxRegimesFor,
  taxpayerKindOf,
  validateFiscalData,
  SAT_KEYS_MESSAGES,
  satKeysProblems,
} from '../src/fiscal.js';

/** The SAT's own test taxpayer (a persona moral) and a persona física of its test set. */
const moral: FiscalValues = {
  rfc: 'EKU9003173C9',
  legalName: 'ESCUELA KEMPER URGATE',
  taxRegime: '601',
  cfdiUse: 'G03',
  postalCode: '42501',
};
const fisica: FiscalValues = {
  rfc: 'CACX7605101P8',
  legalName: 'Xochilt Casas Chavez',
  taxRegime: '612',
  cfdiUse: 'G01',
  postalCode: '36257',
};

const reasonsOf = (values: FiscalValues) =>
  Object.fromEntries(fiscalProblems(values).map((p) => [p.field, p.reason]));

describe('fiscal data rules (issue 25 item 1)', () => {
  it('accepts a persona moral and a persona física as on their Constancia', () => {
    expect(validateFiscalData(moral)).toEqual({});
    expect(validateFiscalData(fisica)).toEqual({});
  });

  it('requires every field, naming it', () => {
    expect(validateFiscalData(EMPTY_FISCAL_DATA)).toEqual({
      rfc: 'El campo rfc es obligatorio',
      legalName: 'El campo nombre o razón social es obligatorio',
      taxRegime: 'El campo régimen fiscal es obligatorio',
      cfdiUse: 'El campo uso del cfdi es obligatorio',
      postalCode: 'El campo código postal fiscal es obligatorio',
    });
    expect(Object.keys(validateFiscalData(EMPTY_FISCAL_DATA))).toEqual([...FISCAL_FIELDS]);
  });

  it('normalises: RFC and name uppercase, blanks and dashes out of the RFC', () => {
    expect(normalizeFiscalData({ ...fisica, rfc: ' caca-760510-1p8 ' })).toEqual({
      ...fisica,
      rfc: 'CACA7605101P8',
      legalName: 'XOCHILT CASAS CHAVEZ',
    });
    expect(validateFiscalData({ ...fisica, rfc: 'cacx 760510 1p8' })).toEqual({});
  });
});

describe('RFC shape (INVALID_RFC)', () => {
  it.each([
    ['too short', 'EKU900317'],
    ['too long', 'CACX7605101P8X'],
    ['digits where the letters go', '1KU9003173C9'],
    ['a month 13', 'EKU9013173C9'],
    ['31 April', 'CACX7604311P8'],
    ['a symbol in the homoclave', 'EKU900317$C9'],
    ['a moral with four letters and 12 characters', 'EKUX003173C9'],
  ])('refuses %s', (_label, rfc) => {
    expect(rfcProblem(rfc)).toEqual({
      field: 'rfc',
      reason: 'INVALID_RFC',
      message: FISCAL_MESSAGES.invalidRfc,
    });
  });

  it('accepts 29 February of any two-digit year (the century is not written)', () => {
    const base = 'GODE000229GR';
    expect(rfcProblem(base + rfcCheckDigit(base))).toBeNull();
  });

  it('tells moral (12) from física (13)', () => {
    expect(taxpayerKindOf(moral.rfc)).toBe('MORAL');
    expect(taxpayerKindOf(fisica.rfc)).toBe('FISICA');
    expect(taxpayerKindOf('ABC')).toBeNull();
  });
});

describe('RFC check digit (RFC_CHECK_DIGIT, the SAT mod-11 over its character table)', () => {
  it.each([
    'EKU9003173C9',
    'SAT970701NN3',
    'BBA830831LJ2',
    'XIA190128J61',
    'CACX7605101P8',
    'GODE561231GR8',
    'IAÑL750210963',
  ])('computes the digit of %s', (rfc) => {
    expect(rfcCheckDigit(rfc.slice(0, -1))).toBe(rfc.slice(-1));
    expect(rfcProblem(rfc)).toBeNull();
  });

  it("writes 10 as 'A' and 11 as '0'", () => {
    const digits = new Set<string>();
    for (let n = 0; n < 400; n++) {
      digits.add(rfcCheckDigit(`AB&${String(100101 + n).padStart(6, '0')}X${n % 10}`) ?? '');
    }
    expect(digits.has('A')).toBe(true);
    expect(digits.has('0')).toBe(true);
    expect([...digits].every((d) => /^[\dA]$/.test(d))).toBe(true);
  });

  it('refuses a wrong last character', () => {
    expect(rfcProblem('EKU9003173C8')).toEqual({
      field: 'rfc',
      reason: 'RFC_CHECK_DIGIT',
      message: FISCAL_MESSAGES.rfcCheckDigit,
    });
  });
});

describe('generic RFC (GENERIC_RFC)', () => {
  it("refuses the public in general's and the foreigners' RFC", () => {
    expect(rfcProblem('XAXX010101000')?.reason).toBe('GENERIC_RFC');
    expect(rfcProblem('xexx010101000')?.reason).toBe('GENERIC_RFC');
  });
});

describe('legal name (INVALID_LEGAL_NAME, LEGAL_NAME_WITH_REGIME)', () => {
  it.each([
    'Escuela Kemper Urgate S.A. de C.V.',
    'ESCUELA KEMPER URGATE SA DE CV',
    'Escuela Kemper Urgate, S.A. de C.V.',
    'Escuela Kemper Urgate S. de R.L. de C.V.',
    'Escuela Kemper Urgate S de RL de CV',
    'Escuela Kemper Urgate S.A.P.I. de C.V.',
    'Escuela Kemper Urgate S.A.B. de C.V.',
    'Escuela Kemper Urgate S.A.',
    'Escuela Kemper Urgate S.A.S. de C.V.',
    'Escuela Kemper Urgate S.C.',
    'Escuela Kemper Urgate A.C.',
    'Escuela Kemper Urgate S. en C.',
    'Escuela Kemper Urgate S.P.R. de R.L.',
    'Escuela Kemper Urgate I.A.P.',
  ])('refuses the regime suffix in %s', (legalName) => {
    expect(hasRegimeSuffix(legalName)).toBe(true);
    expect(validateFiscalData({ ...moral, legalName })).toEqual({
      legalName: FISCAL_MESSAGES.legalNameWithRegime,
    });
  });

  it.each(['ESCUELA KEMPER URGATE', 'Casa Sastre', 'Comercial Acasa', 'Rosa Isabel Saca'])(
    'keeps a name that only looks alike: %s',
    (legalName) => {
      expect(hasRegimeSuffix(legalName)).toBe(false);
    },
  );

  it('is uppercase-insensitive and stores it uppercase', () => {
    expect(validateFiscalData({ ...moral, legalName: 'escuela kemper urgate' })).toEqual({});
    expect(normalizeFiscalData({ ...moral, legalName: ' escuela  kemper urgate ' }).legalName).toBe(
      'ESCUELA KEMPER URGATE',
    );
  });

  it('refuses other characters and a name too long', () => {
    expect(reasonsOf({ ...moral, legalName: 'Escuela <Kemper>' })).toEqual({
      legalName: 'INVALID_LEGAL_NAME',
    });
    expect(reasonsOf({ ...moral, legalName: 'A'.repeat(255) })).toEqual({ legalName: 'TOO_LONG' });
    expect(validateFiscalData({ ...fisica, legalName: "María O'Brien-Ñúñez & Hijos" })).toEqual({});
  });
});

describe('régimen fiscal (INVALID_TAX_REGIME, REGIME_NOT_FOR_PERSON)', () => {
  it('refuses a code outside c_RegimenFiscal', () => {
    expect(validateFiscalData({ ...moral, taxRegime: '600' })).toEqual({
      taxRegime: FISCAL_MESSAGES.invalidTaxRegime,
    });
  });

  it('refuses a física régimen for a moral RFC and a moral one for a física RFC', () => {
    expect(validateFiscalData({ ...moral, taxRegime: '612', cfdiUse: 'G03' })).toEqual({
      taxRegime: FISCAL_MESSAGES.regimeNotForPerson('MORAL'),
    });
    expect(validateFiscalData({ ...fisica, taxRegime: '601', cfdiUse: 'G03' })).toEqual({
      taxRegime: FISCAL_MESSAGES.regimeNotForPerson('FISICA'),
    });
  });

  it('offers the régimenes of the kind: 626 (RESICO) to both, 605 to físicas only', () => {
    const codes = (kind: 'MORAL' | 'FISICA') => taxRegimesFor(kind).map((r) => r.code);
    expect(codes('MORAL')).toContain('626');
    expect(codes('FISICA')).toContain('626');
    expect(codes('MORAL')).not.toContain('605');
    expect(codes('FISICA')).not.toContain('601');
    expect(taxRegimesFor(null)).toHaveLength(TAX_REGIMES.length);
  });
});

describe('uso de CFDI (INVALID_CFDI_USE, CFDI_USE_NOT_FOR_REGIME)', () => {
  it('refuses a code outside c_UsoCFDI, and the uses not for a purchase (CP01, CN01)', () => {
    for (const cfdiUse of ['G99', 'CP01', 'CN01']) {
      expect(validateFiscalData({ ...moral, cfdiUse })).toEqual({
        cfdiUse: FISCAL_MESSAGES.invalidCfdiUse,
      });
    }
  });

  it('refuses a use not valid for the régimen (the catalogue column)', () => {
    expect(validateFiscalData({ ...moral, cfdiUse: 'D01' })).toEqual({
      cfdiUse: FISCAL_MESSAGES.cfdiUseNotForRegime,
    });
    expect(validateFiscalData({ ...fisica, taxRegime: '605', cfdiUse: 'G03' })).toEqual({
      cfdiUse: FISCAL_MESSAGES.cfdiUseNotForRegime,
    });
    expect(validateFiscalData({ ...fisica, taxRegime: '605', cfdiUse: 'D01' })).toEqual({});
    expect(validateFiscalData({ ...fisica, taxRegime: '616', cfdiUse: 'S01' })).toEqual({});
  });

  it('offers only the uses of the régimen', () => {
    expect(cfdiUsesFor('616').map((u) => u.code)).toEqual(['S01']);
    expect(cfdiUsesFor('601').map((u) => u.code)).toContain('G03');
    expect(cfdiUsesFor('601').map((u) => u.code)).not.toContain('D01');
    for (const use of CFDI_USES) {
      for (const code of use.regimes) expect(TAX_REGIMES.some((r) => r.code === code)).toBe(true);
    }
  });
});

describe('fiscal postal code (INVALID_POSTAL_CODE)', () => {
  it.each(['1234', 'ABCDE', '12 34'])('refuses %s', (postalCode) => {
    expect(fiscalProblems({ ...moral, postalCode })).toEqual([
      {
        field: 'postalCode',
        reason: 'INVALID_POSTAL_CODE',
        message: FISCAL_MESSAGES.invalidPostalCode,
      },
    ]);
  });

  it('refuses more than 5 characters', () => {
    expect(reasonsOf({ ...moral, postalCode: '123456' })).toEqual({ postalCode: 'TOO_LONG' });
  });
});

describe("a product type's SAT keys (INVALID_SAT_PRODUCT_KEY, INVALID_SAT_UNIT_KEY)", () => {
  it('accepts clothing and footwear keys, the unit in any case', () => {
    expect(satKeysProblems({ productKey: '53101600', unitKey: 'H87' })).toEqual([]);
    expect(satKeysProblems({ productKey: ' 53111600 ', unitKey: 'pr' })).toEqual([]);
  });

  it('refuses a product key that is not 8 digits and a unit key that is not 2-3 characters', () => {
    expect(satKeysProblems({ productKey: '5310160', unitKey: 'PIEZA' })).toEqual([
      {
        field: 'productKey',
        reason: 'INVALID_SAT_PRODUCT_KEY',
        message: SAT_KEYS_MESSAGES.invalidProductKey,
      },
      {
        field: 'unitKey',
        reason: 'INVALID_SAT_UNIT_KEY',
        message: SAT_KEYS_MESSAGES.invalidUnitKey,
      },
    ]);
  });
});
