import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startVersionCheck, versionNotice } from './version-check';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('version check', () => {
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
  let notify: ReturnType<typeof vi.fn<(message: string, durationMs: number) => void>>;
  let reload: ReturnType<typeof vi.fn<() => void>>;
  let logError: ReturnType<typeof vi.fn<(message: string, error: unknown) => void>>;
  let stop: (() => void) | undefined;

  const start = () => {
    stop = startVersionCheck({ currentVersion: '1.6.13', notify, reload, logError });
  };

  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    notify = vi.fn();
    reload = vi.fn();
    logError = vi.fn();
  });

  afterEach(() => {
    stop?.();
    stop = undefined;
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('builds the notice text exactly as the spec words it', () => {
    expect(versionNotice('1.7.0')).toBe(
      'Actualizando a la versión 1.7.0, La pagina se recargará en 10s',
    );
  });

  it('polls GET /api/version every 60 s', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ version: '1.6.13' }));
    start();

    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetchMock).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/version');

    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(180_000);
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('shows the notice for 5 s and reloads 10 s after a different version', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ version: '1.7.0' }));
    start();

    await vi.advanceTimersByTimeAsync(60_000);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith(
      'Actualizando a la versión 1.7.0, La pagina se recargará en 10s',
      5_000,
    );
    expect(reload).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(9_999);
    expect(reload).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);

    // Once an update is on its way, polling stops: no second notice, no second reload.
    await vi.advanceTimersByTimeAsync(180_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the version is the same', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ version: '1.6.13' }));
    start();

    await vi.advanceTimersByTimeAsync(300_000);
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(notify).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(logError).not.toHaveBeenCalled();
  });

  it('only logs a failed poll and keeps polling', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'boom' }, 500));
    fetchMock.mockResolvedValueOnce(jsonResponse({ version: '1.6.13' }));
    start();

    await vi.advanceTimersByTimeAsync(60_000);
    expect(logError).toHaveBeenCalledTimes(1);
    expect(logError.mock.calls[0]?.[1]).toBeInstanceOf(TypeError);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(logError).toHaveBeenCalledTimes(2);
    expect(logError.mock.calls[1]?.[1]).toEqual(new Error('Error en la respuesta de la red'));

    await vi.advanceTimersByTimeAsync(60_000 + 20_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(logError).toHaveBeenCalledTimes(2);
    expect(notify).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('logs to the console by default', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockRejectedValue(new Error('offline'));
    stop = startVersionCheck({ currentVersion: '1.6.13', notify, reload });

    await vi.advanceTimersByTimeAsync(60_000);
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('stops polling and cancels a pending reload when stopped', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ version: '2.0.0' }));
    start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(notify).toHaveBeenCalledTimes(1);

    stop?.();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(reload).not.toHaveBeenCalled();
  });
});
