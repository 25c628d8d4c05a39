import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZES_TEXT, mergeQuantities, parseSizes } from './sizes';

describe('parseSizes', () => {
  it('splits the default text into the four default sizes', () => {
    expect(DEFAULT_SIZES_TEXT).toBe('S,M,L,XL');
    expect(parseSizes('S,M,L,XL')).toEqual(['S', 'M', 'L', 'XL']);
  });

  it('trims each size and drops empty entries', () => {
    expect(parseSizes(' 25 , 26,,27.5 , ')).toEqual(['25', '26', '27.5']);
    expect(parseSizes('')).toEqual([]);
    expect(parseSizes(' , ')).toEqual([]);
  });
});

describe('mergeQuantities', () => {
  it('gives every size 1 when there were none before', () => {
    expect(mergeQuantities([], [], ['S', 'M', 'L', 'XL'])).toEqual([1, 1, 1, 1]);
  });

  it('keeps the quantity of unchanged sizes and starts new ones at 1', () => {
    expect(mergeQuantities(['S', 'M', 'L', 'XL'], [4, 0, 7, 2], ['S', 'L', 'XXL'])).toEqual([
      4, 7, 1,
    ]);
  });

  it('follows a reordering of the sizes', () => {
    expect(mergeQuantities(['S', 'M', 'L'], [3, 5, 9], ['L', 'M', 'S'])).toEqual([9, 5, 3]);
  });

  it('keeps a quantity of 0 (not replaced by the default)', () => {
    expect(mergeQuantities(['26'], [0], ['26', '27'])).toEqual([0, 1]);
  });

  it('treats a renamed size as a new one', () => {
    expect(mergeQuantities(['S', 'M'], [8, 6], ['S', 'Mediana'])).toEqual([8, 1]);
  });

  it('defaults a size whose quantity was missing', () => {
    expect(mergeQuantities(['S', 'M'], [5], ['S', 'M'])).toEqual([5, 1]);
  });
});
