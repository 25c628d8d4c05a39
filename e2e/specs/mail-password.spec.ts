// Forgotten and changed passwords (issue 14, acceptance), with the e-mails read in the development
// mailbox: the customer forgets the password, follows the e-mailed link, chooses a new one and is
// signed in; the old password is refused, the new one works, the used link is refused; the
// password is changed on /usuario. The new screens are captured into e2e/artifacts/mail/ (see
// e2e/support/mail.ts).
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { baseUrl } from '../browser.ts';
import {
  OLD_PASSWORD,
  assertAccessible,
  backToDesktop,
  capture,
  mailBrowser,
  messageHtml,
  messageText,
  newContext,
  newCustomer,
  notification,
  onThisShop,
  run,
  sentTo,
  signIn,
  signOut,
  waitForHash,
  waitForMail,
} from '../support/mail.ts';
import { DESKTOP, PHONE, graphqlRequest } from './storefront-helpers.ts';

const NEW_PASSWORD = 'Olvidada456';
const CHANGED_PASSWORD = 'Cambiada789';
const customer = newCustomer('Clave');
const CUSTOMER_IP = '203.0.113.64';

const browser = mailBrowser();

before(async () => {
  // The customer who forgets the password (the order spec registers through the screens).
  await graphqlRequest(
    'mutation ($input: RegisterInput!) { register(input: $input) { id } }',
    { input: { ...customer, password: OLD_PASSWORD, passwordConfirmation: OLD_PASSWORD } },
    { 'X-Forwarded-For': CUSTOMER_IP },
  );
});

