import { notify } from '../notifications/toaster';

export interface CartNoticeLike {
  message: string;
}

/** How long the same notices are not repeated (several screens read the same cart answer). */
const REPEAT_WINDOW_MS = 5000;
let last: { key: string; at: number } | undefined;

/**
 * What loading the cart changed (lines of products that are gone, quantities lowered to stock):
 * one notification per notice, once, however many components read that answer.
 */
export function announceCartNotices(notices: readonly CartNoticeLike[], now = Date.now()): void {
  if (notices.length === 0) return;
  const key = notices.map((notice) => notice.message).join('\n');
  if (last && last.key === key && now - last.at < REPEAT_WINDOW_MS) return;
  last = { key, at: now };
  for (const notice of notices) notify(notice.message, { type: 'warning' });
}

/** For tests. */
export function forgetAnnouncedCartNotices(): void {
  last = undefined;
}
