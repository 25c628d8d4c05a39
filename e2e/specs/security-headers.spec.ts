import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser } from '../browser.ts';
import { openPage, settledTotal } from './storefront-helpers.ts';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

test('the storefront renders under its Content-Security-Policy without a single violation', async () => {
  const { context, page } = await openPage(browser, null);
  try {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text()))
        violations.push(message.text());
    });
    await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { reportViolation(v: string): void }).reportViolation(
          `${e.violatedDirective} ${e.blockedURI}`,
        );
      });
    });
    const response = await page.goto(`${baseUrl()}/#/inicio`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    assert.match(csp, /frame-ancestors 'none'/);
    assert.ok((await settledTotal(page)) > 0);
    await page.locator('img').first().waitFor();
    assert.deepEqual(violations, []);
  } finally {
    await context.close();
  }
});
