// Issue 25 item 7, the legal pages: 'Aviso de privacidad', 'Términos y condiciones' and
// 'Devoluciones y cambios' open from the footer of a store screen on a phone and a desktop and
// show the shop's legal name from Ajustes; the owner edits the terms on 'Textos legales' and the
// page shows the new text (its placeholders filled, raw HTML not drawn). The pages at 390 and
// 1366 px are captured into e2e/artifacts/legal-pages/ and axe finds no violation. The settings
// and the text are put back as they were at the end.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { expectNoAxeViolations } from '../axe.ts';
import { launchBrowser } from '../browser.ts';
import { signInAsAdmin } from '../support/mail.ts';
import {
  DESKTOP,
  PHONE,
  captureInto,
  graphqlInPage,
  hashRoute,
  openPage,
} from './storefront-helpers.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ARTIFACTS = path.join(ROOT, 'e2e', 'artifacts', 'legal-pages');
const run = Date.now().toString(36);
const LEGAL_NAME = `Calzado Legal ${run} S.A. de C.V.`;

const SETTINGS_FIELDS = `name legalName address phone email bank holder account clabe card
  proofPhone whatsappUrl facebookUrl trustUrl carrier trackingUrl ordersEmails`;

const PAGES = [
  { kind: 'privacy', route: '/aviso-de-privacidad', title: 'Aviso de privacidad' },
  { kind: 'terms', route: '/terminos-y-condiciones', title: 'Términos y condiciones' },
  { kind: 'returns', route: '/devoluciones-y-cambios', title: 'Devoluciones y cambios' },
] as const;

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
});
after(async () => {
  await browser?.close();
});

const capture = (page: Page, name: string) => captureInto(ARTIFACTS, page, name);

/** The text of the legal page `kind` once drawn (never the page before it, still shown a moment). */
async function legalText(page: Page, kind: string): Promise<string> {
  const text = page.getByTestId(`legal-page-${kind}`).getByTestId('legal-text');
  await text.waitFor();
  return (await text.textContent()) ?? '';
}

test('the legal pages open from the footer on a phone and a desktop with the legal name from Ajustes, and show the text the owner edits (Chromium, 390 and 1366 px)', async () => {
  const owner = await openPage(browser, null, DESKTOP, { ip: '198.51.100.231' });
  let original: Record<string, unknown> | null = null;
  let edited = false;
  try {
    await signInAsAdmin(owner.page);
    original = (
      await graphqlInPage<{ adminShopSettings: Record<string, unknown> }>(
        owner.page,
        `{ adminShopSettings { ${SETTINGS_FIELDS} } }`,
      )
    ).adminShopSettings;
    await graphqlInPage(
      owner.page,
      'mutation ($input: ShopSettingsInput!) { updateShopSettings(input: $input) { legalName } }',
      { input: { ...original, legalName: LEGAL_NAME } },
    );

    for (const viewport of [PHONE, DESKTOP]) {
      const visitor = await openPage(browser, '/inicio', viewport, { ip: '198.51.100.232' });
      try {
        const page = visitor.page;
        // The footer names the seller (LFPC art. 76 Bis) on the home page.
        const name = page.getByTestId('footer-legal-name');
        await name.waitFor();
        assert.equal(await name.textContent(), LEGAL_NAME);
        for (const legal of PAGES) {
          await page.getByTestId(`footer-legal-${legal.kind}`).click();
          await page.getByRole('heading', { level: 1, name: legal.title }).waitFor();
          assert.equal(hashRoute(page), legal.route);
          const text = await legalText(page, legal.kind);
          assert.ok(text.includes(LEGAL_NAME), `${legal.title} names ${LEGAL_NAME}`);
          await expectNoAxeViolations(page, `${legal.title} ${viewport.width}`);
          await capture(page, legal.route.slice(1));
        }
        // Back to the privacy notice: its own heading first, so the text read is its own (the
        // screen before it, the returns policy, is still drawn for a moment after the click).
        await page.getByTestId('footer-legal-privacy').click();
        await page.getByRole('heading', { level: 1, name: PAGES[0]!.title }).waitFor();
        const privacy = await legalText(page, 'privacy');
        for (const part of ['Finalidades necesarias', 'Finalidades voluntarias', 'Derechos ARCO']) {
          assert.ok(privacy.includes(part), part);
        }
      } finally {
        await visitor.context.close();
      }
    }

    // The owner edits the terms on 'Textos legales'.
    await owner.page.getByTestId('admin-nav-textos-legales').click();
    await owner.page.getByRole('heading', { level: 1, name: 'Textos legales' }).waitFor();
    const editor = owner.page.getByTestId('legal-markdown-terms');
    await editor.waitFor();
    for (const viewport of [PHONE, DESKTOP]) {
      await owner.page.setViewportSize(viewport);
      await expectNoAxeViolations(owner.page, `textos legales ${viewport.width}`);
      await capture(owner.page, 'admin-textos-legales');
    }
    await editor.fill(
      `## Envíos en 24 horas ${run}\n\nVende **{razonSocial}**. <script>window.hacked = 1</script>[Más](javascript:alert(1))`,
    );
    edited = true;
    await owner.page.getByTestId('legal-save-terms').click();
    await owner.page.getByText('Se guardó el texto de "Términos y condiciones"').waitFor();

    const visitor = await openPage(browser, '/terminos-y-condiciones', PHONE, {
      ip: '198.51.100.233',
    });
    try {
      const page = visitor.page;
      await page.getByRole('heading', { level: 2, name: `Envíos en 24 horas ${run}` }).waitFor();
      const text = await legalText(page, 'terms');
      assert.ok(text.includes(`Vende ${LEGAL_NAME}.`), text);
      assert.equal(await page.locator('[data-testid="legal-text"] script').count(), 0);
      assert.equal(await page.getByRole('link', { name: 'Más' }).count(), 0);
      assert.equal(await page.evaluate(() => (window as { hacked?: number }).hacked), undefined);
    } finally {
      await visitor.context.close();
    }
  } finally {
    if (edited) {
      await graphqlInPage(
        owner.page,
        'mutation { updateLegalText(kind: TERMS, markdown: "") { isDefault } }',
      ).catch(() => undefined);
    }
    if (original) {
      await graphqlInPage(
        owner.page,
        'mutation ($input: ShopSettingsInput!) { updateShopSettings(input: $input) { legalName } }',
        { input: original },
      ).catch(() => undefined);
    }
    await owner.context.close();
  }
});
