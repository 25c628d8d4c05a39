// Issue 23 item 9: the admin audit trail. The admin renames a colour (a real admin change through
// the shop's GraphQL door), opens Actividad from the admin navigation and finds the change on
// top: who, the action in Spanish, the object, the name before → after, and the address the
// request came from (its own documentation address, X-Forwarded-For trusted from the loopback,
// which also keeps the sign-in rate limit of other specs untouched). Filtering by the action keeps
// it; axe-core finds nothing on the screen at desktop and phone widths.
import { signInAsAdmin, ADMIN_EMAIL } from '../support/mail.ts';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { axeViolations } from '../axe.ts';
import { launchBrowser } from '../browser.ts';
import { graphqlInPage } from './storefront-helpers.ts';

const ADDRESS = '192.0.2.94';
const RENAMES = ['Tipo renombrado', 'Marca renombrada', 'Color renombrado'];

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

const signIn = signInAsAdmin;

test("an admin's change shows on Actividad, newest first, with before → after and the address", async () => {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'es-MX',
    extraHTTPHeaders: { 'X-Forwarded-For': ADDRESS },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const name = `Color E2E ${Date.now().toString(36)}`;
  try {
    await signIn(page);
    const created = await graphqlInPage<{ createColor: { id: number } }>(
      page,
      'mutation C($name: String!) { createColor(name: $name) { id } }',
      { name },
    );
    await graphqlInPage(
      page,
      'mutation R($id: Int!, $name: String!) { updateColor(id: $id, name: $name) { id } }',
      {
        id: created.createColor.id,
        name: `${name} Claro`,
      },
    );

    await page.getByTestId('admin-nav-actividad').click();
    await page.getByRole('heading', { level: 1, name: 'Actividad' }).waitFor();
    const top = page.locator('[data-testid="entry-row"]').first();
    await top.waitFor();
    const cells = await top.getByRole('cell').allTextContents();
    assert.equal(cells[2], ADMIN_EMAIL);
    assert.equal(cells[3], 'Color renombrado');
    assert.equal(cells[4], `Color #${created.createColor.id} · ${name} Claro`);
    assert.equal(cells[5], `Nombre: ${name} → ${name} Claro`);
    assert.equal(cells[6], ADDRESS);
    assert.match(cells[1]!, /^\d\d\/\d\d\/\d{4}, \d\d:\d\d:\d\d$/);
    // The creation is right below it.
    const second = await page
      .locator('[data-testid="entry-row"]')
      .nth(1)
      .getByRole('cell')
      .allTextContents();
    assert.equal(second[3], 'Color creado');

    // Filtered by the action: the rename stays on top, the creation goes.
    await page.getByTestId('activity-filter-action').selectOption('lookup.rename');
    await page.waitForURL(/accion=lookup\.rename/);
    // The filtered page replaces the unfiltered one: only renames are left.
    await page.waitForFunction((labels) => {
      const rows = [...document.querySelectorAll('[data-testid="entry-row"]')];
      return (
        rows.length > 0 && rows.every((row) => labels.includes(row.children[3]?.textContent ?? ''))
      );
    }, RENAMES);
    const actions = await page
      .locator('[data-testid="entry-row"]')
      .evaluateAll((rows) => rows.map((row) => row.children[3]?.textContent));
    assert.ok(actions.length >= 1);
    assert.ok(actions.every((a) => RENAMES.includes(a ?? '')));
    assert.equal(actions[0], 'Color renombrado');
    assert.deepEqual(await axeViolations(page), []);

    // A phone: the same entries as cards, and nothing for axe either.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('[data-testid="entry-card"]').first().waitFor();
    assert.deepEqual(await axeViolations(page), []);
  } finally {
    await context.close();
  }
});
