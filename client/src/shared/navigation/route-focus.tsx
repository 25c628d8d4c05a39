import { VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { focusLost, mainHeading } from '../focus/keep-focus';

/** How long a new page may take to draw its heading before the focus is left where it is. */
const HEADING_WAIT_MS = 10_000;

/** Paths that only redirect to a page. */
const INDEX_PATHS = new Set(['/', '/admin', '/admin/']);

/** The path the app last showed (shared by the store's and the back office's shells). */
let shownPath: string | undefined;

/** For tests: forget the path shown, as on a fresh load. */
export function resetRouteFocus(): void {
  shownPath = undefined;
}

/** Whether the focus is in a field the person is typing in (the search box navigates as it types). */
function typingInField(): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement)) return false;
  return (
    active.isContentEditable ||
    active instanceof HTMLTextAreaElement ||
    active instanceof HTMLSelectElement ||
    (active instanceof HTMLInputElement &&
      !['button', 'submit', 'checkbox', 'radio', 'reset'].includes(active.type))
  );
}

/**
 * Moves the focus to the new page's main heading after a route change (never on the first load,
 * and never out of a field the person is typing in), and announces the page's title to screen
 * readers; without it the focus dropped to the page's body and the next Tab started again at
 * 'Saltar al contenido'. Only the path counts: a filter or a page number in the query keeps the
 * focus where it is. The heading may come after the page's data: it is waited for.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    // The first load, or its redirect from an index ('/' → '/inicio', '/admin' → '/admin/resumen').
    if (shownPath === undefined || shownPath === pathname || INDEX_PATHS.has(shownPath)) {
      shownPath = pathname;
      return undefined;
    }
    shownPath = pathname;
    // Where the focus was when the new page came: if the person moves it before the heading is
    // drawn (the heading may wait for the page's data), it stays where they put it.
    const focusAtStart = document.activeElement;
    let settled = false;
    let announceTimer: number | undefined;
    const focusHeading = (): boolean => {
      if (settled) return true;
      const heading = mainHeading();
      if (!heading) return false;
      settled = true;
      const movedMeanwhile = document.activeElement !== focusAtStart && !focusLost();
      if (!typingInField() && !movedMeanwhile) {
        heading.focus({ preventScroll: true });
      }
      // The page sets its title in its own effect, which runs after this one: read it after.
      announceTimer = window.setTimeout(() => setAnnouncement(document.title), 0);
      return true;
    };
    if (focusHeading()) return () => window.clearTimeout(announceTimer);
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
      window.clearTimeout(announceTimer);
    };
  }, [pathname]);

  return (
    <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {announcement}
    </VisuallyHidden>
  );
}
