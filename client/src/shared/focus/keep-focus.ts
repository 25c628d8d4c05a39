import { type RefObject, useEffect, useRef } from 'react';

/** Whether the focus has dropped to the page (a disabled or removed control lost it). */
export function focusLost(root: Document = document): boolean {
  const active = root.activeElement;
  return !active || active === root.body || !active.isConnected;
}

/** Whether an element can take the focus now (connected, not disabled). */
function focusable(element: HTMLElement | null | undefined): element is HTMLElement {
  return (
    !!element &&
    element.isConnected &&
    !element.hasAttribute('disabled') &&
    element.getAttribute('aria-disabled') !== 'true'
  );
}

/**
 * When the focus has dropped to the page, gives it to the first of `candidates` that can take it
 * (the control that started the action, else the next sensible one); answers whether it did.
 */
export function returnFocus(candidates: readonly (HTMLElement | null | undefined)[]): boolean {
  if (!focusLost()) return false;
  const target = candidates.find(focusable);
  if (!target) return false;
  target.focus();
  return true;
}

/**
 * A control that turns busy (disabled, a spinner) while its action runs keeps the focus: Chromium
 * drops the focus of a control that is disabled, so once `busy` is over the focus goes back to it
 * (or to the first of `fallbacks` that can take it) if it was on it when the action started and
 * nothing else took it since. Call `remember()` when the action starts.
 */
export function useKeepFocus<T extends HTMLElement>(
  busy: boolean,
  fallbacks: readonly RefObject<HTMLElement | null>[] = [],
): { ref: RefObject<T | null>; remember: () => void } {
  const ref = useRef<T | null>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    if (busy || !hadFocus.current) return;
    hadFocus.current = false;
    returnFocus([ref.current, ...fallbacks.map((fallback) => fallback.current)]);
  });
  return {
    ref,
    remember: () => {
      hadFocus.current = document.activeElement === ref.current || focusLost();
    },
  };
}

/** The page's main heading (the first `h1` in `<main>`), made focusable from script. */
export function mainHeading(root: Document = document): HTMLElement | null {
  const heading = root.querySelector<HTMLElement>('main h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}
