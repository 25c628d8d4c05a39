// Issue 28 item 1, focus management and keyboard: a new customer buys with the keyboard alone at
// 1366 px, from signing in to the payment page, and after every action the focus is where the
// action left it, never on the page's body: a route change lands on the new page's main heading
// (announced), 'Saltar a los productos' precedes the filters, the sizes are one Tab stop that the
// arrows move, 'Agregar al carrito' and the cart's +/− keep the focus, the address dialog gives it
// back to 'Agregar dirección' (Escape, 'Cancelar' and 'Guardar'). The back office's product
// dialog opens on its first field.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../browser.ts';
import { ADMIN } from '../screens/shop-data.ts';
import { DESKTOP, graphqlRequest, hashRoute, openPage } from './storefront-helpers.ts';

const run = Date.now().toString(36);
const customer = {
  name: `Cliente Teclado ${run}`,
  email: `cliente.teclado.${run}@example.com`,
  phone: '5544332299',
  password: 'Secreta123',
};

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** What has the focus: its tag, test id, role, text and label, for assertions and messages. */
interface Focused {
  tag: string;
  testId: string | null;
  role: string | null;
  text: string;
  label: string | null;
  inDialog: boolean;
}

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? 'null',
      testId: el?.getAttribute('data-testid') ?? null,
      role: el?.getAttribute('role') ?? null,
      text: (el?.innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, 80),
      label: el?.getAttribute('aria-label') ?? null,
      inDialog: !!el?.closest('[role="dialog"]'),
    };
  });
}

/** Waits until the focus is on what `check` accepts (the focus may move after a frame). */
async function expectFocus(
  page: Page,
  what: string,
  check: (f: Focused) => boolean,
): Promise<Focused> {
  let last: Focused | undefined;
  for (let i = 0; i < 40; i += 1) {
    last = await focused(page);
    if (check(last)) return last;
    await page.waitForTimeout(100);
  }
  assert.fail(`focus should be on ${what}, it is on ${JSON.stringify(last)}`);
}

/** The focus is on the page's main heading, with this text. */
async function expectHeadingFocus(page: Page, text: string | RegExp): Promise<void> {
  await expectFocus(
    page,
    `the heading ${String(text)}`,
    (f) => f.tag === 'h1' && (typeof text === 'string' ? f.text === text : text.test(f.text)),
  );
  const announced = await page.getByTestId('route-announcer').first().textContent();
  assert.match(announced ?? '', /· Tienda$/, 'the page title is announced');
}

/** Presses Tab (or Shift+Tab) until `check` accepts the focus, at most `max` times. */
async function tabTo(
  page: Page,
  what: string,
  check: (f: Focused) => boolean,
  { back = false, max = 120 } = {},
): Promise<number> {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    // (Tab past the page's last control passes through the browser: the body, on the way round.)
    if (check(await focused(page))) return presses;
  }
  assert.fail(`${what} was not reached in ${max} presses of Tab`);
}

const byTestId = (id: string) => (f: Focused) => f.testId === id;

