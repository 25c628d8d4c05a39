import { type RefObject, useEffect } from 'react';

/**
 * The CSS variable that holds how much of the bottom of a phone's screen a bar takes (the product
 * page's 'Agregar al carrito': from its top to the screen's bottom), so that notifications sit
 * above it whatever it holds and wherever it is: stuck to the bottom, or higher on a short page.
 */
export const BOTTOM_BAR_SPACE_VAR = '--bottom-bar-space';

/**
 * Publishes the space `ref`'s element takes at the bottom of the screen while it is drawn (and
 * none once it goes), following its size, the scroll and the window: the phone's notifications
 * keep clear of it (toaster-view.tsx).
 */
export function useBottomBar(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    const root = document.documentElement;
    if (!element) return undefined;
    const publish = () => {
      const space = Math.max(0, window.innerHeight - element.getBoundingClientRect().top);
      root.style.setProperty(BOTTOM_BAR_SPACE_VAR, `${Math.ceil(space)}px`);
    };
    publish();
    const observer =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(publish);
    observer?.observe(element);
    window.addEventListener('scroll', publish, { passive: true });
    window.addEventListener('resize', publish);
    return () => {
      observer?.disconnect();
      window.removeEventListener('scroll', publish);
      window.removeEventListener('resize', publish);
      root.style.removeProperty(BOTTOM_BAR_SPACE_VAR);
    };
  }, [ref]);
}
