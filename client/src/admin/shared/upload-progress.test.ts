import { describe, expect, it } from 'vitest';
import { uploadPercent } from './upload-progress';

describe('uploadPercent', () => {
  it('is the whole share of the body sent, between 0 and 100', () => {
    expect(uploadPercent({ loaded: 0, total: 1000 })).toBe(0);
    expect(uploadPercent({ loaded: 333, total: 1000 })).toBe(33);
    expect(uploadPercent({ loaded: 1000, total: 1000 })).toBe(100);
    expect(uploadPercent({ loaded: 5, total: 0 })).toBe(0);
    expect(uploadPercent({ loaded: 2000, total: 1000 })).toBe(100);
  });
});
