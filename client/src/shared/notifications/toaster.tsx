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
  id: string;
  description: string;
  type: NotificationType;
  duration: number;
  closable: boolean;
}

/**
 * A notification belongs to the page that raised it: leaving that page takes it away. One raised
 * this short while before the route changed goes along, since it is the action that led there
 * that raised it ('Dirección agregada', then the summary).
 */
export const CARRIED_TO_NEXT_PAGE_MS = 600;

/** Where the loaded view draws notifications and takes them away. */
export interface ToastSink {
  show(toast: ToastRequest): void;
  dismiss(id: string): void;
}

// Drawing notifications takes Chakra's Toaster, its store and its state machines, which most
// visits never need: they live in a chunk of their own (toaster-view.tsx), loaded when the first
// notification is asked for. Until then, notifications wait here.
const waiting: ToastRequest[] = [];
const waitingListeners = new Set<() => void>();
let sink: ToastSink | undefined;
/** When each notification on show (or waiting) was raised, by id. */
const raisedAt = new Map<string, number>();
let nextId = 0;

/** Where notifications go: Chakra's toaster once loaded, a queue until then. */
export const toaster = {
  create(toast: ToastRequest, now = Date.now()): void {
    raisedAt.set(toast.id, now);
    if (sink) {
      sink.show(toast);
      return;
    }
    waiting.push(toast);
    waitingListeners.forEach((listener) => listener());
  },
};

/** The loaded Toaster takes over: it shows what waited and every notification after. */
export function attachToaster(next: ToastSink): void {
  sink = next;
  waiting.splice(0).forEach((toast) => next.show(toast));
}

/**
 * The shopper left the page: its notifications go (those raised just before, by the action that
 * navigated, stay: CARRIED_TO_NEXT_PAGE_MS). Called on every change of route.
 */
export function leavePage(now = Date.now()): void {
  for (const [id, at] of raisedAt) {
    if (now - at < CARRIED_TO_NEXT_PAGE_MS) continue;
    raisedAt.delete(id);
    const queued = waiting.findIndex((toast) => toast.id === id);
    if (queued >= 0) waiting.splice(queued, 1);
    sink?.dismiss(id);
  }
}

/** The notifications waiting for the view (tests). */
export function waitingNotifications(): readonly ToastRequest[] {
  return waiting;
}

/** Shows a short message to the shopper. */
export function notify(message: string, options: NotifyOptions = {}): void {
  nextId += 1;
  toaster.create({
    id: `aviso-${nextId}`,
    description: message,
    type: options.type ?? 'info',
    duration: options.durationMs ?? NOTIFICATION_DURATION_MS,
    closable: true,
  });
}

const loadToasterView = async () => (await import('./toaster-view')).ToasterView;

/** Runs `work` once the page has loaded and the browser is idle; returns a cancel. */
function whenPageIdle(work: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) work();
  };
  const idle = () => {
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(run, { timeout: 10_000 });
    } else {
      setTimeout(run, 1_000);
    }
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
  };
}

/** Renders the notifications; mount once, near the root. */
export function AppToaster() {
  // Each notification asked for before the Toaster is there (re)tries loading it.
  const [requests, setRequests] = useState(waiting.length);
  // Not fetched ahead: its module takes over the notifications as it loads (attachToaster), so
  // it must load only when the view is about to be drawn: at the first notification, or once the
  // page is idle, so that the polite live region is there, empty, before the first notification
  // (a region that appears with its text already in it is often not read out).
  const ToasterView = useLazyComponent(loadToasterView, requests, { ahead: false });
  useEffect(() => {
    const listener = () => setRequests((count) => count + 1);
    if (waiting.length > 0) listener();
    waitingListeners.add(listener);
    const cancelIdle = whenPageIdle(listener);
    return () => {
      waitingListeners.delete(listener);
      cancelIdle();
    };
  }, []);
  return ToasterView ? <ToasterView /> : null;
}
