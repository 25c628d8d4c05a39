import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { SideDrawerProps } from './side-drawer';

/** SideDrawer's panel (Chakra's Drawer and its dialog machine): a chunk of its own. */
export function SideDrawerView({
  open,
  onOpenChange,
  placement,
  size,
  title,
  hideTitle = false,
  closeLabel,
  bodyProps,
  footer,
  children,
  ...rest
}: SideDrawerProps) {
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement={placement}
      size={size}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid={rest['data-testid']}>
            {hideTitle ? (
              <Drawer.Title srOnly>{title}</Drawer.Title>
            ) : (
              <Drawer.Header borderBottomWidth="1px" borderColor="gray.100">
                <Drawer.Title>{title}</Drawer.Title>
              </Drawer.Header>
            )}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" colorPalette="gray" aria-label={closeLabel} />
            </Drawer.CloseTrigger>
            <Drawer.Body {...bodyProps}>{children}</Drawer.Body>
            {footer ? (
              <Drawer.Footer borderTopWidth="1px" borderColor="gray.100">
                {footer}
              </Drawer.Footer>
            ) : null}
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
