import { Portal, Stack, Toast, Toaster, createToaster } from '@chakra-ui/react';
import { useIsDesktop } from '../hooks/use-is-desktop';
import { BOTTOM_BAR_SPACE_VAR } from './bottom-bar';
import { NOTIFICATION_DURATION_MS, attachToaster } from './toaster';

/** Below Chakra's `lg` (1024 px) the shop has its phone layout (useIsDesktop). */
const PHONE_LAYOUT_QUERY = '(max-width: 63.98em)';

/**
 * On a phone, notifications sit at the bottom, clear of the header (logo, menu, cart badge) and
 * of 'Volver al catálogo', and 1rem above a bar at the bottom of the screen (the product page's
 * 'Agregar al carrito', whose space `useBottomBar` publishes: taller once it also holds the
 * 'Inicia sesión' link, higher on a short page).
 */
export const PHONE_BOTTOM_OFFSET = `calc(var(${BOTTOM_BAR_SPACE_VAR}, 0px) + 1rem)`;

const common = { duration: NOTIFICATION_DURATION_MS, pauseOnPageIdle: true, max: 4 } as const;
const phoneStore = createToaster({
  ...common,
  placement: 'bottom',
  offsets: { top: '1rem', right: '1rem', bottom: PHONE_BOTTOM_OFFSET, left: '1rem' },
});
// On the desktop the cart and the logo are in the sidebar, on the left: top right is clear.
const desktopStore = createToaster({ ...common, placement: 'top-end' });

function onPhone(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_LAYOUT_QUERY).matches
    : false;
}

attachToaster({
  show: (toast) => (onPhone() ? phoneStore : desktopStore).create(toast),
  dismiss: (id) => {
    phoneStore.dismiss(id);
    desktopStore.dismiss(id);
  },
});

/**
 * The notifications themselves (Chakra's Toaster, its store and state machines): a chunk of its
 * own, loaded by AppToaster (toaster.tsx) when the first notification is asked for. Its region
 * is a polite live region (aria-live="polite", every notification role="status"): a screen
 * reader reads it when it can, and focus stays where it was.
 */
export function ToasterView() {
  // One region at a time (the layout's), so the page has one 'Avisos de la tienda' landmark
  // (not 'Notificaciones': Ajustes has a section of that name).
  const store = useIsDesktop() ? desktopStore : phoneStore;
  return (
    <Portal>
      <Toaster
        key={store === phoneStore ? 'phone' : 'desktop'}
        toaster={store}
        insetInline={{ mdDown: '4' }}
        aria-label="Avisos de la tienda"
        data-testid="notifications"
      >
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="notification">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? (
                // Chakra's recipe dims the text (opacity 0.8): on the warning's orange that is
                // 4.3:1, under AA's 4.5:1. Full white: 5.6:1.
                <Toast.Description opacity="1">{toast.description}</Toast.Description>
              ) : null}
            </Stack>
            {toast.closable ? <Toast.CloseTrigger aria-label="Cerrar aviso" /> : null}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
