// Issue 28 item 2, axe-clean everywhere: the axe pass over the screen registry (e2e/screens/, the
// same the screenshot tool captures, so a screen added there is checked without anyone
// remembering to). Each spec e2e/specs/axe-<session>-<width>.spec.ts checks one group, every
// screen of one session at one width (390 or 1366 px), through axe-core (WCAG 2.1 A/AA and best
// practice): one file each keeps each inside the runner's per-file timeout. A group fails with
// every violation of its screens, named by screen and width.
// SCREENS=regex checks only the screens whose name matches.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type AxeViolation, axeViolations } from '../axe.ts';
import { launchBrowser } from '../browser.ts';
import { VIEWPORTS, type SessionKind, type Viewport } from '../screens/screen.ts';
import { visitGroup } from '../screens/visit.ts';

const only = process.env.SCREENS ? new RegExp(process.env.SCREENS) : undefined;
const WHO = { anonymous: 'nobody signed in', customer: 'a customer', admin: 'the admin' } as const;

/** Each group's own address for the sign-in and registration limits (the shop is shared). */
const IP: Record<SessionKind, Record<Viewport['name'], string>> = {
  anonymous: { phone: '203.0.113.140', desktop: '203.0.113.141' },
  customer: { phone: '203.0.113.142', desktop: '203.0.113.143' },
  admin: { phone: '203.0.113.144', desktop: '203.0.113.145' },
};

/** The page's violations once its animations (a dialog fading in) have finished. */
async function settledViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
  return axeViolations(page);
}

/** Declares the test of one group: every screen of `kind` at the `width` of VIEWPORTS. */
export function axeScreensTest(kind: SessionKind, width: Viewport['name']): void {
  const viewport = VIEWPORTS.find((candidate) => candidate.name === width);
  if (!viewport) throw new Error(`no viewport ${width}`);
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  test(`axe finds no violation on the screens of ${WHO[kind]} at ${viewport.width} px`, async () => {
    const found: string[] = [];
    const checked = await visitGroup(
      browser,
      viewport,
      kind,
      async (page, screen) => {
        for (const violation of await settledViolations(page)) {
          found.push(
            `${screen.name} @${viewport.width}: ${violation.id} (${violation.impact ?? '?'}) ` +
              `${violation.help} → ${violation.targets.join(' | ')}`,
          );
        }
      },
      only,
      IP[kind][width],
    );
    if (!only) assert.ok(checked > 0, `no screen of ${WHO[kind]} at ${viewport.width} px`);
    assert.deepEqual(found, [], `axe found violations:\n${found.join('\n')}`);
  });
}