test('a keyboard-only purchase at 1366 px: the focus is never lost, from sign-in to payment', async () => {
  await graphqlRequest('mutation ($input: RegisterInput!) { register(input: $input) { id } }', {
    input: { ...customer, passwordConfirmation: customer.password },
  });
  const { context, page } = await openPage(browser, '/iniciar-sesion', DESKTOP, {
    ip: '203.0.113.128',
  });
  try {
    await page.getByTestId('sign-in-page').waitFor();

    // Sign-in: type into the fields reached by Tab, Enter sends; the next page's heading has it.
    // The sign-in page opens on its e-mail field.
    await expectFocus(page, 'the e-mail field', byTestId('field-email'));
    await page.keyboard.type(customer.email);
    await tabTo(page, 'the password field', byTestId('field-password'));
    await page.keyboard.type(customer.password);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !location.hash.startsWith('#/iniciar-sesion'));
    await expectHeadingFocus(page, /.+/);
    assert.equal(hashRoute(page), '/inicio');

    // The catalogue: 'Saltar a los productos' is the first stop of the filter column.
    await tabTo(page, "'Saltar a los productos'", byTestId('skip-to-products'));
    assert.equal((await focused(page)).text, 'Saltar a los productos');
    await page.keyboard.press('Enter');
    await expectFocus(page, 'the results', (f) => f.role === 'region' && f.label === 'Resultados');
    // The first product with a size in stock, opened with Enter.
    const cardPresses = await tabTo(
      page,
      'a product card',
      (f) => f.tag === 'a' && /\S/.test(f.text),
    );
    assert.ok(cardPresses <= 6, `the first product is ${cardPresses} Tabs past the filters`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash.startsWith('#/producto/'));
    await page.getByTestId('size-picker').waitFor();
    await expectHeadingFocus(page, /.+/);

    // The sizes: one Tab stop (the chosen one), the arrows move the choice.
    await tabTo(page, 'the sizes', (f) => f.role === 'radio');
    const radios = page.getByTestId('size-option');
    const sizeCount = await radios.count();
    const checkedSize = () =>
      page.locator('[data-testid="size-option"][aria-checked="true"]').getAttribute('data-size');
    if (sizeCount > 1) {
      const before = await checkedSize();
      await page.keyboard.press('ArrowRight');
      const moved = await checkedSize();
      assert.notEqual(moved, before, 'ArrowRight chose the next size');
      const now = await focused(page);
      assert.equal(now.role, 'radio');
      assert.equal(now.label?.split(' ')[0], moved, 'the focus followed the choice');
      await page.keyboard.press('ArrowLeft');
      assert.equal(await checkedSize(), before, 'ArrowLeft went back');
    }
    // A size with 2 units or more, so the cart's '+' can be pressed below (the arrows choose).
    const chosenStock = async () =>
      Number(
        await page
          .locator('[data-testid="size-option"][aria-checked="true"]')
          .getAttribute('data-stock'),
      );
    for (let i = 0; i < sizeCount && (await chosenStock()) < 2; i += 1) {
      await page.keyboard.press('ArrowRight');
    }
    // On a size in stock; Tab leaves the group at once.
    await page.keyboard.press('Tab');
    const afterSizes = await focused(page);
    assert.notEqual(afterSizes.role, 'radio', 'the sizes are one Tab stop');
    // 'Agregar al carrito' is the next stop, or a few after (a sold-out size's 'Avísame' first).
    const toAdd =
      afterSizes.testId === 'add-to-cart'
        ? 1
        : 1 + (await tabTo(page, "'Agregar al carrito'", byTestId('add-to-cart')));
    assert.ok(toAdd <= 4, `'Agregar al carrito' is ${toAdd} Tabs after the sizes`);
    await page.keyboard.press('Enter');
    await page.getByTestId('notification').first().waitFor();
    await page.locator('[data-testid="add-to-cart"]:not([data-loading])').waitFor();
    await expectFocus(page, "'Agregar al carrito'", byTestId('add-to-cart'));

    // To the cart through the sidebar's link (back from the page, Shift+Tab).
    await tabTo(page, "the sidebar's 'Carrito'", (f) => f.tag === 'a' && /^Carrito/.test(f.text), {
      back: true,
    });
    await page.keyboard.press('Enter');
    await page.getByTestId('cart-line').first().waitFor();
    await expectHeadingFocus(page, 'Carrito');

    // '+' keeps the focus (or hands it to '−' when the stock stops it); '−' the same.
    const quantity = page.getByTestId('cart-line-quantity').first();
    await tabTo(page, "the line's '+'", byTestId('cart-line-increase'));
    assert.equal(
      await page.getByTestId('cart-line-increase').first().isDisabled(),
      false,
      'the first product of the catalogue has more than 1 in the chosen size',
    );
    {
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        () => document.querySelector('[data-testid="cart-line-quantity"]')?.textContent === '2',
      );
      await page.locator('[data-testid="cart-line-decrease"]:not([disabled])').first().waitFor();
      await expectFocus(page, "the line's stepper", (f) =>
        ['cart-line-increase', 'cart-line-decrease'].includes(f.testId ?? ''),
      );
      await tabTo(page, "the line's '−'", byTestId('cart-line-decrease'), { back: true });
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        () => document.querySelector('[data-testid="cart-line-quantity"]')?.textContent === '1',
      );
      // At 1, '−' is disabled: the focus goes to '+', the next sensible control.
      await expectFocus(page, "'+' (the '−' is disabled at 1)", byTestId('cart-line-increase'));
      assert.equal(await quantity.textContent(), '1');
    }

    // On to the addresses.
    await tabTo(page, "'Continuar'", byTestId('cart-continue'));
    await page.keyboard.press('Enter');
    await page.getByTestId('choose-address-page').waitFor();
    await expectHeadingFocus(page, 'Elige la dirección de entrega');

    // The address dialog gives the focus back to its opener: Escape, 'Cancelar', then 'Guardar'.
    await tabTo(page, "'Agregar dirección'", byTestId('address-add'));
    await page.keyboard.press('Enter');
    await page.getByTestId('address-form-dialog').waitFor();
    await expectFocus(page, 'the dialog', (f) => f.inDialog);
    await page.keyboard.press('Escape');
    await page.getByTestId('address-form-dialog').waitFor({ state: 'detached' });
    await expectFocus(page, "'Agregar dirección' after Escape", byTestId('address-add'));

    await page.keyboard.press('Enter');
    await page.getByTestId('address-form-dialog').waitFor();
    await tabTo(page, "'Cancelar'", (f) => f.inDialog && f.text === 'Cancelar');
    await page.keyboard.press('Enter');
    await page.getByTestId('address-form-dialog').waitFor({ state: 'detached' });
    await expectFocus(page, "'Agregar dirección' after 'Cancelar'", byTestId('address-add'));

    await page.keyboard.press('Enter');
    await page.getByTestId('address-form-dialog').waitFor();
    const fields: [string, string][] = [
      ['field-firstName', 'Lucía'],
      ['field-lastName', 'Hernández Ruiz'],
      ['field-street', 'Calle Morelos'],
      ['field-number', '45'],
      ['field-neighborhood', 'Centro'],
      ['field-postalCode', '44100'],
      ['field-city', 'Guadalajara'],
      ['field-state', 'Jalisco'],
      ['field-references', 'Casa azul con reja blanca'],
      ['field-phone', '3312345678'],
    ];
    for (const [testId, value] of fields) {
      if ((await page.getByTestId(testId).count()) === 0) continue;
      // The dialog opens on its first field.
      if ((await focused(page)).testId !== testId) {
        await tabTo(page, testId, byTestId(testId), { max: 30 });
      }
      await page.keyboard.type(value);
    }
    await tabTo(page, "'Guardar'", byTestId('address-form-submit'), { max: 30 });
    await page.keyboard.press('Enter');
    await page.getByTestId('address-form-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('address-option').first().waitFor();
    await expectFocus(page, "'Agregar dirección' after 'Guardar'", byTestId('address-add'));

    // The new address is chosen; 'Continuar' to the summary, then the order.
    await tabTo(page, "'Continuar'", byTestId('address-continue'));
    await page.keyboard.press('Enter');
    await page.getByTestId('order-summary-page').waitFor();
    await expectHeadingFocus(page, /.+/);
    await tabTo(page, "'Realizar pedido'", byTestId('place-order'));
    await page.keyboard.press('Enter');
    await page.getByTestId('payment-page').waitFor();
    await expectHeadingFocus(page, /.+/);
    assert.match(hashRoute(page), /^\/pago\?idPedido=\d+/);
  } finally {
    await context.close();
  }
});

test("the back office's product dialog opens on its first field", async () => {
  const { context, page } = await openPage(browser, '/iniciar-sesion', DESKTOP, {
    ip: '203.0.113.129',
  });
  try {
    await page.getByTestId('field-email').fill(ADMIN.email);
    await page.getByTestId('field-password').fill(ADMIN.password);
    await page.getByTestId('sign-in-submit').click();
    await page.waitForFunction(() => location.hash.startsWith('#/admin'));
    await page.goto(`${new URL(page.url()).origin}/#/admin/productos`);
    await page.locator('[data-testid="products-table"][data-loading="false"]').waitFor();
    await page.getByTestId('product-add').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('product-form-dialog').waitFor();
    const first = await page
      .getByTestId('product-form-dialog')
      .locator('form :is(input, select, textarea):not([type="hidden"])')
      .first()
      .getAttribute('data-testid');
    await expectFocus(page, `the first field (${first})`, (f) => f.testId === first);
    await page.keyboard.press('Escape');
    await page.getByTestId('product-form-dialog').waitFor({ state: 'detached' });
    await expectFocus(page, "'Agregar producto'", byTestId('product-add'));
  } finally {
    await context.close();
  }
});
