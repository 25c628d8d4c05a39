import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ChunkFailureDeps,
  NEW_RELEASE_RELOAD_KEY,
  chunkUrlOf,
  handleChunkFailure,
  installNewReleaseReload,
  isChunkLoadError,
  isNewReleaseFailure,
  reloadOnceForNewRelease,
  trackScreenLoad,
} from './chunk-failure';

const chromium = (path: string) =>
  new TypeError(`Failed to fetch dynamically imported module: ${window.location.origin}${path}`);

function deps(answer: number | 'network', online = true) {
  const fetch = vi.fn<typeof window.fetch>(async () => {
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return new Response(null, { status: answer });
  });
  const reload = vi.fn<() => void>();
  const value: ChunkFailureDeps = {
    fetch,
    online: () => online,
    storage: () => window.sessionStorage,
    reload,
  };
  return { ...value, fetch, reload };
}

describe('a lazy chunk that did not arrive', () => {
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it("tells a failed dynamic import (Chromium, Firefox, Safari, Vite's CSS) from other errors", () => {
    expect(isChunkLoadError(chromium('/assets/cart-page-abc.js'))).toBe(true);
    expect(
      isChunkLoadError(new TypeError('error loading dynamically imported module: /x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(
      isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')")),
    ).toBe(false);
    expect(isChunkLoadError('texto')).toBe(false);
  });

  it('names the chunk by its path on this site only', () => {
    expect(chunkUrlOf(chromium('/assets/cart-page-abc.js'))).toBe('/assets/cart-page-abc.js');
    expect(
      chunkUrlOf(
        new TypeError('Failed to fetch dynamically imported module: https://evil.example/a.js'),
      ),
    ).toBeUndefined();
    expect(chunkUrlOf(new TypeError('Importing a module script failed.'))).toBeUndefined();
  });

  it('is a new release when the server answers 404 for the chunk (asked again, uncached)', async () => {
    const gone = deps(404);
    expect(await isNewReleaseFailure(chromium('/assets/a-1.js'), gone)).toBe(true);
    expect(gone.fetch).toHaveBeenCalledWith('/assets/a-1.js', {
      method: 'HEAD',
      cache: 'no-store',
    });
  });

  it('is the connection when the browser is offline, the server is out of reach or the chunk is there', async () => {
    const offline = deps(404, false);
    expect(await isNewReleaseFailure(chromium('/assets/a-2.js'), offline)).toBe(false);
    expect(offline.fetch).not.toHaveBeenCalled();
    expect(await isNewReleaseFailure(chromium('/assets/a-3.js'), deps('network'))).toBe(false);
    expect(await isNewReleaseFailure(chromium('/assets/a-4.js'), deps(200))).toBe(false);
    expect(await isNewReleaseFailure(new Error('otro error'), deps(404))).toBe(false);
  });

  it('without a chunk name (Safari), a server that answers means a new release', async () => {
    const safari = new TypeError('Importing a module script failed.');
    const answering = deps(200);
    expect(await isNewReleaseFailure(safari, answering)).toBe(true);
    expect(answering.fetch).toHaveBeenCalledWith('/', { method: 'HEAD', cache: 'no-store' });
  });

  it('asks the server once per failure, whoever asks', async () => {
    const gone = deps(404);
    const error = chromium('/assets/a-5.js');
    await Promise.all([isNewReleaseFailure(error, gone), isNewReleaseFailure(error, gone)]);
    expect(gone.fetch).toHaveBeenCalledTimes(1);
  });

  it('reloads once per missing chunk and tab (sessionStorage guard): never a loop', () => {
    const page = deps(404);
    expect(reloadOnceForNewRelease(chromium('/assets/b-1.js'), page)).toBe(true);
    expect(window.sessionStorage.getItem(NEW_RELEASE_RELOAD_KEY)).toBe('/assets/b-1.js');
    // After the reload the same chunk is still missing: no second reload.
    expect(reloadOnceForNewRelease(chromium('/assets/b-1.js'), page)).toBe(false);
    expect(page.reload).toHaveBeenCalledTimes(1);
    // A later release's chunk may reload again.
    expect(reloadOnceForNewRelease(chromium('/assets/b-2.js'), page)).toBe(true);
    expect(page.reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload when the guard cannot be kept', () => {
    const page = { ...deps(404), storage: () => undefined };
    expect(reloadOnceForNewRelease(chromium('/assets/b-3.js'), page)).toBe(false);
    expect(page.reload).not.toHaveBeenCalled();
  });

  it('handleChunkFailure: reloads for a new release, not for the connection', async () => {
    const gone = deps(404);
    expect(await handleChunkFailure(chromium('/assets/c-1.js'), gone)).toBe('reloading');
    expect(gone.reload).toHaveBeenCalledTimes(1);
    const offline = deps(404, false);
    expect(await handleChunkFailure(chromium('/assets/c-2.js'), offline)).toBe('failed');
    expect(offline.reload).not.toHaveBeenCalled();
  });

  it("vite:preloadError reloads once for a missing chunk, except a screen's own (it handles it)", async () => {
    const gone = deps(404);
    const uninstall = installNewReleaseReload(gone);
    try {
      const announce = (error: Error) => {
        const event = new Event('vite:preloadError', { cancelable: true });
        Object.assign(event, { payload: error });
        window.dispatchEvent(event);
      };
      // During a screen's load: left to resilientScreen.
      let fail: (error: Error) => void = () => undefined;
      const screen = trackScreenLoad(
        new Promise((_, reject) => {
          fail = reject;
        }),
      );
      announce(chromium('/assets/d-1.js'));
      fail(chromium('/assets/d-1.js'));
      await expect(screen).rejects.toThrow();
      await vi.waitFor(() => expect(gone.fetch).not.toHaveBeenCalled());

      announce(chromium('/assets/d-2.js'));
      await vi.waitFor(() => expect(gone.reload).toHaveBeenCalledTimes(1));
    } finally {
      uninstall();
    }
  });
});
