import { describe, expect, it } from 'vitest';
import { canGoBackInApp, readReturnTo, returnToState } from './return-to';

describe("'Volver al catálogo' return path", () => {
  it('keeps the list route with its filters and page', () => {
    const state = returnToState({ pathname: '/inicio', search: '?precio=300-500&pagina=2' });
    expect(state).toEqual({ returnTo: '/inicio?precio=300-500&pagina=2' });
    expect(readReturnTo(state)).toBe('/inicio?precio=300-500&pagina=2');
    expect(readReturnTo(returnToState({ pathname: '/buscar/pantal%C3%B3n', search: '' }))).toBe(
      '/buscar/pantal%C3%B3n',
    );
  });

  it('ignores states that are not the shop’s own path', () => {
    for (const state of [
      undefined,
      null,
      '/inicio',
      42,
      {},
      { returnTo: 7 },
      { returnTo: '' },
      { returnTo: 'inicio' },
      { returnTo: '//evil.example/x' },
      { returnTo: '/\\evil.example' },
      { returnTo: 'https://evil.example/' },
      { returnTo: 'javascript:alert(1)' },
      { returnTo: `/${'a'.repeat(5_000)}` },
    ]) {
      expect(readReturnTo(state)).toBeUndefined();
    }
  });

  it("goes back only when react-router's history has an entry before this one", () => {
    expect(canGoBackInApp({ usr: null, key: 'a1', idx: 3 })).toBe(true);
    expect(canGoBackInApp({ usr: null, key: 'a1', idx: 0 })).toBe(false);
    expect(canGoBackInApp({ idx: null })).toBe(false);
    expect(canGoBackInApp(null)).toBe(false);
    expect(canGoBackInApp('idx')).toBe(false);
  });
});
