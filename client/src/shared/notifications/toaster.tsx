import { Portal, Stack, Toast, Toaster, createToaster } from '@chakra-ui/react';

/** Notifications disappear after 3 s (spec §8); callers may ask for longer (version notice: 5 s). */
export const NOTIFICATION_DURATION_MS = 3000;

export const toaster = createToaster({
  placement: 'top-end',
  duration: NOTIFICATION_DURATION_MS,
  pauseOnPageIdle: true,
  max: 4,
});

export type NotificationType = 'info' | 'success' | 'warning' | 'error';

export interface NotifyOptions {
  type?: NotificationType;
  durationMs?: number;
}

/** Shows a short message to the shopper. */
export function notify(message: string, options: NotifyOptions = {}): void {
  toaster.create({
    description: message,
    type: options.type ?? 'info',
    duration: options.durationMs ?? NOTIFICATION_DURATION_MS,
    closable: true,
  });
}

/** Renders the notifications; mount once, near the root. */
export function AppToaster() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="notification">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? (
                <Toast.Description>{toast.description}</Toast.Description>
              ) : null}
            </Stack>
            {toast.closable ? <Toast.CloseTrigger /> : null}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
