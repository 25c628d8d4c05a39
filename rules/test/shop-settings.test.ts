import { describe, expect, it } from 'vitest';
import {
  trackingUrlOf,
  MAX_ORDERS_EMAILS,
  SHOP_SETTINGS_MESSAGES,
  SHOP_SETTINGS_TEXT_FIELDS,
  type ShopSettingsValues,
  groupCardNumber,
  isHttpsUrl,
  isShopSettingsField,
  isValidClabe,
  normalizeShopSettings,
  shopSettingsProblems,
  splitEmails,
  validateShopSettings,
} from '../src/shop-settings.js';

const valid: ShopSettingsValues = {
  name: 'Tienda',
  legalName: 'Tienda Demo S.A. de C.V.',
  address: 'Av. Juárez 10, Centro, Ciudad de México',
  phone: '5512345678',
  email: 'hola@tienda.mx',
  bank: 'BBVA México',
  holder: 'Tienda Demo S.A. de C.V.',
  account: '0123456789',
  clabe: '012180001234567899',
  card: '4152 3138 0000 0000',
  proofPhone: '5512345678',
  whatsappUrl: 'https://wa.me/525512345678',
  facebookUrl: 'https://www.facebook.com/tienda.demo',
  trustUrl: 'https://www.facebook.com/tienda.demo/reviews',
  carrier: 'Estafeta',
  trackingUrl: 'https://www.estafeta.com/rastreo?guia={guia}',
  globalInvoicePeriodicity: 'month',
  ordersEmails: ['pedidos@tienda.mx'],
};

const errorsWith = (change: Partial<ShopSettingsValues>) =>
  validateShopSettings({ ...valid, ...change });

