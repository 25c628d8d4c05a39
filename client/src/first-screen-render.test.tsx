// @vitest-environment node
// As on the server: no window, no document, no localStorage.
import { describe, expect, test } from 'vitest';
import { HOME_DATA, item } from '../test/first-screen-fixtures';
import { firstScreenManifest } from './app/first-screen-queries';
import { renderFirstScreen } from './first-screen-render';

/** The markup's visible text, tags and inline styles left out. */
const textOf = (markup: string) =>
  markup
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe("the server's first screen (issue 15: a phone's first screen before its scripts)", () => {
  test('rule first screen markup: the home page is drawn from the answers alone, with its products, prices and first photos', async () => {
    expect(typeof window).toBe('undefined');
    const markup = await renderFirstScreen(HOME_DATA, 'phone');
    expect(markup).toBeDefined();
    const text = textOf(markup ?? '');
    expect(text).toContain('Encuentra tu estilo entre cientos de modelos');
    expect(text).toContain('Playera Puma');
    expect(text).toContain('$599');
    expect(text).toContain('2 productos');
    // React escapes what a product's name carries.
    expect(markup).not.toContain('</script> Nike');
    expect(text).toContain('Tenis &lt;/script&gt; Nike');
    // The first cards' photos load at once, with the srcset the server preloads.
    expect(markup).toMatch(/<img [^>]*src="\/uploads\/products\/p2\.webp"[^>]*loading="eager"/);
    // Its styles travel with it (emotion's tags beside the elements).
    expect(markup).toMatch(/<style data-emotion="css-global /);
  });

  test('rule first screen links: its links are the app’s hash routes, usable before the scripts run', async () => {
    const markup = (await renderFirstScreen(HOME_DATA, 'desktop')) ?? '';
    const hrefs = [...markup.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((m) => m[1] ?? '');
    expect(hrefs).toContain('#/iniciar-sesion');
    expect(hrefs.some((href) => /^#\/producto\/\d+$/.test(href))).toBe(true);
    // Nothing else than hash routes, the page's own skip links (#contenido) and other sites.
    expect(hrefs.filter((href) => !/^(#\/|#[a-z]|https?:|mailto:|tel:)/.test(href))).toEqual([]);
  });

  test("rule first screen layout: a phone's screen has the header and its menu button, a desktop's the sidebar and the filter column", async () => {
    const phone = (await renderFirstScreen(HOME_DATA, 'phone')) ?? '';
    const desktop = (await renderFirstScreen(HOME_DATA, 'desktop')) ?? '';
    expect(phone).toContain('aria-label="Abrir menú"');
    expect(phone).not.toMatch(/<aside[^>]*data-testid="sidebar"/);
    expect(phone).not.toMatch(/<aside[^>]*aria-label="Filtros"/);
    expect(desktop).toMatch(/<aside[^>]*data-testid="sidebar"/);
    expect(desktop).toMatch(/<aside[^>]*aria-label="Filtros"/);
    expect(desktop).not.toContain('aria-label="Abrir menú"');
  });

  test('rule first screen visitor: the screen is the one a visitor without a session sees', async () => {
    const text = textOf((await renderFirstScreen(HOME_DATA, 'desktop')) ?? '');
    expect(text).toContain('Iniciar sesión');
    expect(text).not.toContain('Tu sesión terminó');
  });

  test('rule first screen not found: an address no route knows draws the shop’s not-found screen', async () => {
    const text = textOf(
      (await renderFirstScreen({ page: { kind: 'notFound' }, results: [] }, 'phone')) ?? '',
    );
    expect(text).toMatch(/no (existe|encontramos)/i);
  });

  test('rule first screen title: the drawn screen carries its document title, as the app would set it', async () => {
    const markup = (await renderFirstScreen(HOME_DATA, 'phone')) ?? '';
    const markers = [...markup.matchAll(/<span hidden data-document-title="([^"]*)"><\/span>/g)];
    expect(markers.map((marker) => marker[1])).toEqual(['Inicio · Tienda']);
    expect(markup.match(/data-document-title/g)).toHaveLength(1);
  });
  test('rule drawn hash route: #/promociones is drawn from its first page’s answer, #/iniciar-sesion with its form and the focus on its e-mail', async () => {
    const { routes } = firstScreenManifest();
    const me = { operationName: 'Me', variables: {}, data: { me: null } };
    const onPromotion = {
      ...item(3, 'Chamarra Adidas'),
      onPromotion: true,
      promotionPriceCents: 49900,
      unitPriceCents: 49900,
    };
    const promotions = await renderFirstScreen(
      {
        page: { kind: 'route', path: '/promociones' },
        results: [
          me,
          {
            ...routes['/promociones'][0]!,
            data: {
              products: {
                __typename: 'ProductPage',
                total: 1,
                offset: 0,
                limit: 24,
                items: [onPromotion],
              },
            },
          },
        ],
      },
      'phone',
    );
    const promotionsText = textOf(promotions ?? '');
    expect(promotionsText).toContain('Promociones');
    expect(promotionsText).toContain('Chamarra Adidas');
    expect(promotionsText).toContain('$499');
    expect(promotions).toContain('data-document-title="Promociones · Tienda"');

    const signIn = await renderFirstScreen(
      {
        page: { kind: 'route', path: '/iniciar-sesion' },
        results: [
          me,
          {
            ...routes['/iniciar-sesion'][0]!,
            data: { shopSettings: { __typename: 'ShopSettings', googleClientId: null } },
          },
        ],
      },
      'desktop',
    );
    expect(textOf(signIn ?? '')).toContain('Entra a tu cuenta para comprar y ver tus pedidos.');
    expect(signIn).toMatch(/<input [^>]*type="email"[^>]*autofocus=""/);
    expect(signIn).toContain('data-document-title="Iniciar sesión · Tienda"');
  });
});
