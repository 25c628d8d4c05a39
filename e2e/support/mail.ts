// Shared helpers for the mail specs (mail-*.spec.ts): the development mailbox (/dev/correo, present
// while NODE_ENV is not production, as in the e2e harness), the accounts, and the captures into
// e2e/artifacts/mail/ (gitignored).
//
// Delivery is asynchronous (an outbox worker): the mailbox is polled. Each browser context
// speaks from its own documentation address (X-Forwarded-For, trusted from the loopback), so
// the per-address sign-in, registration and reset limits of the other specs are untouched.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from '../browser.ts';
import { axeViolations } from '../axe.ts';
import { DESKTOP, graphqlRequest, openPage } from '../specs/storefront-helpers.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = path.join(ROOT, 'e2e', 'artifacts', 'mail');

export const ADMIN_EMAIL = 'admin@tienda.local';
export const ADMIN_PASSWORD = 'Admin12345';
export const OLD_PASSWORD = 'Secreta123';
export const run = Date.now().toString(36);
export const ADMIN_IP = '203.0.113.62';
const MAIL_TIMEOUT_MS = 20_000;

/** A new customer of this run; `label` tells the specs' customers apart. */
export function newCustomer(label: string): { name: string; email: string; phone: string } {
  return {
    name: `Renata ${label} ${run}`,
    email: `renata.${label.toLowerCase()}.${run}@example.com`,
    phone: '5511112222',
  };
}

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  kind: string;
  title: string;
  date: string;
}

/**
 * The spec's browser, launched before its tests and closed after them. `clearCaptures`: this
 * spec (the first mail spec, in the harness's order) starts e2e/artifacts/mail/ empty, so it
 * holds only this run's captures (message ids change from run to run).
 */
export function mailBrowser({ clearCaptures = false } = {}): () => Browser {
  let browser: Browser | undefined;
  before(async () => {
    browser = await launchBrowser();
    if (clearCaptures) fs.rmSync(ARTIFACTS, { recursive: true, force: true });
    fs.mkdirSync(ARTIFACTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
  });
  return () => {
    assert.ok(browser, 'the browser is launched before the tests');
    return browser;
  };
}

export function newContext(
  browser: Browser,
  ip: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  return openPage(browser, null, viewport, { ip });
}

export async function waitForHash(page: Page, route: string): Promise<void> {
  await page.waitForURL((url) => url.hash === `#${route}`);
}

export async function notification(page: Page, text: string): Promise<void> {
  await page.getByTestId('notification').filter({ hasText: text }).first().waitFor();
}

export async function mailbox(): Promise<MailboxMessage[]> {
  const response = await fetch(`${baseUrl()}/dev/correo/mensajes.json`);
  assert.equal(response.status, 200, 'the development mailbox answers');
  assert.match(response.headers.get('content-type') ?? '', /json/);
  return (await response.json()) as MailboxMessage[];
}

export const sentTo = (message: MailboxMessage, address: string) =>
  message.to.toLowerCase().includes(address.toLowerCase());

/** Polls the mailbox until `count` messages match (delivery is asynchronous). */
export async function waitForMail(
  matches: (message: MailboxMessage) => boolean,
  count = 1,
): Promise<MailboxMessage[]> {
  const deadline = Date.now() + MAIL_TIMEOUT_MS;
  let found: MailboxMessage[] = [];
  while (Date.now() < deadline) {
    found = (await mailbox()).filter(matches);
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  assert.fail(
    `expected ${count} matching message(s) in ${MAIL_TIMEOUT_MS / 1000} s, found ${found.length}`,
  );
}

export async function messageText(id: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/dev/correo/${encodeURIComponent(id)}.txt`);
  assert.equal(response.status, 200);
  return response.text();
}

export async function messageHtml(id: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/dev/correo/${encodeURIComponent(id)}`);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /html/);
  return response.text();
}

/** The e-mailed link on this shop: its host may be PUBLIC_URL's; the path and hash are kept. */
export function onThisShop(link: string): string {
  const url = new URL(link);
  const base = new URL(baseUrl());
  return `${base.origin}${url.pathname}${url.search}${url.hash}`;
}

export async function capture(page: Page, name: string, fullPage = true): Promise<void> {
  const viewport = page.viewportSize();
  const size = viewport ? `${viewport.width}x${viewport.height}` : 'page';
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${size}.png`), fullPage });
}

/** axe-core (WCAG 2.1 A/AA and best practices) finds nothing on the page as it is now. */
export async function assertAccessible(page: Page, screen: string): Promise<void> {
  const size = page.viewportSize();
  assert.deepEqual(
    await axeViolations(page),
    [],
    `axe on ${screen}${size ? ` at ${size.width}×${size.height}` : ''}`,
  );
}

/**
 * Back to desktop width: the shell lays the page out anew across the breakpoint, so the screen
 * (`testId`) is drawn again, its form empty; this waits for that before the form is used.
 */
export async function backToDesktop(page: Page, testId: string): Promise<void> {
  const before = await page.getByTestId(testId).elementHandle();
  await page.setViewportSize(DESKTOP);
  if (before) {
    await page
      .waitForFunction((element) => !element.isConnected, before, { timeout: 5_000 })
      .catch(() => undefined);
  }
  await page.getByTestId(testId).waitFor();
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl()}/#/iniciar-sesion`);
  await page.getByTestId('sign-in-page').waitFor();
  await page.getByTestId('field-email').fill(email);
  await page.getByTestId('field-password').fill(password);
  await page.getByTestId('sign-in-submit').click();
}

export async function signOut(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/#/usuario`);
  await page.getByTestId('sign-out').click();
  await waitForHash(page, '/inicio');
  await page.locator('[data-testid="nav-user"]', { hasText: 'Iniciar sesión' }).waitFor();
}

/** A product with a size that has a unit to sell. */
export async function productInStock(): Promise<{ id: number; size: string }> {
  const data = await graphqlRequest<{
    newProducts: { id: number; sizes: { size: string; stock: number }[] }[];
  }>('{ newProducts { id sizes { size stock } } }');
  for (const product of data.newProducts) {
    const size = product.sizes.find((item) => item.stock >= 2);
    if (size) return { id: product.id, size: size.size };
  }
  assert.fail('the seed has a product in stock');
}

/** Signs the demo admin in on `page` through the sign-in screen and waits for the back office. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/#/iniciar-sesion`);
  await page.getByTestId('sign-in-page').waitFor();
  await page.getByTestId('field-email').fill(ADMIN_EMAIL);
  await page.getByTestId('field-password').fill(ADMIN_PASSWORD);
  await page.getByTestId('sign-in-submit').click();
  await page.getByTestId('admin-shell').waitFor();
}
