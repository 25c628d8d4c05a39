import { describe, expect, it } from 'vitest';
import { searchPath } from './search-path';

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
