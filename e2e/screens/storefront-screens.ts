// The storefront's screens for e2e/screenshots.ts, seen by nobody signed in.
import { ADMIN, type ProductSample } from './shop-data.ts';
import { type Screen, settle } from './screen.ts';

export const storefrontScreens: Screen[] = [
  { name: 'inicio', route: '/inicio' },
  { name: 'inicio-filtrado', route: '/inicio?precio=300-500&sexo=Caballero' },
  { name: 'inicio-ordenado', route: '/inicio?sexo=Caballero&orden=menor-precio' },
  {
    name: 'inicio-filtros-abiertos',
    route: '/inicio?precio=300-500',
    only: 'phone',
    act: async (page) => {
      await page.getByTestId('open-filters').click();
      await page.getByTestId('filters-drawer').waitFor();
      await page.waitForTimeout(500);
    },
  },
  {
    name: 'menu-abierto',
    route: '/inicio',
    only: 'phone',
    act: async (page) => {
      await page.getByTestId('menu-button').click();
      await page.getByTestId('sidebar').waitFor();
      await page.waitForTimeout(500);
    },
  },
  { name: 'inicio-sin-resultados', route: '/inicio?marca=Ninguna-marca-de-prueba' },
  // The legal pages (issue 25, item 7), and the footer that links them at the end of a page.
  { name: 'aviso-de-privacidad', route: '/aviso-de-privacidad' },
  { name: 'terminos-y-condiciones', route: '/terminos-y-condiciones' },
  { name: 'devoluciones-y-cambios', route: '/devoluciones-y-cambios' },
  {
    name: 'pie-de-pagina',
    route: '/devoluciones-y-cambios',
    act: async (page) => {
      await page.getByTestId('legal-text').waitFor();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForTimeout(300);
    },
  },
  // Scrolled lists: the contact links (sidebar foot; end of the page on phones) cover no card.
  {
    name: 'inicio-desplazado',
    route: '/inicio?precio=300-500',
    act: async (page) => {
      await page.evaluate(() => window.scrollTo(0, 1400));
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'inicio-final',
    route: '/inicio',
    only: 'phone',
    act: async (page) => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'saltar-al-contenido',
    route: '/inicio',
    only: 'desktop',
    act: async (page) => {
      await page.keyboard.press('Tab');
      await page.waitForTimeout(200);
    },
  },
  {
    // A catalogue whose answer never comes (the connection gone): its error alone, nothing
    // 'Cargando…' beside it. Loaded afresh, so that no earlier list stands in for it.
    name: 'inicio-error',
    route: '/inicio',
    act: async (page) => {
      await page.route('**/graphql', (route) => route.abort());
      await page.evaluate(() => {
        window.location.hash = '#/inicio?sexo=Dama';
      });
      await page.reload();
      await page.getByText('No se pudo cargar el catálogo.').waitFor();
      // The next screens of this page have their answers again (the error stays drawn).
      await page.unroute('**/graphql');
      await page.waitForTimeout(400);
    },
  },
  {
    // Issue 28: 'Saltar a los productos', the first stop of the filter column, shown while focused.
    name: 'saltar-a-los-productos',
    route: '/inicio',
    only: 'desktop',
    act: async (page) => {
      for (let i = 0; i < 40; i += 1) {
        await page.keyboard.press('Tab');
        const id = await page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
        if (id === 'skip-to-products') break;
      }
      await page.waitForTimeout(200);
    },
  },
  { name: 'promociones', route: '/promociones' },
  { name: 'nuevo', route: '/nuevo' },
  { name: 'buscar', route: '/buscar/pantalon' },
  { name: 'buscar-sin-resultados', route: '/buscar/zzzxxyy' },
  // Issue 27: a misspelt search finds the product; one beyond its typos offers a close word.
  { name: 'buscar-con-errata', route: '/buscar/pantlon' },
  { name: 'buscar-quisiste-decir', route: '/buscar/pntalnn' },
  {
    name: 'buscar-sugerencias',
    route: '/inicio',
    only: 'desktop',
    act: async (page) => {
      await page.getByTestId('sidebar-search').pressSequentially('pla', { delay: 20 });
      await page.getByTestId('search-suggestions').waitFor();
      await settle(page);
    },
  },
  // Issue 28: the demo catalogue sells shoes; a pair's page with its Mexican sizes.
  { name: 'buscar-tenis', route: '/buscar/tenis' },
  { name: 'buscar-calzado', route: '/buscar/calzado' },
  {
    name: 'producto-tenis',
    route: '/buscar/tenis',
    fullPage: true,
    act: async (page) => {
      await page.getByTestId('product-card').first().click();
      await page.getByTestId('size-option').first().waitFor();
      await settle(page);
    },
  },
  { name: 'catalogo', route: '/catalogo' },
  { name: 'catalogo-buscar', route: '/catalogo/buscar/playera' },
  { name: 'producto-no-encontrado', route: '/producto/999999999' },
  { name: 'pagina-no-encontrada', route: '/esta-pagina-no-existe' },
  { name: 'iniciar-sesion', route: '/iniciar-sesion' },
  {
    name: 'iniciar-sesion-error',
    route: '/iniciar-sesion',
    act: async (page) => {
      await page.getByTestId('field-email').fill('nadie@example.com');
      await page.getByTestId('field-password').fill('Incorrecta1');
      await page.getByTestId('show-password').click();
      await page.getByTestId('sign-in-submit').click();
      await page.getByTestId('sign-in-error').waitFor();
      await page.waitForTimeout(300);
    },
  },
  { name: 'registro', route: '/registro', fullPage: true },
  {
    name: 'registro-errores',
    route: '/registro',
    fullPage: true,
    act: async (page) => {
      await page.getByTestId('field-name').fill('Ana');
      await page.getByTestId('field-phone').fill('55123');
      await page.getByTestId('field-email').fill(ADMIN.email);
      await page.getByTestId('field-password').fill('corta');
      await page.getByTestId('field-passwordConfirmation').fill('distinta');
      await page.getByTestId('register-submit').click();
      await page
        .locator('[data-testid="error-email"]', { hasText: 'El email ya está registrado' })
        .waitFor();
      await page.waitForTimeout(300);
    },
  },
  { name: 'olvide-contrasena', route: '/olvide-contrasena' },
  {
    name: 'olvide-contrasena-enviado',
    route: '/olvide-contrasena',
    act: async (page) => {
      await page.getByTestId('field-email').fill('nadie.capturas@example.com');
      await page.getByTestId('forgot-password-submit').click();
      await page.getByTestId('forgot-password-sent').waitFor();
      await page.waitForTimeout(300);
    },
  },
  { name: 'restablecer-contrasena', route: '/restablecer-contrasena?token=ejemplo' },
  {
    name: 'restablecer-contrasena-errores',
    route: '/restablecer-contrasena?token=ejemplo',
    only: 'phone',
    act: async (page) => {
      await page.getByTestId('field-password').fill('corta');
      await page.getByTestId('field-passwordConfirmation').fill('otra');
      await page.getByTestId('reset-password-submit').click();
      await page.getByTestId('error-password').waitFor();
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'restablecer-contrasena-enlace-invalido',
    route: '/restablecer-contrasena?token=ejemplo',
    act: async (page) => {
      await page.getByTestId('field-password').fill('Nueva12345');
      await page.getByTestId('field-passwordConfirmation').fill('Nueva12345');
      await page.getByTestId('reset-password-submit').click();
      await page.getByTestId('reset-token-error').waitFor();
      await page.waitForTimeout(300);
    },
  },
  { name: 'restablecer-contrasena-sin-enlace', route: '/restablecer-contrasena', only: 'phone' },
  { name: 'admin-anonimo', route: '/admin/pedidos' },
  // Reached from the e-mail of 'Avísame cuando llegue'; a made-up token is refused in words.
  { name: 'avisos-confirmar', route: '/avisos/confirmar?token=ejemplo', only: 'phone' },
];

/** A product's screens; with its sold-out size when it has one. */
export function productScreens(product: ProductSample): Screen[] {
  const soldOut = product.sizes.find((size) => size.stock === 0);
  const screens: Screen[] = [];
  screens.push(
    { name: 'producto', route: `/producto/${product.id}`, fullPage: true },
    // The first screen of a product on a phone: photo, name, price, sizes and the sticky bar.
    { name: 'producto-primera-pantalla', route: `/producto/${product.id}`, only: 'phone' },
    {
      name: 'producto-desplazado',
      route: `/producto/${product.id}`,
      only: 'phone',
      act: async (page) => {
        await page.evaluate(() => window.scrollTo(0, 600));
        await page.waitForTimeout(300);
      },
    },
    {
      // Headless Chromium has no share sheet: 'Compartir' opens WhatsApp and 'Copiar enlace'.
      name: 'producto-compartir',
      route: `/producto/${product.id}`,
      act: async (page) => {
        await page.getByTestId('share-button').click();
        await page.getByTestId('share-menu').waitFor();
      },
    },
    {
      name: 'producto-agregar-sin-sesion',
      route: `/producto/${product.id}`,
      act: async (page) => {
        await page.getByTestId('add-to-cart').click();
        await page.getByTestId('notification').first().waitFor();
        await page.waitForTimeout(400);
      },
    },
  );
  if (soldOut) {
    screens.push({
      name: 'producto-talla-agotada',
      route: `/producto/${product.id}`,
      act: async (page) => {
        await page.locator(`[data-testid="size-option"][data-size="${soldOut.size}"]`).click();
        await page.waitForTimeout(200);
      },
    });
  }
  return screens;
}
