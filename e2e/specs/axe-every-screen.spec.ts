// Issue 28 item 2, axe-clean everywhere: every screen of the registry (e2e/screens/, the same the
// screenshot tool captures, so a screen added there is checked here without anyone remembering
// to) at 390 and 1366 px, signed in as it asks, is run through axe-core (WCAG 2.1 A/AA and best
// practice). One test per width and session (each well inside the runner's per-test timeout);
// each fails with every violation of its screens, named by screen and width.
// SCREENS=regex checks only the screens whose name matches.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type AxeViolation, axeViolations } from '../axe.ts';
import { launchBrowser } from '../browser.ts';
import { VIEWPORTS } from '../screens/screen.ts';
import { SESSION_KINDS, visitGroup } from '../screens/visit.ts';

const only = process.env.SCREENS ? new RegExp(process.env.SCREENS) : undefined;
/** The pass's own address for the sign-in and registration limits (the shop is shared). */
const IP = '203.0.113.140';
const WHO = { anonymous: 'nobody signed in', customer: 'a customer', admin: 'the admin' } as const;

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

/** The page's violations once its animations (a dialog fading in) have finished. */
async function settledViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
  return axeViolations(page);
}

for (const viewport of VIEWPORTS) {
  for (const kind of SESSION_KINDS) {
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
        IP,
      );
      if (!only) assert.ok(checked > 0, `no screen of ${WHO[kind]} at ${viewport.width} px`);
      assert.deepEqual(found, [], `axe found violations:\n${found.join('\n')}`);
    });
  }
}
