import { useEffect, useState } from 'react';
import { useLazyComponent } from '../hooks/use-lazy-component';

/** Notifications disappear after 3 s (spec §8); callers may ask for longer (version notice: 5 s). */
export const NOTIFICATION_DURATION_MS = 3000;

export type NotificationType = 'info' | 'success' | 'warning' | 'error';

export interface NotifyOptions {
  type?: NotificationType;
  durationMs?: number;
}

/** One notification, as Chakra's toaster takes it. */
export interface ToastRequest {
  description: string;
  type: NotificationType;
  duration: number;
  closable: boolean;
}

// Drawing notifications takes Chakra's Toaster, its store and its state machines, which most
// visits never need: they live in a chunk of their own (toaster-view.tsx), loaded when the first
// notification is asked for. Until then, notifications wait here.
const waiting: ToastRequest[] = [];
const waitingListeners = new Set<() => void>();
let show: ((toast: ToastRequest) => void) | undefined;

/** Where notifications go: Chakra's toaster once loaded, a queue until then. */
export const toaster = {
  create(toast: ToastRequest): void {
    if (show) {
      show(toast);
      return;
    }
    waiting.push(toast);
    waitingListeners.forEach((listener) => listener());
  },
};

/** The loaded Toaster takes over: it shows what waited and every notification after. */
export function attachToaster(next: (toast: ToastRequest) => void): void {
  show = next;
  waiting.splice(0).forEach(next);
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

const loadToasterView = async () => (await import('./toaster-view')).ToasterView;

/** Renders the notifications; mount once, near the root. */
export function AppToaster() {
  // Each notification asked for before the Toaster is there (re)tries loading it.
  const [requests, setRequests] = useState(waiting.length);
  // Not fetched ahead: its module takes over the notifications as it loads (attachToaster), so
  // it must load only when the view is about to be drawn.
  const ToasterView = useLazyComponent(loadToasterView, requests, { ahead: false });
  useEffect(() => {
    const listener = () => setRequests((count) => count + 1);
    if (waiting.length > 0) listener();
    waitingListeners.add(listener);
    return () => {
      waitingListeners.delete(listener);
    };
  }, []);
  return ToasterView ? <ToasterView /> : null;
}
