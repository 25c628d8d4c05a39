import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CARRIED_TO_NEXT_PAGE_MS,
  type ToastRequest,
  attachToaster,
  leavePage,
  notify,
  toaster,
  waitingNotifications,
} from './toaster';

const request = (id: string): ToastRequest => ({
  id,
  description: `Aviso ${id}`,
  type: 'info',
  duration: 3000,
  closable: true,
});

describe('notifications belong to the page that raised them', () => {
  afterEach(() => leavePage(Date.now() + 60_000));

  // Before the view's chunk is there: the queue (this test runs first, before attachToaster).
  it('a waiting notification raised on the page left is dropped; one raised by the navigating action goes along', () => {
    toaster.create(request('viejo'), 1_000);
    toaster.create(request('nuevo'), 5_000);
    leavePage(5_000 + CARRIED_TO_NEXT_PAGE_MS - 1);
    expect(waitingNotifications().map((toast) => toast.id)).toEqual(['nuevo']);
  });

  it('on show: leaving the page dismisses the older ones, never the one just raised', () => {
    const show = vi.fn();
    const dismiss = vi.fn();
    attachToaster({ show, dismiss });
    toaster.create(request('antes'), 10_000);
    toaster.create(request('ahora'), 20_000);
    leavePage(20_100);
    expect(dismiss.mock.calls).toEqual([['antes']]);
    dismiss.mockClear();
    leavePage(20_000 + CARRIED_TO_NEXT_PAGE_MS);
    expect(dismiss).toHaveBeenCalledWith('ahora');
  });

  it('each notification gets an id of its own (so it can be taken away alone)', () => {
    const show = vi.fn();
    attachToaster({ show, dismiss: vi.fn() });
    notify('Uno');
    notify('Dos');
    const ids = show.mock.calls.map(([toast]) => (toast as ToastRequest).id);
    expect(new Set(ids).size).toBe(2);
  });
});