describe('shop settings rules (issue 26, Ajustes)', () => {
  it('accepts complete settings, and the optional fields left empty', () => {
    expect(validateShopSettings(valid)).toEqual({});
    expect(
      errorsWith({ legalName: '', address: '', phone: '', email: '', ordersEmails: [] }),
    ).toEqual({});
  });

  it("requires the others, naming them: 'El campo banco es obligatorio'", () => {
    const empty = Object.fromEntries(SHOP_SETTINGS_TEXT_FIELDS.map((f) => [f, '  '])) as never;
    const errors = validateShopSettings({ ...(empty as object), ordersEmails: [] } as never);
    expect(errors).toEqual({
      name: 'El campo nombre de la tienda es obligatorio',
      bank: 'El campo banco es obligatorio',
      holder: 'El campo titular es obligatorio',
      account: 'El campo número de cuenta es obligatorio',
      clabe: 'El campo clabe es obligatorio',
      card: 'El campo número de tarjeta es obligatorio',
      proofPhone: 'El campo whatsapp para comprobantes es obligatorio',
      whatsappUrl: 'El campo enlace de whatsapp es obligatorio',
      facebookUrl: 'El campo enlace de facebook es obligatorio',
      trustUrl: 'El campo enlace de "somos confiables?" es obligatorio',
      carrier: 'El campo paquetería es obligatorio',
      trackingUrl: 'El campo url de rastreo es obligatorio',
      globalInvoicePeriodicity: 'El campo periodicidad de la factura global es obligatorio',
    });
    expect(SHOP_SETTINGS_MESSAGES.required('bank')).toBe('El campo banco es obligatorio');
  });

  it("the CLABE: 18 digits with its check digit ('La CLABE debe tener 18 dígitos…')", () => {
    expect(isValidClabe('012180001234567899')).toBe(true);
    expect(isValidClabe('002010077777777771')).toBe(true);
    expect(isValidClabe('012180001234567890')).toBe(false);
    expect(isValidClabe('01218000123456789')).toBe(false);
    expect(isValidClabe('01218000123456789a')).toBe(false);
    for (const clabe of ['012180001234567890', '0121800012345678', '012 180 001 234 567 899']) {
      expect(errorsWith({ clabe })).toEqual({
        clabe: 'La CLABE debe tener 18 dígitos y un dígito verificador válido',
      });
    }
    expect(shopSettingsProblems({ ...valid, clabe: '012180001234567890' })[0]?.reason).toBe(
      'INVALID_CLABE',
    );
  });

  it("the card: 16 digits, grouped or not ('El número de tarjeta debe tener 16 dígitos')", () => {
    expect(errorsWith({ card: '4152313800000000' })).toEqual({});
    expect(normalizeShopSettings({ ...valid, card: '4152313800000000' }).card).toBe(
      '4152 3138 0000 0000',
    );
    expect(groupCardNumber('4152 31')).toBe('4152 31');
    for (const card of ['4152 3138 0000 000', '4152-3138-0000-0000', '4152 3138 0000 00001']) {
      expect(errorsWith({ card })).toEqual({ card: 'El número de tarjeta debe tener 16 dígitos' });
    }
  });

  it("the account: 6 to 20 digits ('El número de cuenta debe tener de 6 a 20 dígitos')", () => {
    for (const account of ['12345', '12345a7', '1'.repeat(21)]) {
      expect(errorsWith({ account })).toEqual({
        account:
          account.length > 20
            ? 'El campo número de cuenta no puede tener más de 20 caracteres'
            : 'El número de cuenta debe tener de 6 a 20 dígitos',
      });
    }
  });

  it("phones: 10 digits (the shop's and the proof of payment's WhatsApp)", () => {
    expect(errorsWith({ phone: '55 1234 5678', proofPhone: '551234567' })).toEqual({
      phone: 'El teléfono debe tener 10 dígitos',
      proofPhone: 'El WhatsApp para comprobantes debe tener 10 dígitos',
    });
  });

  it("the contact e-mail ('El correo de contacto no es un email válido')", () => {
    expect(errorsWith({ email: 'hola@tienda' })).toEqual({
      email: 'El correo de contacto no es un email válido',
    });
  });

  it('links: https only (no http, javascript:, spaces or markup)', () => {
    expect(isHttpsUrl('https://wa.me/525512345678')).toBe(true);
    expect(isHttpsUrl('https://tienda.mx:8443/a?b=c#d')).toBe(true);
    for (const url of [
      'http://wa.me/525512345678',
      'javascript:alert(1)',
      'https://wa.me/5255 1234',
      'https://wa.me/"><script>',
      'https:///wa.me',
      'https://localhost',
    ]) {
      expect(errorsWith({ whatsappUrl: url })).toEqual({
        whatsappUrl: 'El campo enlace de whatsapp debe ser una dirección https://',
      });
    }
    expect(errorsWith({ facebookUrl: 'ftp://x.mx', trustUrl: 'www.x.mx' })).toEqual({
      facebookUrl: 'El campo enlace de facebook debe ser una dirección https://',
      trustUrl: 'El campo enlace de "somos confiables?" debe ser una dirección https://',
    });
  });

  it('the tracking URL: https, with {guia} where the tracking number goes', () => {
    expect(errorsWith({ trackingUrl: 'http://www.estafeta.com/rastreo?guia={guia}' })).toEqual({
      trackingUrl: 'El campo url de rastreo debe ser una dirección https://',
    });
    expect(errorsWith({ trackingUrl: 'https://www.estafeta.com/rastreo?guia=' })).toEqual({
      trackingUrl:
        'La URL de rastreo debe incluir {guia} donde va el número de guía, por ejemplo https://www.estafeta.com/rastreo?guia={guia}',
    });
  });

  it('lengths and control characters', () => {
    expect(errorsWith({ name: 'x'.repeat(81), address: 'x'.repeat(301) })).toEqual({
      name: 'El campo nombre de la tienda no puede tener más de 80 caracteres',
      address: 'El campo dirección no puede tener más de 300 caracteres',
    });
    expect(errorsWith({ holder: 'Ana\u0007' })).toEqual({
      holder: 'El campo titular no puede contener caracteres de control',
    });
  });

  it("the orders' notification addresses: e-mails, no repeats, at most 10", () => {
    expect(splitEmails(' a@x.mx, b@x.mx;\nc@x.mx ,, ')).toEqual(['a@x.mx', 'b@x.mx', 'c@x.mx']);
    expect(errorsWith({ ordersEmails: ['a@x.mx', 'no-es-correo'] })).toEqual({
      ordersEmails: '"no-es-correo" no es un email válido',
    });
    expect(errorsWith({ ordersEmails: ['a@x.mx', 'A@x.mx'] })).toEqual({
      ordersEmails: 'El correo "A@x.mx" está repetido',
    });
    const many = Array.from({ length: MAX_ORDERS_EMAILS + 1 }, (_, i) => `p${i}@x.mx`);
    expect(errorsWith({ ordersEmails: many })).toEqual({
      ordersEmails: 'Puedes indicar a lo más 10 correos para avisos de pedidos',
    });
  });

  it('normalizes: texts trimmed, empty addresses dropped', () => {
    const out = normalizeShopSettings({
      ...valid,
      name: '  Tienda  ',
      ordersEmails: [' a@x.mx ', ''],
    });
    expect(out.name).toBe('Tienda');
    expect(out.ordersEmails).toEqual(['a@x.mx']);
    expect(isShopSettingsField('clabe')).toBe(true);
    expect(isShopSettingsField('rol')).toBe(false);
  });
});

describe('trackingUrlOf', () => {
  it('puts the tracking number, URL-encoded and trimmed, wherever {guia} is', () => {
    expect(trackingUrlOf('https://rastreo.mx/?g={guia}&copia={guia}', ' AB 12/3 ')).toBe(
      'https://rastreo.mx/?g=AB%2012%2F3&copia=AB%2012%2F3',
    );
  });
});
