// The screens of e2e/screenshots.ts: the widths, who is signed in, what a screen is, and the wait
// before a capture.
import type { Page } from 'playwright-core';
import { appReady } from '../specs/storefront-helpers.ts';

export const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];

export type SessionKind = 'anonymous' | 'customer' | 'admin';

export interface Screen {
  name: string;
  route: string;
  /** Who is signed in (default: nobody). */
  session?: SessionKind;
  /** Only at this width. */
  only?: Viewport['name'];
  fullPage?: boolean;
  /** Something to do once the page is ready (open a drawer, click a button…). */
  act?: (page: Page) => Promise<void>;
}

/** Waits for queries to settle and images to load. */
export async function settle(page: Page): Promise<void> {
  // The app itself, not the screen the server drew (which it waits behind until the pointer moves).
  await appReady(page);
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      !document.querySelector('[data-loading="true"]'),
    undefined,
    { timeout: 15_000 },
  );
  await page
    .waitForFunction(
      () => Array.from(document.images).every((image) => image.complete),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  await page.waitForTimeout(400);
}
