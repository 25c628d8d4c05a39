import { describe, expect, it } from 'vitest';
import {
  addDays,
  averageTicketCents,
  daysInRange,
  SUMMARY_MAX_DAYS,
  SUMMARY_MESSAGES,
  summaryDays,
  summaryPresetRange,
  summaryProblems,
} from '../src/summary.js';

// 2026-11-27 03:00 UTC is still 26 November in Mexico City (UTC-6).
const evening = new Date('2026-11-27T03:00:00Z');

describe("'Resumen' ranges", () => {
  it('presets are Mexico City days ending today', () => {
    expect(summaryPresetRange('TODAY', evening)).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(summaryPresetRange('LAST_7_DAYS', evening)).toEqual({
      from: '2026-11-20',
      to: '2026-11-26',
    });
    expect(summaryPresetRange('LAST_30_DAYS', evening)).toEqual({
      from: '2026-10-28',
      to: '2026-11-26',
    });
    expect(summaryPresetRange('THIS_MONTH', evening)).toEqual({
      from: '2026-11-01',
      to: '2026-11-26',
    });
  });

  it('counts and lists the days of a range, both ends included, across months and leap days', () => {
    expect(daysInRange({ from: '2028-02-27', to: '2028-03-01' })).toBe(4);
    expect(summaryDays({ from: '2028-02-27', to: '2028-03-01' })).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it(`'${SUMMARY_MESSAGES.invalidFrom}' and '${SUMMARY_MESSAGES.invalidTo}'`, () => {
    expect(summaryProblems({ from: '2026-02-30', to: 'mañana' })).toEqual([
      { field: 'from', reason: 'INVALID_DATE', message: SUMMARY_MESSAGES.invalidFrom },
      { field: 'to', reason: 'INVALID_DATE', message: SUMMARY_MESSAGES.invalidTo },
    ]);
  });

  it(`'${SUMMARY_MESSAGES.dateOrder}'`, () => {
    expect(summaryProblems({ from: '2026-11-02', to: '2026-11-01' })).toEqual([
      { field: 'to', reason: 'DATE_ORDER', message: SUMMARY_MESSAGES.dateOrder },
    ]);
  });

  it(`'${SUMMARY_MESSAGES.rangeTooLong}'`, () => {
    const from = '2025-01-01';
    expect(summaryProblems({ from, to: addDays(from, SUMMARY_MAX_DAYS - 1) })).toEqual([]);
    expect(summaryProblems({ from, to: addDays(from, SUMMARY_MAX_DAYS) })).toEqual([
      { field: 'to', reason: 'RANGE_TOO_LONG', message: SUMMARY_MESSAGES.rangeTooLong },
    ]);
  });

  it(`'${SUMMARY_MESSAGES.invalidThreshold}'`, () => {
    const range = { from: '2026-11-01', to: '2026-11-01' };
    expect(summaryProblems(range, 0)).toEqual([]);
    for (const bad of [-1, 1.5, 1001]) {
      expect(summaryProblems(range, bad)).toEqual([
        {
          field: 'lowStockThreshold',
          reason: 'INVALID_THRESHOLD',
          message: SUMMARY_MESSAGES.invalidThreshold,
        },
      ]);
    }
  });

  it('the average ticket is revenue over orders, to the centavo, and 0 without orders', () => {
    expect(averageTicketCents(100_00, 3)).toBe(3333);
    expect(averageTicketCents(0, 0)).toBe(0);
  });
});
