import { Portal, Stack, Toast, Toaster, createToaster } from '@chakra-ui/react';
import { NOTIFICATION_DURATION_MS, attachToaster } from './toaster';

const store = createToaster({
  placement: 'top-end',
  duration: NOTIFICATION_DURATION_MS,
  pauseOnPageIdle: true,
  max: 4,
});
attachToaster((toast) => store.create(toast));

/**
 * The notifications themselves (Chakra's Toaster, its store and state machines): a chunk of its
 * own, loaded by AppToaster (toaster.tsx) when the first notification is asked for.
 */
export function ToasterView() {
  return (
    <Portal>
      <Toaster toaster={store} insetInline={{ mdDown: '4' }}>
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
            {toast.closable ? <Toast.CloseTrigger /> : null}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
