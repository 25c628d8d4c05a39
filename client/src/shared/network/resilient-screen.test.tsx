import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ComponentType, createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCREEN_LOAD_FAILED_MESSAGE, resilientScreen } from './resilient-screen';

const offlineError = () =>
  new TypeError(
    `Failed to fetch dynamically imported module: ${window.location.origin}/assets/promotions-page-x.js`,
  );

function Promotions() {
  return <h1>Promociones</h1>;
}

async function renderLoaded(loader: () => Promise<ComponentType>) {
  const Screen = await loader();
  render(<ChakraProvider value={defaultSystem}>{createElement(Screen)}</ChakraProvider>);
}

describe('resilientScreen: a screen whose code did not arrive', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("says 'No pudimos cargar esta página.' (the page's h1) with 'Reintentar', then shows the screen when the browser is back online, without a reload", async () => {
    const load = vi
      .fn<() => Promise<ComponentType>>()
      .mockRejectedValueOnce(offlineError())
      .mockResolvedValue(Promotions);
    const reloadOnce = vi.fn(() => true);
    await renderLoaded(resilientScreen(load, { isNewRelease: async () => false, reloadOnce }));

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(SCREEN_LOAD_FAILED_MESSAGE);
    expect(screen.getByTestId('load-error-retry').textContent).toBe('Reintentar');
    expect(document.title).toBe('No pudimos cargar esta página. · Tienda');

    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Promociones');
    expect(load).toHaveBeenCalledTimes(2);
    expect(reloadOnce).not.toHaveBeenCalled();
  });

  it("'Reintentar' tries again; a second failure keeps the message", async () => {
    const load = vi
      .fn<() => Promise<ComponentType>>()
      .mockRejectedValueOnce(offlineError())
      .mockRejectedValueOnce(offlineError())
      .mockResolvedValue(Promotions);
    await renderLoaded(resilientScreen(load, { isNewRelease: async () => false }));

    await act(async () => {
      fireEvent.click(screen.getByTestId('load-error-retry'));
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(SCREEN_LOAD_FAILED_MESSAGE);
    await act(async () => {
      fireEvent.click(screen.getByTestId('load-error-retry'));
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Promociones');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('a chunk gone for a new release reloads the page once, from the screen (at its address)', async () => {
    const reloadOnce = vi.fn(() => true);
    await renderLoaded(
      resilientScreen(() => Promise.reject(offlineError()), {
        isNewRelease: async () => true,
        reloadOnce,
      }),
    );
    expect(reloadOnce).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('page-loading')).toBeTruthy();
  });

  it('a chunk still missing after that reload shows the message (no loop)', async () => {
    const reloadOnce = vi.fn(() => false);
    await renderLoaded(
      resilientScreen(() => Promise.reject(offlineError()), {
        isNewRelease: async () => true,
        reloadOnce,
      }),
    );
    expect(reloadOnce).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(SCREEN_LOAD_FAILED_MESSAGE);
  });

  it('a screen that loads is the screen itself', async () => {
    const loader = resilientScreen(async () => Promotions);
    expect(await loader()).toBe(Promotions);
  });
});
