import type { Drawer } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useLazyComponent } from '../hooks/use-lazy-component';

export interface SideDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  placement: 'start' | 'end';
  size: 'xs' | 'sm';
  title: string;
  /** Keep the title for screen readers only, without a header bar. */
  hideTitle?: boolean;
  closeLabel: string;
  'data-testid': string;
  bodyProps?: Drawer.BodyProps;
  /** Actions pinned under the body. */
  footer?: ReactNode;
  children: ReactNode;
}

const loadView = async () => (await import('./side-drawer-view')).SideDrawerView;

/**
 * A phone panel sliding in from a side: mounted only while open, with a close button. Its code
 * (Chakra's Drawer: focus trap, scroll lock, dismissal) is fetched the first time it opens, not
 * with the first screen.
 */
export function SideDrawer(props: SideDrawerProps) {
  const View = useLazyComponent(loadView, props.open);
  return View ? <View {...props} /> : null;
}
