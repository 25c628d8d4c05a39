import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { Link, Outlet, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RouteFocus, resetRouteFocus } from './route-focus';

function Page({ title, late = false }: { title: string; late?: boolean }) {
  const [ready, setReady] = useState(!late);
  useEffect(() => {
    document.title = `${title} · Tienda`;
    if (late) setTimeout(() => setReady(true), 20);
  }, [title, late]);
  return ready ? <h1>{title}</h1> : <p>Cargando…</p>;
}

function Layout() {
  return (
    <>
      <RouteFocus />
      <nav>
        <Link to="/carrito">Carrito</Link>
        <input aria-label="Buscar" />
      </nav>
      <main>
        <Outlet />
      </main>
    </>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/inicio', element: <Page title="Inicio" /> },
          { path: '/carrito', element: <Page title="Carrito" late /> },
          { path: '/buscar/:text', element: <Page title="Búsqueda" /> },
        ],
      },
    ],
    { initialEntries: ['/inicio'] },
  );
  render(
    <ChakraProvider value={defaultSystem}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
  return router;
}

describe('RouteFocus: a route change moves the focus to the new page heading', () => {
  beforeEach(() => resetRouteFocus());
  afterEach(() => cleanup());

  it('leaves the focus alone on the first load', async () => {
    renderApp();
    await screen.findByRole('heading', { name: 'Inicio' });
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByTestId('route-announcer').textContent).toBe('');
  });

  it('focuses the heading (drawn after its data) and announces the page title', async () => {
    const router = renderApp();
    await screen.findByRole('heading', { name: 'Inicio' });
    await act(() => router.navigate('/carrito'));
    const heading = await screen.findByRole('heading', { name: 'Carrito' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(screen.getByTestId('route-announcer').textContent).toBe('Carrito · Tienda');
  });

  it('keeps the focus in a field the person is typing in (the search navigates as it types)', async () => {
    const router = renderApp();
    await screen.findByRole('heading', { name: 'Inicio' });
    const search = screen.getByRole('textbox', { name: 'Buscar' });
    search.focus();
    await act(() => router.navigate('/buscar/playera'));
    await screen.findByRole('heading', { name: 'Búsqueda' });
    expect(document.activeElement).toBe(search);
    expect(screen.getByTestId('route-announcer').textContent).toBe('Búsqueda · Tienda');
  });

  it('leaves the focus where the person put it while the heading was still coming', async () => {
    const router = renderApp();
    await screen.findByRole('heading', { name: 'Inicio' });
    await act(() => router.navigate('/carrito'));
    const search = screen.getByRole('textbox', { name: 'Buscar' });
    const link = screen.getByRole('link', { name: 'Carrito' });
    link.focus();
    await screen.findByRole('heading', { name: 'Carrito' });
    await waitFor(() =>
      expect(screen.getByTestId('route-announcer').textContent).toBe('Carrito · Tienda'),
    );
    expect(document.activeElement).toBe(link);
    expect(search).not.toBe(document.activeElement);
  });

  it('keeps the focus on a change of the query alone (a filter, a page number)', async () => {
    const router = renderApp();
    await screen.findByRole('heading', { name: 'Inicio' });
    const link = screen.getByRole('link', { name: 'Carrito' });
    link.focus();
    await act(() => router.navigate('/inicio?pagina=2'));
    expect(document.activeElement).toBe(link);
  });
});
