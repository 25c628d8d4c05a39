// Issue 28 item 2, axe-clean everywhere: every screen of the registry (e2e/screens/, the same the
// screenshot tool captures, so a screen added there is checked here without anyone remembering
// to) at 390 and 1366 px, signed in as it asks, is run through axe-core (WCAG 2.1 A/AA and best
// practice). The test fails with every violation of every screen, named by screen and width.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type AxeViolation, axeViolations } from '../axe.ts';
import { launchBrowser } from '../browser.ts';
import { visitScreens } from '../screens/visit.ts';

const only = process.env.SCREENS ? new RegExp(process.env.SCREENS) : undefined;

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

test('axe finds no violation on any screen of the store or the back office, at 390 and 1366 px', async () => {
  const found: string[] = [];
  let checked = 0;
  await visitScreens(
    browser,
    async (page, screen, viewport) => {
      checked += 1;
      for (const violation of await settledViolations(page)) {
        found.push(
          `${screen.name} @${viewport.width}: ${violation.id} (${violation.impact ?? '?'}) ` +
            `${violation.help} → ${violation.targets.join(' | ')}`,
        );
      }
    },
    only,
  );
  assert.ok(checked >= (only ? 1 : 100), `only ${checked} screens were checked`);
  assert.deepEqual(found, [], `axe found violations:\n${found.join('\n')}`);
});
