import type { OrderAnnouncer } from './order-announcements.js';
import { OrderEvents, type OrderSubscriber } from './order-events.js';

/**
 * Every reaction to an order event, registered in this one place. A new reaction (counting a
 * coupon's use on 'order.placed', freeing it on 'order.cancelled', an invoice on 'order.paid')
 * is a `DeferredOrderSubscriber` (order-events.ts) in its own module, added to this list: it gets
 * its own delivery row per event, run and retried by the event worker apart from the others.
 * `extra`: more subscribers (tests).
 */
export function orderEvents(
  announcer: OrderAnnouncer,
  extra: readonly OrderSubscriber[] = [],
): OrderEvents {
  return new OrderEvents([
    // The order e-mails, in the change's transaction (their outbox rows are their deliveries).
    announcer,
    ...extra,
  ]);
}
