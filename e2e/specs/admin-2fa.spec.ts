// Two-factor sign-in for admins (issue 23, item 8), in Chromium: the admin turns it on from
// /usuario (QR code and the secret as text; the code is computed from the secret shown, with the
// same TOTP library as the server), keeps the recovery codes, signs out, signs in again with the
// password and then a code, and turns it off with a recovery code. The shop's one admin account is
// shared with the other specs: the `after` hook turns two-factor sign-in off whatever happened.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../axe.ts';
import { baseUrl, launchBrowser } from '../browser.ts';
import { ADMIN, disableAdminTwoFactor, totpCode } from '../support/two-factor.ts';
import { DESKTOP, PHONE, hashRoute, openPage } from './storefront-helpers.ts';

/** This spec's own address for the sign-in limits (a documentation address). */
const IP = '203.0.113.23';
let browser: Browser;
let recovery: string[] = [];

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  if (recovery.length > 0) await disableAdminTwoFactor(recovery, IP);
  await browser?.close();
});

async function signInWithPassword(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/#/iniciar-sesion`);
  await page.getByTestId('sign-in-page').waitFor();
  await page.getByTestId('field-email').fill(ADMIN.email);
  await page.getByTestId('field-password').fill(ADMIN.password);
  await page.getByTestId('sign-in-submit').click();
}

async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page);
  assert.deepEqual(violations, [], `axe en ${where}: ${JSON.stringify(violations, null, 2)}`);
}

test('an admin turns on two-factor sign-in from /usuario, signs out, and signs in with a code', async () => {
  const { context, page } = await openPage(browser, null, DESKTOP, { ip: IP });
  try {
    await signInWithPassword(page);
    await page.waitForURL((url) => url.hash === '#/admin/productos');

    // The profile's panel: off, then the QR code and the secret as text.
    await page.goto(`${baseUrl()}/#/usuario`);
    await page.getByTestId('two-factor-off').waitFor();
    await expectNoAxeViolations(page, '/usuario (verificación en dos pasos apagada)');
    await page.getByTestId('two-factor-start').click();
    const secret = (await page.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
    assert.match(secret, /^[A-Z2-7]{32}$/);
    const qr = page.getByTestId('two-factor-qr');
    await qr.waitFor();
    assert.ok(
      await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      'el código QR se dibuja',
    );
    await expectNoAxeViolations(page, '/usuario (código QR)');

    // A wrong first code is refused with the server's sentence; the app's code turns it on.
    const right = totpCode(secret);
    await page.getByTestId('field-two-factor-code').fill(right === '000000' ? '111111' : '000000');
    await page.getByTestId('two-factor-confirm').click();
    await page.getByTestId('two-factor-error').waitFor();
    assert.match((await page.getByTestId('two-factor-error').textContent()) ?? '', /no es válido/);
    await page.getByTestId('field-two-factor-code').fill(totpCode(secret));
    await page.getByTestId('two-factor-confirm').click();
    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await page.getByTestId('recovery-codes').waitFor();
    recovery = (await codes.allTextContents()).map((c) => c.trim());
    assert.equal(recovery.length, 10);
    for (const code of recovery) assert.match(code, /^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await expectNoAxeViolations(page, '/usuario (códigos de recuperación)');
    await page.getByTestId('two-factor-done').click();
    await page.getByTestId('two-factor-on').waitFor();

    // Signed out, the password alone no longer signs in: the screen asks for the code.
    await page.getByTestId('sign-out').click();
    await page.waitForURL((url) => url.hash !== '#/usuario');
    await signInWithPassword(page);
    await page.getByTestId('field-code').waitFor();
    assert.match((await page.getByTestId('sign-in-error').textContent()) ?? '', /código/);
    assert.equal(hashRoute(page), '/iniciar-sesion');
    // Once the button is back from its 'Iniciando sesión...' state (its fade would read as low contrast).
    await page.locator('[data-testid="sign-in-submit"]:not([data-loading]):enabled').waitFor();
    await page.waitForTimeout(400);
    await expectNoAxeViolations(page, '/iniciar-sesion (código)');
    // The next step's code (this step's was spent on the confirmation).
    await page.getByTestId('field-code').fill(totpCode(secret, 1));
    await page.getByTestId('sign-in-submit').click();
    await page.waitForURL((url) => url.hash === '#/admin/productos');

    // Turned off with a recovery code: the password alone signs in again.
    await page.goto(`${baseUrl()}/#/usuario`);
    await page.getByTestId('two-factor-on').waitFor();
    await page.getByTestId('field-two-factor-disable-code').fill(recovery[0]!);
    await page.getByTestId('two-factor-disable').click();
    await page.getByTestId('two-factor-off').waitFor();
  } finally {
    await context.close();
  }
  const phone = await openPage(browser, null, PHONE, { ip: IP });
  try {
    await signInWithPassword(phone.page);
    await phone.page.waitForURL((url) => url.hash === '#/admin/productos');
    recovery = [];
  } finally {
    await phone.context.close();
  }
});
