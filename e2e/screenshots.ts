// Captures every storefront and admin screen at phone (390x844) and desktop (1366x900) widths into
// screenshots/*.png (gitignored), for a visual review. The screens are the registry of
// e2e/screens/ (visit.ts), the same the axe pass checks.
//
// Usage: E2E_BASE_URL=http://127.0.0.1:4000 node --import tsx e2e/screenshots.ts
// SCREENS=regex captures only the screens whose name matches (e.g. SCREENS='pago|pedidos').
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from './browser.ts';
import { visitScreens } from './screens/visit.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'screenshots');
const onlyScreens = process.env.SCREENS ? new RegExp(process.env.SCREENS) : undefined;

async function main(): Promise<void> {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const browser = await launchBrowser();
  try {
    await visitScreens(
      browser,
      async (page, screen, viewport) => {
        const file = path.join(OUT_DIR, `${screen.name}-${viewport.width}x${viewport.height}.png`);
        await page.screenshot({ path: file, fullPage: screen.fullPage ?? false });
        console.log(`saved ${path.relative(ROOT, file)}`);
      },
      onlyScreens,
    );
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
