import { describe, expect, it } from 'vitest';
import {
  GLOBAL_INVOICE_MESSAGES,
  globalInvoicePeriodicityOf,
  globalInvoiceRangeProblems,
  lastClosedPeriod,
} from '../src/global-invoice.js';
import { SHOP_SETTINGS_MESSAGES, validateShopSettings } from '../src/shop-settings.js';

// 2026-11-27 14:00 in Mexico City (UTC-6): a Friday.
const NOW = new Date('2026-11-27T20:00:00Z');

describe('the admin range of a global invoice', () => {
  const problems = (from: string, to: string) =>
    globalInvoiceRangeProblems({ from, to }, NOW).map((p) => p.message);

  it('a closed range within one month has no problem', () => {
    expect(problems('2026-11-01', '2026-11-26')).toEqual([]);
    expect(problems('2026-10-31', '2026-10-31')).toEqual([]);
  });
  it('notClosed: today or later (Mexico City) is refused', () => {
    expect(problems('2026-11-01', '2026-11-27')).toEqual([GLOBAL_INVOICE_MESSAGES.notClosed]);
    // 2026-11-28 01:00 UTC is still the 27th in Mexico City.
    expect(
      globalInvoiceRangeProblems(
        { from: '2026-11-01', to: '2026-11-27' },
        new Date('2026-11-28T01:00:00Z'),
      ).map((p) => p.reason),
    ).toEqual(['PERIOD_NOT_CLOSED']);
  });
  it('inverted: desde after hasta', () => {
    expect(problems('2026-10-20', '2026-10-02')).toEqual([GLOBAL_INVOICE_MESSAGES.inverted]);
  });
  it('tooLong: across two months', () => {
    expect(problems('2026-09-30', '2026-10-02')).toEqual([GLOBAL_INVOICE_MESSAGES.tooLong]);
  });
  it('invalidDay: not a calendar day', () => {
    expect(problems('2026-02-30', '2026-13-01')).toEqual([
      GLOBAL_INVOICE_MESSAGES.invalidDay('desde'),
      GLOBAL_INVOICE_MESSAGES.invalidDay('hasta'),
    ]);
  });
});

describe('the last closed period', () => {
  it('daily: yesterday in Mexico City', () => {
    expect(lastClosedPeriod('day', NOW)).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    // 2026-11-28 03:00 UTC is 21:00 of the 27th there.
    expect(lastClosedPeriod('day', new Date('2026-11-28T03:00:00Z'))).toEqual({
      from: '2026-11-26',
      to: '2026-11-26',
    });
  });
  it('monthly: the last calendar month', () => {
    expect(lastClosedPeriod('month', NOW)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(lastClosedPeriod('month', new Date('2027-01-01T07:00:00Z'))).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });
  it('weekly: the last Monday–Sunday, cut at a month’s end', () => {
    expect(lastClosedPeriod('week', NOW)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    // Tuesday 2026-12-01: the week of Monday 30 Nov closed with November.
    expect(lastClosedPeriod('week', new Date('2026-12-01T18:00:00Z'))).toEqual({
      from: '2026-11-30',
      to: '2026-11-30',
    });
    // Monday 2026-12-07: the rest of that week, from the 1st.
    expect(lastClosedPeriod('week', new Date('2026-12-07T18:00:00Z'))).toEqual({
      from: '2026-12-01',
      to: '2026-12-06',
    });
  });
});

describe("the shop's periodicity (Ajustes)", () => {
  it('invalidPeriodicity: only daily, weekly or monthly', () => {
    const base = {
      name: 'Tienda',
      legalName: '',
      address: '',
      phone: '',
      email: '',
      bank: 'BBVA',
      holder: 'Tienda',
      account: '0123456789',
      clabe: '012180001234567899',
      card: '4152 3138 0000 0000',
      proofPhone: '5512345678',
      whatsappUrl: 'https://wa.me/525512345678',
      facebookUrl: 'https://www.facebook.com/t',
      trustUrl: 'https://www.facebook.com/t',
      carrier: 'Estafeta',
      trackingUrl: 'https://www.estafeta.com/rastreo?guia={guia}',
      ordersEmails: [],
    };
    expect(validateShopSettings({ ...base, globalInvoicePeriodicity: 'week' })).toEqual({});
    expect(validateShopSettings({ ...base, globalInvoicePeriodicity: 'biweekly' })).toEqual({
      globalInvoicePeriodicity: GLOBAL_INVOICE_MESSAGES.invalidPeriodicity,
    });
    expect(validateShopSettings({ ...base, globalInvoicePeriodicity: '' })).toEqual({
      globalInvoicePeriodicity: SHOP_SETTINGS_MESSAGES.required('globalInvoicePeriodicity'),
    });
  });
  it('a stored value that is not one of them reads as monthly', () => {
    expect(globalInvoicePeriodicityOf('day')).toBe('day');
    expect(globalInvoicePeriodicityOf('quincenal')).toBe('month');
    expect(globalInvoicePeriodicityOf(undefined)).toBe('month');
  });
});
