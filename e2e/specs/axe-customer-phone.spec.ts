// Issue 28 item 2: axe over every registered screen of this session at 390 px (e2e/support/axe-screens.ts).
import { axeScreensTest } from '../support/axe-screens.ts';

axeScreensTest('customer', 'phone');
