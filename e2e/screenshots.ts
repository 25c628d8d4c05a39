// Captures every storefront and admin screen at phone (390x844) and desktop (1366x900) widths into
// screenshots/*.png (gitignored), for a visual review.
//
// Usage: E2E_BASE_URL=http://127.0.0.1:4000 node --import tsx e2e/screenshots.ts
// SCREENS=regex captures only the screens whose name matches (e.g. SCREENS='pago|pedidos').
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseUrl, launchBrowser } from './browser.ts';
import { adminScreens } from './screens/admin-screens.ts';
import { centavosScreens, customerScreens } from './screens/customer-screens.ts';
import { VIEWPORTS, type Screen, type SessionKind, settle } from './screens/screen.ts';
import { centavosProduct, sampleProduct, signInContext } from './screens/shop-data.ts';
import { productScreens, storefrontScreens } from './screens/storefront-screens.ts';
import { twoFactorScreens } from './screens/two-factor-screens.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'screenshots');
const onlyScreens = process.env.SCREENS ? new RegExp(process.env.SCREENS) : undefined;

async function main(): Promise<void> {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const product = await sampleProduct();
  // Made after the sample is picked, so the other screens keep theirs.
  const centavos = await centavosProduct();

  const screens: Screen[] = [
    ...storefrontScreens,
    ...customerScreens,
    ...adminScreens,
    ...twoFactorScreens,
    ...(product ? productScreens(product) : []),
    ...centavosScreens(centavos),
  ];

  const browser = await launchBrowser();
  try {
    const kinds: SessionKind[] = ['anonymous', 'customer', 'admin'];
    let firstCustomer = true;
    for (const viewport of VIEWPORTS) {
      for (const kind of kinds) {
        const wanted = screens.filter(
          (screen) =>
            (screen.session ?? 'anonymous') === kind &&
            (!screen.only || screen.only === viewport.name) &&
            (!onlyScreens || onlyScreens.test(screen.name)),
        );
        if (wanted.length === 0) continue;
        const context = await browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
          deviceScaleFactor: 1,
          locale: 'es-MX',
        });
        const page = await context.newPage();
        page.on('pageerror', (error) => console.error(`[${viewport.name}] page error:`, error));
        if (kind !== 'anonymous') {
          await signInContext(page, kind, kind === 'customer' && firstCustomer);
          if (kind === 'customer') firstCustomer = false;
        }
        for (const screen of wanted) {
          await page.goto(`${baseUrl()}/#${screen.route}`);
          await page.reload();
          await settle(page);
          if (screen.act) await screen.act(page);
          const file = path.join(
            OUT_DIR,
            `${screen.name}-${viewport.width}x${viewport.height}.png`,
          );
          await page.screenshot({ path: file, fullPage: screen.fullPage ?? false });
          console.log(`saved ${path.relative(ROOT, file)}`);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
