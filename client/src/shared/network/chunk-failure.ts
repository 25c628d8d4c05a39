/**
 * A screen's code (a lazy chunk) that did not arrive: either the connection failed (show a
 * message, retry when it is back) or a new release has replaced the build the page was loaded
 * from, whose hashed chunks are gone from the server (reload the page, once).
 */

/** How a failed dynamic import ends: the page reloads, or the screen shows the failure. */
export type ChunkFailureOutcome = 'reloading' | 'failed';

/** Where the reload guard lives: one reload per missing chunk and tab, so it cannot loop. */
export const NEW_RELEASE_RELOAD_KEY = 'tienda:recarga-nueva-version';

/**
 * The messages browsers give a dynamic import that failed to fetch (Chromium, Firefox, Safari)
 * and Vite's for a stylesheet it could not preload.
 */
const CHUNK_ERROR_PATTERN =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR_PATTERN.test(error.message);
}

/** The chunk the browser names in its message (Chromium and Firefox do), as a same-site path. */
export function chunkUrlOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /(https?:\/\/\S+?|\/\S+?)\.(m?js|css)\b/.exec(error.message);
  if (!match) return undefined;
  try {
    const url = new URL(match[0], window.location.href);
    return url.origin === window.location.origin ? url.pathname : undefined;
  } catch {
    return undefined;
  }
}

export interface ChunkFailureDeps {
  fetch: typeof fetch;
  online: () => boolean;
  storage: () => Storage | undefined;
  reload: () => void;
}

const browserDeps: ChunkFailureDeps = {
  fetch: (...args) => window.fetch(...args),
  online: () => window.navigator.onLine,
  storage: () => {
    try {
      return window.sessionStorage;
    } catch {
      return undefined;
    }
  },
  reload: () => window.location.reload(),
};

/**
 * Whether the chunk is gone from the server (a new release) rather than out of reach: the server
 * is asked for it again (a 404: gone). When the browser does not name the chunk, a server that
 * answers at all while the import failed means the same.
 */
async function chunkIsGone(error: unknown, deps: ChunkFailureDeps): Promise<boolean> {
  if (!deps.online()) return false;
  const url = chunkUrlOf(error);
  try {
    const response = await deps.fetch(url ?? '/', { method: 'HEAD', cache: 'no-store' });
    return url ? response.status === 404 : response.ok;
  } catch {
    return false;
  }
}

/**
 * Reloads the page (at the address it shows now) unless it was already reloaded for this
 * chunk in this tab; false when it was, or when the guard cannot be kept (no reload then).
 */
export function reloadOnceForNewRelease(
  error: unknown,
  deps: ChunkFailureDeps = browserDeps,
): boolean {
  const chunk = chunkUrlOf(error) ?? 'desconocido';
  const storage = deps.storage();
  if (!storage) return false;
  try {
    if (storage.getItem(NEW_RELEASE_RELOAD_KEY) === chunk) return false;
    storage.setItem(NEW_RELEASE_RELOAD_KEY, chunk);
  } catch {
    return false;
  }
  deps.reload();
  return true;
}

const diagnoses = new WeakMap<object, Promise<boolean>>();

/**
 * Whether a failed dynamic import's chunk is gone for a new release (else the connection failed).
 * Every caller that meets the same error gets the same answer from one look at the server.
 */
export function isNewReleaseFailure(
  error: unknown,
  deps: ChunkFailureDeps = browserDeps,
): Promise<boolean> {
  if (!isChunkLoadError(error)) return Promise.resolve(false);
  const key = error as object;
  const known = diagnoses.get(key);
  if (known) return known;
  const diagnosis = chunkIsGone(error, deps);
  diagnoses.set(key, diagnosis);
  return diagnosis;
}

/** A failed import where the page already shows its address: reload once for a new release. */
export async function handleChunkFailure(
  error: unknown,
  deps: ChunkFailureDeps = browserDeps,
): Promise<ChunkFailureOutcome> {
  return (await isNewReleaseFailure(error, deps)) && reloadOnceForNewRelease(error, deps)
    ? 'reloading'
    : 'failed';
}

// Screens loading through resilientScreen: it handles their failures itself, once the router has
// moved to the screen's address (a reload before would land on the previous page).
let screenLoads = 0;

/** Marks a screen's import as handled by its caller while it is on its way. */
export async function trackScreenLoad<T>(load: Promise<T>): Promise<T> {
  screenLoads += 1;
  try {
    return await load;
  } finally {
    screenLoads -= 1;
  }
}

/**
 * Vite announces every dynamic import it could not load (`vite:preloadError`). Those outside the
 * route screens (a drawer or a dialog loaded on first use…) reload the page once when their
 * chunk is gone for a new release; the import still fails for its caller meanwhile.
 */
export function installNewReleaseReload(deps: ChunkFailureDeps = browserDeps): () => void {
  const listener = (event: Event) => {
    if (screenLoads > 0) return;
    void handleChunkFailure((event as Event & { payload?: unknown }).payload, deps);
  };
  window.addEventListener('vite:preloadError', listener);
  return () => window.removeEventListener('vite:preloadError', listener);
}
