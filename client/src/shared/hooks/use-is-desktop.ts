import { useBreakpointValue } from '@chakra-ui/react';

/** true from the `lg` breakpoint (1024 px) up: fixed sidebar and filter column. */
export function useIsDesktop(): boolean {
  return useBreakpointValue({ base: false, lg: true }, { ssr: false }) ?? false;
}
