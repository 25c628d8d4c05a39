import { describe, expect, it } from 'vitest';
import {
  longDay,
  parseThreshold,
  presetOfSlug,
  rangeOf,
  releaseTime,
  shortDay,
} from './summary-format';

const now = new Date('2026-11-27T18:00:00Z');

describe("'Resumen' formatting", () => {
  it('reads the preset from the URL, the last 30 days when it names none', () => {
    expect(presetOfSlug('hoy')).toBe('TODAY');
    expect(presetOfSlug('mes')).toBe('THIS_MONTH');
    expect(presetOfSlug(null)).toBe('LAST_30_DAYS');
    expect(presetOfSlug('otra-cosa')).toBe('LAST_30_DAYS');
  });

  it('a custom range is what was typed, an empty day today', () => {
    expect(rangeOf('CUSTOM', { desde: '2026-11-01', hasta: '' }, now)).toEqual({
      from: '2026-11-01',
      to: '2026-11-27',
    });
    expect(rangeOf('LAST_7_DAYS', { desde: '2020-01-01', hasta: '' }, now)).toEqual({
      from: '2026-11-21',
      to: '2026-11-27',
    });
  });

  it('days and release times in Spanish, Mexico City time', () => {
    expect(shortDay('2026-11-27')).toBe('27 nov');
    expect(longDay('2026-11-27')).toBe('vie, 27 nov 2026');
    expect(releaseTime('2026-11-28T20:30:00Z')).toBe('sáb, 14:30');
  });

  it('a stored threshold is a whole number from 0 to 1000, else 2', () => {
    expect(parseThreshold('0')).toBe(0);
    expect(parseThreshold('15')).toBe(15);
    expect(parseThreshold('1001')).toBe(2);
    expect(parseThreshold('-1')).toBe(2);
    expect(parseThreshold(null)).toBe(2);
  });
});
