import { describe, expect, it } from 'vitest';
import { searchPath, searchTermOf } from './search-path';

describe('search screen paths', () => {
  it('puts the trimmed, encoded term after /buscar', () => {
    expect(searchPath(' pantalon ', true)).toBe('/buscar/pantalon');
    expect(searchPath('tenis / running', true)).toBe('/buscar/tenis%20%2F%20running');
  });

  it('keeps the price-free catalogue in /catalogo/buscar', () => {
    expect(searchPath('playera', false)).toBe('/catalogo/buscar/playera');
  });

  it('opens the bare search screen for an empty term', () => {
    expect(searchPath('  ', true)).toBe('/buscar');
    expect(searchPath('', false)).toBe('/catalogo/buscar');
  });
});

describe('the search term on screen', () => {
  it('reads the decoded term of both search screens', () => {
    expect(searchTermOf('/buscar/pantal%C3%B3n%20azul')).toBe('pantalón azul');
    expect(searchTermOf('/catalogo/buscar/playera')).toBe('playera');
    expect(searchTermOf('/buscar/tenis%20%2F%20running')).toBe('tenis / running');
  });

  it('is empty on the bare search screens and everywhere else', () => {
    for (const path of ['/buscar', '/buscar/', '/catalogo/buscar', '/inicio', '/catalogo', '/']) {
      expect(searchTermOf(path)).toBe('');
    }
    expect(searchTermOf('/producto/buscar/x')).toBe('');
  });

  it('keeps a term whose escapes are broken as it is', () => {
    expect(searchTermOf('/buscar/100%')).toBe('100%');
  });

  it('is the inverse of searchPath', () => {
    for (const term of ['pantalón', 'tenis / running', '100%', 'a b']) {
      expect(searchTermOf(searchPath(term, true))).toBe(term);
      expect(searchTermOf(searchPath(term, false))).toBe(term);
    }
  });
});
