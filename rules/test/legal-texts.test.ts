import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LEGAL_TEXTS,
  LEGAL_TEXT_KINDS,
  LEGAL_TEXT_MAX_LENGTH,
  LEGAL_TEXT_MESSAGES,
  effectiveLegalText,
  fillLegalText,
  legalTextProblems,
  simplifiedPrivacyNotice,
} from '../src/legal-texts.js';

const SHOP = {
  name: 'Tienda',
  legalName: 'Calzado Demo S.A. de C.V.',
  address: 'Av. Juárez 10, Centro, 06000 Ciudad de México',
  phone: '5512345678',
  email: 'hola@tienda.mx',
};

describe('legal texts', () => {
  it('defaults when empty: an empty or blank text shows the default', () => {
    for (const kind of LEGAL_TEXT_KINDS) {
      expect(effectiveLegalText(kind, '')).toBe(DEFAULT_LEGAL_TEXTS[kind]);
      expect(effectiveLegalText(kind, '  \n ')).toBe(DEFAULT_LEGAL_TEXTS[kind]);
      expect(effectiveLegalText(kind, null)).toBe(DEFAULT_LEGAL_TEXTS[kind]);
      expect(effectiveLegalText(kind, ' Mi texto\r\n')).toBe('Mi texto');
    }
  });

  it('the default privacy notice covers what the LFPDPPP asks of an integral notice', () => {
    const text = DEFAULT_LEGAL_TEXTS.privacy;
    for (const part of [
      '{razonSocial}',
      '{direccion}',
      'Datos personales que recabamos',
      'Finalidades necesarias (primarias)',
      'Finalidades voluntarias (secundarias)',
      'Cómo negarte',
      'Transferencias',
      'Derechos ARCO',
      'acceder',
      'rectificarlos',
      'cancelarlos',
      'oponerte',
      'Revocación del consentimiento',
      'Cookies',
      'Cambios a este aviso',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('the default terms name the seller, its address, phone, e-mail and complaints channel (LFPC art. 76 Bis)', () => {
    const filled = fillLegalText(DEFAULT_LEGAL_TEXTS.terms, SHOP);
    for (const part of [
      'Calzado Demo S.A. de C.V.',
      'Av. Juárez 10',
      '55 1234 5678',
      'hola@tienda.mx',
      'Quejas y aclaraciones',
      'pesos mexicanos (MXN)',
      'IVA',
      'Formas de pago',
      'Envíos',
    ]) {
      expect(filled).toContain(part);
    }
  });

  it('the default returns policy gives five business days from delivery (LFPC art. 56), size exchanges and refunds', () => {
    const text = DEFAULT_LEGAL_TEXTS.returns;
    expect(text).toContain('cinco días hábiles a partir de la entrega');
    expect(text).toContain('artículo 56');
    expect(text).toContain('Cambios de talla');
    expect(text).toContain('Reembolsos');
  });

  it('placeholders are filled from the settings, with fallbacks for empty ones', () => {
    expect(fillLegalText('{razonSocial} · {nombreTienda} · {telefono}', SHOP)).toBe(
      'Calzado Demo S.A. de C.V. · Tienda · 55 1234 5678',
    );
    const empty = { ...SHOP, legalName: '', address: '', phone: '', email: '' };
    expect(fillLegalText('{razonSocial}, {direccion}, {telefono}, {email}', empty)).toBe(
      // Markdown source: the parentheses are escaped like any setting's text, and render plain.
      'Tienda, \\(por indicar\\), \\(por indicar\\), \\(por indicar\\)',
    );
    expect(fillLegalText('{otro}', SHOP)).toBe('{otro}');
  });

  it('a setting filled into a text never becomes Markdown (a link, markup)', () => {
    const hostile = { ...SHOP, legalName: '[Gana](javascript:alert(1)) <b>x</b> *y*' };
    expect(fillLegalText('{razonSocial}', hostile)).toBe(
      '\\[Gana\\]\\(javascript:alert\\(1\\)\\) \\<b\\>x\\</b\\> \\*y\\*',
    );
  });

  it('length limits: a text longer than the limit is refused with its Spanish message', () => {
    expect(legalTextProblems('terms', 'a'.repeat(LEGAL_TEXT_MAX_LENGTH))).toEqual([]);
    expect(legalTextProblems('terms', 'a'.repeat(LEGAL_TEXT_MAX_LENGTH + 1))).toEqual([
      {
        field: 'markdown',
        reason: 'TOO_LONG',
        message: 'El texto de "Términos y condiciones" no puede tener más de 20,000 caracteres',
      },
    ]);
    expect(LEGAL_TEXT_MESSAGES.tooLong('privacy')).toContain('Aviso de privacidad');
  });

  it('control characters are refused; tabs and line breaks are text', () => {
    expect(legalTextProblems('returns', 'a\u0007b')[0]?.reason).toBe('CONTROL_CHARACTERS');
    expect(legalTextProblems('returns', 'a\tb\r\nc\n')).toEqual([]);
  });

  it('an unknown placeholder is refused naming the known ones', () => {
    const [p] = legalTextProblems('privacy', 'Hola {razonsocial}');
    expect(p?.reason).toBe('UNKNOWN_PLACEHOLDER');
    expect(p?.message).toBe(
      'El marcador {razonsocial} no existe: usa {razonSocial}, {nombreTienda}, {direccion}, {telefono}, {email}',
    );
    expect(legalTextProblems('privacy', 'Hola {razonSocial}')).toEqual([]);
  });

  it('every default text passes its own rules', () => {
    for (const kind of LEGAL_TEXT_KINDS) {
      expect(legalTextProblems(kind, DEFAULT_LEGAL_TEXTS[kind])).toEqual([]);
    }
  });

  it('the simplified notice names the responsible party, the purposes and ARCO', () => {
    const text = simplifiedPrivacyNotice(SHOP);
    expect(text.startsWith('Calzado Demo S.A. de C.V. es responsable')).toBe(true);
    expect(text).toContain('finalidades necesarias');
    expect(text).toContain('finalidad voluntaria');
    expect(text).toContain('ARCO');
    expect(simplifiedPrivacyNotice({ name: 'Tienda', legalName: '' })).toMatch(/^Tienda es/);
  });
});
