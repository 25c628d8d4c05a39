import type { CSSProperties } from 'react';

/**
 * The messages' look: inline styles only (mail clients drop or mangle <style>), a system font
 * stack, and colours that keep text at WCAG AA contrast (4.5:1 or more) on their background.
 */

export const FONT_STACK =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
export const MONO_STACK =
  "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace";

export const colors = {
  /** The logo's dark ground: the header band. */
  ink: '#1c1917',
  /** Body text: 14.7:1 on white. */
  text: '#292524',
  /** Secondary text: 7.6:1 on white, 7:1 on `page`. */
  muted: '#57534e',
  /** The page around the card. */
  page: '#f5f5f4',
  card: '#ffffff',
  /** Panels inside the card (payment details): text keeps 13:1, muted 6.9:1. */
  panel: '#fafaf9',
  border: '#e7e5e4',
  /** Links and the main button (white on it: 5.2:1). */
  accent: '#c2410c',
  /** The logo's orange, for decoration only (never text on white). */
  accentSoft: '#fb923c',
  /** Notices: text `noticeText` on `notice` is 8.9:1. */
  notice: '#fff7ed',
  noticeBorder: '#fed7aa',
  noticeText: '#7c2d12',
  /** WhatsApp button and the discount (white on it, and it on white: 5:1). */
  green: '#15803d',
  /** Promotion tag: 6.4:1 on `promoBg`. */
  promo: '#9a3412',
  promoBg: '#ffedd5',
} as const;

export const text: CSSProperties = {
  margin: '0 0 16px',
  fontSize: '16px',
  lineHeight: '24px',
  color: colors.text,
};

export const small: CSSProperties = {
  margin: '0',
  fontSize: '14px',
  lineHeight: '20px',
  color: colors.muted,
};

export const h1: CSSProperties = {
  margin: '0 0 16px',
  fontSize: '24px',
  lineHeight: '32px',
  fontWeight: 700,
  color: colors.ink,
};

export const h2: CSSProperties = {
  margin: '0 0 12px',
  fontSize: '18px',
  lineHeight: '26px',
  fontWeight: 700,
  color: colors.ink,
};

export const link: CSSProperties = {
  color: colors.accent,
  textDecoration: 'underline',
};
