import { useEffect } from 'react';

/** The shop's name, the last part of every document title. */
export const SHOP_TITLE = 'Tienda';

/** 'Carrito' → 'Carrito · Tienda'; nothing (a page still loading) → 'Tienda'. */
export function documentTitle(page?: string | null): string {
  const text = page?.replace(/\s+/g, ' ').trim();
  return text ? `${text} · ${SHOP_TITLE}` : SHOP_TITLE;
}

/**
 * Sets the document title of the page on screen (what the tab, the history list and screen
 * readers announce on a route change). Every route's page calls it once.
 */
export function useDocumentTitle(page: string | null | undefined): void {
  const title = documentTitle(page);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
