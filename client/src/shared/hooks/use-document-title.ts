import { createContext, useContext, useEffect } from 'react';

/** The shop's name, the last part of every document title. */
export const SHOP_TITLE = 'Tienda';

/** 'Carrito' → 'Carrito · Tienda'; nothing (a page still loading) → 'Tienda'. */
export function documentTitle(page?: string | null): string {
  const text = page?.replace(/\s+/g, ' ').trim();
  return text ? `${text} · ${SHOP_TITLE}` : SHOP_TITLE;
}

/**
 * Where a render on the server (first-screen-render.tsx, which runs no effects) collects the
 * title of the screen it draws; the browser's app has none.
 */
export const DocumentTitleSink = createContext<((title: string) => void) | undefined>(undefined);

/**
 * Sets the document title of the page on screen (what the tab, the history list and screen
 * readers announce on a route change). Every route's page calls it once.
 */
export function useDocumentTitle(page: string | null | undefined): void {
  const title = documentTitle(page);
  useContext(DocumentTitleSink)?.(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
