/**
 * The progress of the back office's multipart uploads (product photos). `fetch` cannot report how
 * much of a request body has been sent, so the upload link sends through `progressFetch`, a
 * fetch over XMLHttpRequest whose `upload.onprogress` is published here; a screen shows it with
 * `useUploadProgress` (client/src/admin/products/use-upload-progress.ts).
 */

/** How far the current upload is: bytes sent of the body's total; null when none is under way. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

type Listener = (progress: UploadProgress | null) => void;

const listeners = new Set<Listener>();
let current: UploadProgress | null = null;

function publish(progress: UploadProgress | null): void {
  current = progress;
  for (const listener of listeners) listener(progress);
}

/** Listens to the uploads' progress; returns the function that stops listening. */
export function onUploadProgress(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentUploadProgress(): UploadProgress | null {
  return current;
}

/** 0–100, whole: the share of the body sent. */
export function uploadPercent(progress: UploadProgress): number {
  if (progress.total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((progress.loaded / progress.total) * 100)));
}

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

/**
 * `fetch` over XMLHttpRequest, publishing the body's upload progress. Enough of fetch for the
 * upload link: a URL string, method, headers, body, credentials and an abort signal.
 */
export const progressFetch: typeof fetch = (input, init = {}) =>
  new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    xhr.open(init.method ?? 'GET', url);
    xhr.withCredentials = init.credentials === 'include';
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.responseType = 'text';
    publish({ loaded: 0, total: 1 });
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) publish({ loaded: event.loaded, total: event.total });
    };
    const fail = (message: string) => {
      publish(null);
      reject(new TypeError(message));
    };
    xhr.onload = () => {
      publish(null);
      resolve(
        new Response(xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: headersOf(xhr.getAllResponseHeaders()),
        }),
      );
    };
    xhr.onerror = () => fail('No se pudo conectar con el servidor');
    xhr.ontimeout = () => fail('El servidor tardó demasiado en responder');
    xhr.onabort = () => {
      publish(null);
      reject(new DOMException('La subida se canceló', 'AbortError'));
    };
    init.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
