import { describe, expect, it } from 'vitest';
import { nextCardRotationDelayMs } from './card-rotation';

describe('nextCardRotationDelayMs: card images rotate every 3 to 13 s (spec §9)', () => {
  it.each([
    [0, 3_000],
    [0.5, 8_000],
    [0.99999, 13_000],
    [1, 13_000],
    // A broken random source stays inside the bounds.
    [-0.2, 3_000],
    [7, 13_000],
  ])('random %d → %d ms', (draw, expected) => {
    expect(nextCardRotationDelayMs(() => draw)).toBe(expected);
  });

  it('stays within 3 000 and 13 000 ms, whole milliseconds, over many real draws', () => {
    for (let i = 0; i < 1_000; i += 1) {
      const delay = nextCardRotationDelayMs();
      expect(delay).toBeGreaterThanOrEqual(3_000);
      expect(delay).toBeLessThanOrEqual(13_000);
      expect(Number.isInteger(delay)).toBe(true);
    }
  });
});
