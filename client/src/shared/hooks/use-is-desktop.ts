import { useBreakpointValue } from '@chakra-ui/react';
import { createContext, useContext } from 'react';

/**
 * The layout a page is drawn for where there is no window to measure: the server's first screen
 * (first-screen-render.tsx) draws the phone's or the desktop's. Undefined in the browser, which
 * measures.
 */
export const LayoutHintContext = createContext<'phone' | 'desktop' | undefined>(undefined);

/** true from the `lg` breakpoint (1024 px) up: fixed sidebar and filter column. */
export function useIsDesktop(): boolean {
  const hint = useContext(LayoutHintContext);
  // In the browser the first render already measures (no phone-then-desktop flash); on the
  // server the hint stands in for the measure (`ssr` with its fallback never reads a window).
  return (
    useBreakpointValue(
      { base: false, lg: true },
      hint === undefined
        ? { ssr: false }
        : { ssr: true, fallback: hint === 'desktop' ? 'lg' : 'base' },
    ) ?? false
  );
}
