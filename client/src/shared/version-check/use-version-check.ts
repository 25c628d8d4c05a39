import { useEffect } from 'react';
import { notify } from '../notifications/toaster';
import { startVersionCheck } from './version-check';

/** Starts the version poll for as long as the app is mounted. */
export function useVersionCheck(currentVersion: string = __APP_VERSION__): void {
  useEffect(
    () =>
      startVersionCheck({
        currentVersion,
        notify: (message, durationMs) => notify(message, { type: 'info', durationMs }),
        reload: () => window.location.reload(),
      }),
    [currentVersion],
  );
}
