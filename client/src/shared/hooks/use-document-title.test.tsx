import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { documentTitle, useDocumentTitle } from './use-document-title';

describe('document titles', () => {
  afterEach(() => cleanup());

  it("names the page, then the shop: 'Carrito · Tienda'", () => {
    expect(documentTitle('Carrito')).toBe('Carrito · Tienda');
    expect(documentTitle("Pantalón Levi's 30 Azul")).toBe("Pantalón Levi's 30 Azul · Tienda");
  });

  it('is the shop alone while the page has no name yet', () => {
    expect(documentTitle(undefined)).toBe('Tienda');
    expect(documentTitle(null)).toBe('Tienda');
    expect(documentTitle('   ')).toBe('Tienda');
  });

  it('folds the spaces of a product name typed with line breaks', () => {
    expect(documentTitle('  Playera\n  Nike  101 ')).toBe('Playera Nike 101 · Tienda');
  });

  it('sets document.title and follows the page', () => {
    const { rerender } = renderHook(({ page }) => useDocumentTitle(page), {
      initialProps: { page: 'Inicio' as string | undefined },
    });
    expect(document.title).toBe('Inicio · Tienda');
    rerender({ page: 'Promociones' });
    expect(document.title).toBe('Promociones · Tienda');
    rerender({ page: undefined });
    expect(document.title).toBe('Tienda');
  });
});
