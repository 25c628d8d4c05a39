import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_MODULES,
  MODULES_STORAGE_KEY,
  parseModules,
  readStoreModules,
} from './store-modules';
import { clearAllStoredData } from '../../shared/session/session-storage';

describe('sidebar modules (localStorage "modulos")', () => {
  beforeEach(() => window.localStorage.clear());

  it('stores and uses the default list when the key is absent', () => {
    const links = readStoreModules();
    expect(window.localStorage.getItem(MODULES_STORAGE_KEY)).toBe(DEFAULT_MODULES);
    expect(links).toEqual([
      { route: 'promociones', path: '/promociones', label: 'Promociones' },
      { route: 'nuevo', path: '/nuevo', label: 'Nuevo' },
    ]);
  });

  it('reads a stored list, showing hyphens as spaces, capitalised', () => {
    window.localStorage.setItem(MODULES_STORAGE_KEY, 'nuevo, mas-vendidos ,catalogo');
    expect(readStoreModules().map((link) => [link.path, link.label])).toEqual([
      ['/nuevo', 'Nuevo'],
      ['/mas-vendidos', 'Mas vendidos'],
      ['/catalogo', 'Catalogo'],
    ]);
  });

  it('keeps an empty stored list empty', () => {
    window.localStorage.setItem(MODULES_STORAGE_KEY, '');
    expect(readStoreModules()).toEqual([]);
    expect(window.localStorage.getItem(MODULES_STORAGE_KEY)).toBe('');
  });

  it('skips blanks, duplicates and anything that is not a route', () => {
    expect(
      parseModules('promociones,,promociones,javascript:alert(1),https://x.y,/nuevo/').map(
        (link) => link.route,
      ),
    ).toEqual(['promociones', 'nuevo']);
  });
});

describe('sidebar modules after sign-out', () => {
  it('recreates the default list once sign-out has cleared every stored value', () => {
    window.localStorage.setItem(MODULES_STORAGE_KEY, 'nuevo');
    clearAllStoredData();
    expect(window.localStorage.getItem(MODULES_STORAGE_KEY)).toBeNull();
    expect(readStoreModules().map((link) => link.route)).toEqual(['promociones', 'nuevo']);
    expect(window.localStorage.getItem(MODULES_STORAGE_KEY)).toBe(DEFAULT_MODULES);
  });
});
