import { afterEach, describe, expect, it } from 'vitest';
import {
  exportUrl,
  type Importacion,
  progressPercent,
  rowsWithErrors,
  summary,
} from './product-import';
import { FINISHED_SHOWN_MS, importToShow } from './use-product-import';

function job(overrides: Partial<Importacion> = {}): Importacion {
  return {
    id: 7,
    estado: 'en_curso',
    archivo: 'productos.csv',
    soloValidas: false,
    filas: 4000,
    aImportar: 3000,
    procesadas: 1000,
    creados: 600,
    actualizados: 400,
    sinCambios: 1000,
    errores: [],
    fallo: null,
    creadaEn: '2026-11-27T12:00:00.000Z',
    terminadaEn: null,
    ...overrides,
  };
}

describe('products by spreadsheet: the screen’s words and figures', () => {
  afterEach(() => window.localStorage.clear());

  it('exports everything, or what the list’s search finds', () => {
    expect(exportUrl(null)).toBe('/api/admin/productos.csv');
    expect(exportUrl('  ')).toBe('/api/admin/productos.csv');
    expect(exportUrl('dama xl')).toBe('/api/admin/productos.csv?busqueda=dama%20xl');
  });

  it('the progress bar: the rows applied of those to apply, 100 once done', () => {
    expect(progressPercent(job())).toBe(33);
    expect(progressPercent(job({ estado: 'pendiente', procesadas: 0 }))).toBe(0);
    expect(progressPercent(job({ estado: 'terminada', aImportar: 0 }))).toBe(100);
  });

  it("says '3 nuevos, 1 actualizado, 1,200 sin cambios' and '1 fila con errores'", () => {
    expect(summary({ creados: 3, actualizados: 1, sinCambios: 1200 })).toBe(
      '3 nuevos, 1 actualizado, 1,200 sin cambios',
    );
    expect(rowsWithErrors(1)).toBe('1 fila con errores');
    expect(rowsWithErrors(2)).toBe('2 filas con errores');
  });

  it('after a reload, shows the latest import while it runs and for a while after it ends, unless closed', () => {
    const now = Date.parse('2026-11-27T12:05:00.000Z');
    expect(importToShow([job()], now)?.id).toBe(7);
    const ended = job({ estado: 'terminada', terminadaEn: '2026-11-27T12:04:00.000Z' });
    expect(importToShow([ended], now)?.id).toBe(7);
    expect(importToShow([ended], now + FINISHED_SHOWN_MS)).toBeNull();
    expect(importToShow([], now)).toBeNull();
    window.localStorage.setItem('tienda.importacionCerrada', '7');
    expect(importToShow([job()], now)).toBeNull();
  });
});
