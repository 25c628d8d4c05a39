import { chromium, type Browser } from 'playwright-core';

/** Launches Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) headless. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

/** The running shop's base URL, set by e2e/run.mjs (e.g. http://127.0.0.1:43123). */
export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) {
    throw new Error(
      'E2E_BASE_URL is not set: run the specs with `npm run test:e2e`, which starts a fresh shop, ' +
        'or set E2E_BASE_URL to a running shop (e.g. http://127.0.0.1:4000).',
    );
  }
  return url.replace(/\/+$/, '');
}