test('the customer forgets the password, resets it from the e-mail, and changes it', async () => {
  const { context, page } = await newContext(browser(), CUSTOMER_IP);
  try {
    // Registered above, through GraphQL: sign in, then out (as a customer).
    await signIn(page, customer.email, OLD_PASSWORD);
    await waitForHash(page, '/inicio');
    await signOut(page);

    // '¿Olvidaste tu contraseña?' on the sign-in screen.
    await page.goto(`${baseUrl()}/#/iniciar-sesion`);
    await page.getByTestId('sign-in-page').waitFor();
    await page.getByTestId('link-forgot-password').click();
    await waitForHash(page, '/olvide-contrasena');
    await page.getByTestId('forgot-password-page').waitFor();
    assert.equal(await page.title(), 'Recuperar contraseña · Tienda');
    assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1);
    await assertAccessible(page, '/olvide-contrasena');
    await page.getByTestId('field-email').fill('no-es-un-email');
    await page.getByTestId('forgot-password-submit').click();
    assert.equal(await page.getByTestId('error-email').textContent(), 'El email no es válido.');
    await capture(page, 'olvide-contrasena-error', false);
    await page.getByTestId('field-email').fill(customer.email);
    await page.getByTestId('forgot-password-submit').click();
    const sent = page.getByTestId('forgot-password-sent');
    await sent.waitFor();
    const sentence = ((await sent.textContent()) ?? '').trim();
    assert.ok(sentence.length > 0);
    await capture(page, 'olvide-contrasena-enviado', false);
    await assertAccessible(page, '/olvide-contrasena, sent');
    await page.setViewportSize(PHONE);
    await capture(page, 'olvide-contrasena-enviado', false);
    await assertAccessible(page, '/olvide-contrasena, sent');
    await page.setViewportSize(DESKTOP);

    // The same sentence for an address without an account (it says nothing about accounts).
    const unknown = await graphqlRequest<{ requestPasswordReset: string }>(
      'mutation ($email: String!) { requestPasswordReset(email: $email) }',
      { email: `nadie.${run}@example.com` },
      { 'X-Forwarded-For': '203.0.113.63' },
    );
    const known = await graphqlRequest<{ requestPasswordReset: string }>(
      'mutation ($email: String!) { requestPasswordReset(email: $email) }',
      { email: customer.email.toUpperCase() },
      { 'X-Forwarded-For': '203.0.113.63' },
    );
    assert.equal(unknown.requestPasswordReset, known.requestPasswordReset);
    assert.ok(sentence.includes(known.requestPasswordReset));

    // The e-mail, and the link in it. The second request superseded the first link.
    const resets = await waitForMail(
      (message) => sentTo(message, customer.email) && message.kind === 'password-reset',
      2,
    );
    const newest = resets[0];
    assert.ok(newest);
    assert.equal(newest.title, 'Restablecer contraseña');
    const text = await messageText(newest.id);
    const found = /https?:\/\/[^\s<>"')]+restablecer-contrasena\?token=[^\s<>"')]+/.exec(text);
    assert.ok(found, `the text part holds the link: ${text}`);
    const html = await messageHtml(newest.id);
    assert.ok(html.includes(found[0].replaceAll('&', '&amp;')) || html.includes(found[0]));
    const resetUrl = onThisShop(found[0]);
    const oldText = await messageText(resets[1]!.id);
    const oldLink = /https?:\/\/[^\s<>"')]+restablecer-contrasena\?token=[^\s<>"')]+/.exec(oldText);
    assert.ok(oldLink);

    // The superseded link is refused, with the way to ask for a new one.
    await page.goto(onThisShop(oldLink[0]));
    await page.getByTestId('reset-password-page').waitFor();
    await page.getByTestId('field-password').fill(NEW_PASSWORD);
    await page.getByTestId('field-passwordConfirmation').fill(NEW_PASSWORD);
    await page.getByTestId('reset-password-submit').click();
    await page.getByTestId('reset-token-error').waitFor();
    assert.equal(
      await page.getByTestId('link-request-new').getAttribute('href'),
      '#/olvide-contrasena',
    );
    await capture(page, 'restablecer-contrasena-enlace-invalido', false);
    await assertAccessible(page, '/restablecer-contrasena, a refused link');

    // The link from the newest e-mail: the rules first, then the new password.
    await page.goto(resetUrl);
    await page.reload();
    await page.getByTestId('reset-password-page').waitFor();
    assert.equal(await page.title(), 'Restablecer contraseña · Tienda');
    assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1);
    await assertAccessible(page, '/restablecer-contrasena');
    await page.getByTestId('field-password').fill('corta');
    await page.getByTestId('field-passwordConfirmation').fill('otra');
    await page.getByTestId('reset-password-submit').click();
    assert.equal(
      await page.getByTestId('error-password').textContent(),
      'La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula y un número.',
    );
    assert.equal(
      await page.getByTestId('error-passwordConfirmation').textContent(),
      'Las contraseñas no coinciden.',
    );
    await capture(page, 'restablecer-contrasena-errores', false);
    await assertAccessible(page, '/restablecer-contrasena, with errors');
    await page.setViewportSize(PHONE);
    await capture(page, 'restablecer-contrasena-errores');
    await assertAccessible(page, '/restablecer-contrasena, with errors');
    await backToDesktop(page, 'reset-password-page');
    await page.getByTestId('field-password').fill(NEW_PASSWORD);
    await page.getByTestId('field-passwordConfirmation').fill(NEW_PASSWORD);
    await page.getByTestId('reset-password-submit').click();
    await waitForHash(page, '/inicio');
    await notification(page, 'Tu contraseña se cambió');
    await page.locator('[data-testid="nav-user"]', { hasText: customer.name }).waitFor();
    assert.equal(await page.evaluate(() => window.localStorage.getItem('userLogged')), 'true');

    // The link works once.
    await signOut(page);
    await page.goto(resetUrl);
    await page.reload();
    await page.getByTestId('reset-password-page').waitFor();
    await page.getByTestId('field-password').fill('OtraNueva123');
    await page.getByTestId('field-passwordConfirmation').fill('OtraNueva123');
    await page.getByTestId('reset-password-submit').click();
    await page.getByTestId('reset-token-error').waitFor();

    // The old password is refused, the new one signs in.
    await signIn(page, customer.email, OLD_PASSWORD);
    await page
      .locator('[data-testid="sign-in-error"]', { hasText: 'Email o contraseña incorrectos' })
      .waitFor();
    await page.getByTestId('field-password').fill(NEW_PASSWORD);
    await page.getByTestId('sign-in-submit').click();
    await waitForHash(page, '/inicio');

    // /usuario: 'Cambiar contraseña'.
    await page.goto(`${baseUrl()}/#/usuario`);
    const section = page.getByTestId('change-password-section');
    await section.getByTestId('change-password-form').waitFor();
    assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1);
    await section.getByTestId('field-currentPassword').fill('NoEsLaMia123');
    await section.getByTestId('field-newPassword').fill(CHANGED_PASSWORD);
    await section.getByTestId('field-passwordConfirmation').fill(CHANGED_PASSWORD);
    await section.getByTestId('change-password-submit').click();
    assert.equal(
      await section.getByTestId('error-currentPassword').textContent(),
      'La contraseña actual es incorrecta.',
    );
    await capture(page, 'usuario-cambiar-contrasena-error');
    await assertAccessible(page, "/usuario's 'Cambiar contraseña'");
    await page.setViewportSize(PHONE);
    await capture(page, 'usuario-cambiar-contrasena-error');
    await assertAccessible(page, "/usuario's 'Cambiar contraseña'");
    // The shell lays the page out anew across the breakpoint: the form starts empty again.
    await backToDesktop(page, 'change-password-section');
    await section.getByTestId('field-currentPassword').fill(NEW_PASSWORD);
    await section.getByTestId('field-newPassword').fill(CHANGED_PASSWORD);
    await section.getByTestId('field-passwordConfirmation').fill(CHANGED_PASSWORD);
    await section.getByTestId('change-password-submit').click();
    await notification(page, 'Tu contraseña se cambió');
    assert.equal(await section.getByTestId('field-currentPassword').inputValue(), '');
    assert.equal(await section.getByTestId('field-newPassword').inputValue(), '');
    // Still signed in, with the new password from now on.
    await page.reload();
    await page.getByTestId('profile-page').waitFor();
    await signOut(page);
    await signIn(page, customer.email, CHANGED_PASSWORD);
    await waitForHash(page, '/inicio');

    // An account that only signs in with Google (stood in for: the server answers
    // hasPassword false) is told so and sent to create a password.
    await page.route('**/graphql', async (route) => {
      const body = route.request().postData() ?? '';
      if (!body.includes('AccountPassword')) return route.fallback();
      const answer = await route.fetch();
      const json = (await answer.json()) as { data: { me: { hasPassword: boolean } } };
      json.data.me.hasPassword = false;
      return route.fulfill({ response: answer, json });
    });
    await page.goto(`${baseUrl()}/#/usuario`);
    await page.reload();
    const google = page.getByTestId('google-only-password');
    await google.waitFor();
    assert.match((await google.textContent()) ?? '', /inicia sesión con Google/);
    assert.equal(await page.getByTestId('change-password-form').count(), 0);
    await capture(page, 'usuario-cuenta-google');
    await page.setViewportSize(PHONE);
    await capture(page, 'usuario-cuenta-google');
    await page.getByTestId('link-create-password').click();
    await waitForHash(page, '/olvide-contrasena');
    await page.getByTestId('forgot-password-page').waitFor();
    assert.equal(await page.getByTestId('field-email').inputValue(), customer.email);
  } finally {
    await context.close();
  }
});
