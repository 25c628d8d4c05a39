// Two-factor sign-in's screens for e2e/screenshots.ts (issue 23, item 8): the admin's panel on
// /usuario (off, the QR step, the recovery codes) and the sign-in's code step. The shop's admin is
// shared with every other screen: each capture that turns two-factor sign-in on turns it off again
// over REST (support/two-factor.ts) once the screen is drawn (the screen keeps what it shows).
import {
  disableAdminTwoFactor,
  enableAdminTwoFactor,
  totpCode,
  ADMIN,
} from '../support/two-factor.ts';
import type { Screen } from './screen.ts';

/** The screenshot tool's own address for the sign-in limits. */
const IP = '203.0.113.82';

export const twoFactorScreens: Screen[] = [
  { name: 'usuario-admin-2fa', route: '/usuario', session: 'admin', fullPage: true },
  {
    name: 'usuario-admin-2fa-qr',
    route: '/usuario',
    session: 'admin',
    fullPage: true,
    act: async (page) => {
      await page.getByTestId('two-factor-start').click();
      await page.getByTestId('two-factor-qr').waitFor();
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'usuario-admin-2fa-codigos',
    route: '/usuario',
    session: 'admin',
    fullPage: true,
    act: async (page) => {
      await page.getByTestId('two-factor-start').click();
      const secret = (await page.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
      await page.getByTestId('field-two-factor-code').fill(totpCode(secret));
      await page.getByTestId('two-factor-confirm').click();
      await page.getByTestId('recovery-codes').waitFor();
      const codes = await page
        .getByTestId('recovery-codes')
        .getByRole('listitem')
        .allTextContents();
      await disableAdminTwoFactor(
        codes.map((c) => c.trim()),
        IP,
      );
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'iniciar-sesion-codigo',
    route: '/iniciar-sesion',
    act: async (page) => {
      const { recovery } = await enableAdminTwoFactor(IP);
      try {
        await page.getByTestId('field-email').fill(ADMIN.email);
        await page.getByTestId('field-password').fill(ADMIN.password);
        await page.getByTestId('sign-in-submit').click();
        await page.getByTestId('field-code').waitFor();
        await page.waitForTimeout(300);
      } finally {
        await disableAdminTwoFactor(recovery, IP);
      }
    },
  },
];
