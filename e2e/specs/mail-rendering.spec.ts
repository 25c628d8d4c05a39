// Every message of the development mailbox (issue 14), as its own page, at phone and desktop
// widths: captured into e2e/artifacts/mail/ (see e2e/support/mail.ts) and checked with axe. In the
// harness's order it runs after the other mail specs, so their orders and password resets are
// among the messages.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { baseUrl } from '../browser.ts';
import {
  ADMIN_EMAIL,
  assertAccessible,
  capture,
  mailBrowser,
  mailbox,
  waitForMail,
} from '../support/mail.ts';
import { DESKTOP, PHONE, graphqlRequest } from './storefront-helpers.ts';

const browser = mailBrowser();

before(async () => {
  // Run alone, on a fresh shop, the mailbox may be empty: a password reset for the admin puts a
  // message in it (the admin's password is unchanged until the link is used).
  if ((await mailbox()).length > 0) return;
  await graphqlRequest(
    'mutation ($email: String!) { requestPasswordReset(email: $email) }',
    { email: ADMIN_EMAIL },
    { 'X-Forwarded-For': '203.0.113.65' },
  );
  await waitForMail(() => true);
});

test('every message of the mailbox, as its own page, at phone and desktop widths', async () => {
  const messages = await mailbox();
  assert.ok(messages.length > 0);
  const wide: string[] = [];
  const broken = new Set<string>();
  for (const viewport of [PHONE, DESKTOP]) {
    const context = await browser().newContext({ viewport, locale: 'es-MX' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      for (const message of messages) {
        const response = await page.goto(
          `${baseUrl()}/dev/correo/${encodeURIComponent(message.id)}`,
        );
        assert.equal(response?.status(), 200);
        await page
          .waitForFunction(
            () => Array.from(document.images).every((image) => image.complete),
            undefined,
            { timeout: 5_000 },
          )
          .catch(() => undefined);
        await capture(page, `correo-${message.kind}-${message.id}`);
        await assertAccessible(page, `the e-mail ${message.kind} ${message.id}`);
        if (viewport === PHONE) {
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          if (width > PHONE.width) wide.push(`${message.kind} ${message.id}: ${width}px`);
          const missing = await page.evaluate(() =>
            Array.from(document.images)
              .filter((image) => image.naturalWidth === 0)
              .map((image) => image.getAttribute('src') ?? ''),
          );
          for (const src of missing) broken.add(src);
        }
      }
    } finally {
      await context.close();
    }
  }
  // The templates are the server's: reported, not failed here.
  if (wide.length > 0) console.log(`e-mails wider than a phone: ${wide.join(', ')}`);
  if (broken.size > 0) console.log(`images the e-mails could not load: ${[...broken].join(', ')}`);
});
