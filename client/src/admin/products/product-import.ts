/**
 * Products by spreadsheet (issue 26 item 4), as the admin's screen talks to the server: the
 * REST facade's file routes (a file download and a multipart upload are what these are; the
 * rest of the screen uses GraphQL). The server checks everything; this only sends and reads.
 */

/** A bad row of the file: its line (the header is line 1) and the reason, naming the column. */
export interface FilaConError {
  fila: number;
  mensaje: string;
}

export type ImportState = 'pendiente' | 'en_curso' | 'terminada' | 'fallida';

/** An import job as GET /api/admin/productos/importaciones/{id} answers it. */
export interface Importacion {
  id: number;
  estado: ImportState;
  archivo: string;
  soloValidas: boolean;
  filas: number;
  aImportar: number;
  procesadas: number;
  creados: number;
  actualizados: number;
  sinCambios: number;
  errores: FilaConError[];
  fallo: string | null;
  creadaEn: string;
  terminadaEn: string | null;
}

/** What POST /api/admin/productos/importar answers. */
export interface ResultadoImportacion {
  simulado: boolean;
  creados: number;
  actualizados: number;
  sinCambios: number;
  errores: FilaConError[];
  importacion: Importacion | null;
}

export const IMPORT_PATH = '/api/admin/productos/importar';
export const IMPORTS_PATH = '/api/admin/productos/importaciones';

/** The export's address, with the admin list's search when there is one. */
export function exportUrl(search: string | null | undefined): string {
  const words = search?.trim();
  return `/api/admin/productos.csv${words ? `?busqueda=${encodeURIComponent(words)}` : ''}`;
}

/** The server's refusal, with its Spanish message. */
export class ImportRefused extends Error {
  constructor(
    message: string,
    readonly reason: string | undefined,
  ) {
    super(message);
  }
}

const NETWORK_MESSAGE =
  'No se pudo conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.';

async function answer<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as
    (T & { error?: undefined }) | { error?: string; reason?: string } | null;
  if (!response.ok) {
    const refusal = body as { error?: string; reason?: string } | null;
    throw new ImportRefused(
      refusal?.error ?? 'La tienda no pudo leer el archivo. Inténtalo de nuevo.',
      refusal?.reason,
    );
  }
  return body as T;
}

async function request<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init });
  } catch {
    throw new ImportRefused(NETWORK_MESSAGE, 'NETWORK');
  }
  return answer<T>(response);
}

/** Sends the file: a dry run (`simular`), or the import (all rows, or only the valid ones). */
export function sendImport(
  file: File,
  mode: 'dryRun' | 'import' | 'onlyValid',
): Promise<ResultadoImportacion> {
  const form = new FormData();
  if (mode === 'dryRun') form.append('simular', '1');
  if (mode === 'onlyValid') form.append('soloValidas', '1');
  form.append('archivo', file);
  return request<ResultadoImportacion>(IMPORT_PATH, { method: 'POST', body: form });
}

export const fetchImport = (id: number) => request<Importacion>(`${IMPORTS_PATH}/${id}`);

export const fetchRecentImports = () => request<Importacion[]>(IMPORTS_PATH);

export const isRunning = (job: Importacion) =>
  job.estado === 'pendiente' || job.estado === 'en_curso';

/** 0 to 100: the rows applied of those to apply. */
export function progressPercent(job: Importacion): number {
  if (job.estado === 'terminada') return 100;
  if (job.aImportar === 0) return 0;
  return Math.min(100, Math.floor((job.procesadas / job.aImportar) * 100));
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('es-MX')} ${n === 1 ? one : many}`;

/** '3 nuevos, 2 actualizados, 10 sin cambios'. */
export function summary(counts: { creados: number; actualizados: number; sinCambios: number }) {
  return [
    count(counts.creados, 'nuevo', 'nuevos'),
    count(counts.actualizados, 'actualizado', 'actualizados'),
    count(counts.sinCambios, 'sin cambios', 'sin cambios'),
  ].join(', ');
}

export const rowsWithErrors = (n: number) => count(n, 'fila con errores', 'filas con errores');

/** The file's columns, as the export writes them (server/src/modules/catalog/product-csv.ts). */
export const CSV_COLUMNS_HINT =
  'id, nombre, descripcion, precio, promocion, precioPromocion, especial, tipo, marca, color, tallas, cantidad, imagenes';
