import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { ROOT_DIR } from '../src/config.js';
import { STORE_DIRECTIVES } from '../src/http/security-headers.js';
import { shopWith } from './support/app.js';

const shop = shopWith([]);

/** The client's page as written (vite copies its inline script unchanged into the build). */
const indexHtml = readFileSync(path.join(ROOT_DIR, 'client', 'index.html'), 'utf8');
const inlineScripts = [...indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
  .map((m) => m[1] ?? '')
  .filter((body) => body.trim() !== '');
const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe("index.html's light shell and the CSP", () => {
  test('rule CSP inline script: every inline script of index.html is allowed by its hash', async () => {
    expect(inlineScripts.length).toBeGreaterThan(0);
    const res = await request(shop.app.app).get('/api/version');
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.startsWith('script-src '));
    for (const body of inlineScripts) {
      expect(STORE_DIRECTIVES['script-src']).toContain(sha256(body));
      expect(scriptSrc).toContain(sha256(body));
    }
  });

  test("rule CSP inline script: scripts never get 'unsafe-inline' on the storefront", () => {
    expect(STORE_DIRECTIVES['script-src']).not.toContain("'unsafe-inline'");
    expect(STORE_DIRECTIVES['script-src-attr']).toEqual(["'none'"]);
  });

  test('rule light shell: the page paints a frame before any script (after #root, no h1)', () => {
    const root = indexHtml.indexOf('<div id="root"></div>');
    const shell = indexHtml.indexOf('<div id="shell" aria-hidden="true">');
    expect(root).toBeGreaterThan(0);
    expect(shell).toBeGreaterThan(root);
    expect(indexHtml).toMatch(/#root:not\(:empty\)\s*~\s*#shell,[^{]*\{\s*display:\s*none;?\s*\}/);
    // The screen the server drew (storefront-html.ts) leaves the same way.
    expect(indexHtml).toMatch(
      /#root:not\(:empty\)\s*~\s*#first-screen\s*\{\s*display:\s*none;?\s*\}/,
    );
    // The pages own the one h1; the shell's banner text is not a heading.
    expect(indexHtml).not.toMatch(/<h1\b/);
  });
});
