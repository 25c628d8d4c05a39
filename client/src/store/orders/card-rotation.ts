/** Card images rotate every 3 to 13 s (spec §2, §9). */
export const CARD_ROTATION_MIN_MS = 3_000;
export const CARD_ROTATION_MAX_MS = 13_000;

/**
 * How long the current card image stays: a whole number of milliseconds in
 * [CARD_ROTATION_MIN_MS, CARD_ROTATION_MAX_MS], drawn from `random` (a value in [0, 1) like
 * Math.random; anything outside is clamped).
 */
export function nextCardRotationDelayMs(random: () => number = Math.random): number {
  const draw = Math.min(Math.max(random(), 0), 1);
  const span = CARD_ROTATION_MAX_MS - CARD_ROTATION_MIN_MS;
  return CARD_ROTATION_MIN_MS + Math.round(draw * span);
}
