import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { PollingWorker } from '../shared/polling-worker.js';
import { withTransaction } from '../shared/transaction.js';
import type { TransitionEvent } from './order-machine.js';

/** What can happen to an order: placing it, and the state machine's transitions. */
export const ORDER_EVENT_TYPES = [
  'order.placed',
  'order.paid',
  'order.shipped',
  'order.delivered',
  'order.cancelled',
  'order.reactivated',
  'order.refunded',
  // A return's refund (modules/returns): the invoicing module's credit note reacts to it.
  'order.return_refunded',
] as const satisfies readonly ('order.placed' | 'order.return_refunded' | TransitionEvent)[];
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/** An event to record with the change that causes it. */
export interface NewOrderEvent {
  orderId: number;
  type: OrderEventType;
  payload?: Record<string, unknown>;
  /** The signed-in user who made the change; null: the shopper's payment, the sweep… */
  actorId?: number | null;
}

/** An event as recorded in `order_event`. */
export interface OrderEvent {
  id: string;
  orderId: number;
  type: OrderEventType;
  payload: Record<string, unknown>;
  actorId: number | null;
  createdAt: Date;
}

/**
 * A reaction that runs inside the transaction of the change, with every event of it: the order
 * e-mails (order-announcements.ts), whose own queue, the mail outbox, is their per-message
 * delivery with retries. Keep it to writes into that transaction; it must not call out.
 */
export interface InlineOrderSubscriber {
  readonly name: string;
  readonly inline: true;
  handle(tx: EntityManager, events: readonly OrderEvent[]): Promise<void>;
}

/**
 * A reaction run after the change commits, by the event worker (`OrderEventWorker`): each event
 * gets one `event_delivery` row per deferred subscriber, with its own attempts and state, and
 * `handle` runs in a transaction that also marks that row done. A subscriber that throws is tried
 * again later without repeating the others. Make `handle` safe to repeat for one event.
 */
export interface DeferredOrderSubscriber {
  readonly name: string;
  readonly inline?: false;
  handle(tx: EntityManager, event: OrderEvent): Promise<void>;
}

export type OrderSubscriber = InlineOrderSubscriber | DeferredOrderSubscriber;

interface EventRow {
  id: string;
  order_id: number;
  type: OrderEventType;
  payload: Record<string, unknown>;
  actor_id: number | null;
  created_at: Date | string;
}

const toEvent = (r: EventRow): OrderEvent => ({
  id: String(r.id),
  orderId: r.order_id,
  type: r.type,
  payload: r.payload,
  actorId: r.actor_id,
  createdAt: new Date(r.created_at),
});

/**
 * The orders' domain events: `emit` records them in `order_event` in the caller's transaction
 * (a change that rolls back leaves no event and no delivery), queues one delivery per deferred
 * subscriber and runs the inline ones. The subscribers are the list given here, built in one
 * place: `orderSubscribers` (order-subscribers.ts).
 */
export class OrderEvents {
  private readonly byName = new Map<string, OrderSubscriber>();

  constructor(readonly subscribers: readonly OrderSubscriber[]) {
    for (const s of subscribers) {
      if (this.byName.has(s.name)) throw new Error(`Suscriptor repetido: ${s.name}`);
      this.byName.set(s.name, s);
    }
  }

  /** The subscriber of this name, if registered. */
  subscriber(name: string): OrderSubscriber | undefined {
    return this.byName.get(name);
  }

  /** The names of the subscribers that get delivery rows. */
  get deferredNames(): string[] {
    return this.subscribers.filter((s) => !s.inline).map((s) => s.name);
  }

  /** Records these events (in their order) in `tx`, with their deliveries; returns them. */
  async emit(tx: EntityManager, events: readonly NewOrderEvent[]): Promise<OrderEvent[]> {
    if (events.length === 0) return [];
    const rows = await tx.execute<EventRow[]>(
      `insert into order_event (order_id, type, payload, actor_id)
       select (e->>'order_id')::integer, e->>'type', coalesce(e->'payload', '{}'::jsonb),
              (e->>'actor_id')::integer
         from jsonb_array_elements(?::jsonb) with ordinality as x(e, n)
        order by n
       returning id, order_id, type, payload, actor_id, created_at`,
      [
        JSON.stringify(
          events.map((e) => ({
            order_id: e.orderId,
            type: e.type,
            payload: e.payload ?? {},
            actor_id: e.actorId ?? null,
          })),
        ),
      ],
    );
    const recorded = rows.map(toEvent).sort((a, b) => Number(a.id) - Number(b.id));
    const deferred = this.deferredNames;
    if (deferred.length > 0) {
      await tx.execute(
        `insert into event_delivery (event_id, subscriber)
         select e.id::bigint, s.name
           from jsonb_array_elements_text(?::jsonb) as e(id)
          cross join jsonb_array_elements_text(?::jsonb) as s(name)
          order by 1, 2`,
        [JSON.stringify(recorded.map((e) => e.id)), JSON.stringify(deferred)],
      );
    }
    for (const s of this.subscribers) if (s.inline) await s.handle(tx, recorded);
    return recorded;
  }
}

/** Waits before each retry of a delivery, by attempts made; then it is marked failed. */
export const EVENT_RETRY_DELAYS_SECONDS = [10, 60, 300, 1200, 3600, 14400] as const;
export const EVENT_MAX_ATTEMPTS = EVENT_RETRY_DELAYS_SECONDS.length + 1;
/** How long a claimed delivery is left to its worker before another may take it. */
export const EVENT_LEASE_SECONDS = 300;

export type DeliveryOutcome = 'done' | 'retry' | 'failed';

/**
 * Runs the deferred subscribers: claims one due delivery at a time (`for update skip locked`, so
 * any number of instances share the work), runs its subscriber in a transaction that marks the
 * delivery done, and on failure records the error and when to try again (or `failed` once the
 * tries are used up). Only that subscriber's delivery is tried again.
 */
export class OrderEventWorker extends PollingWorker<DeliveryOutcome> {
  constructor(
    private readonly orm: MikroORM,
    private readonly events: OrderEvents,
    private readonly log: (message: string, error?: unknown) => void,
    pollMs = 1000,
  ) {
    super(pollMs, (error) => log('No se pudieron entregar los eventos de pedidos', error));
  }

  override async deliverOne(): Promise<DeliveryOutcome | null> {
    const em = this.orm.em.fork();
    const [claimed] = await em.execute<
      (EventRow & { delivery_id: string; subscriber: string; attempts: number })[]
    >(
      `with d as (
         update event_delivery d
            set locked_until = now() + make_interval(secs => ?), attempts = d.attempts + 1
          where d.id = (
            select id from event_delivery
             where status = 'pending' and next_attempt_at <= now()
               and (locked_until is null or locked_until <= now())
             order by next_attempt_at, id limit 1
             for update skip locked)
          returning d.id, d.event_id, d.subscriber, d.attempts)
       select d.id as delivery_id, d.subscriber, d.attempts, e.id, e.order_id, e.type, e.payload,
              e.actor_id, e.created_at
         from d join order_event e on e.id = d.event_id`,
      [EVENT_LEASE_SECONDS],
    );
    if (!claimed) return null;
    const subscriber = this.events.subscriber(claimed.subscriber);
    try {
      if (!subscriber || subscriber.inline) {
        throw new Error(`Suscriptor desconocido: ${claimed.subscriber}`);
      }
      await withTransaction(em, async (tx) => {
        await subscriber.handle(tx, toEvent(claimed));
        await tx.execute(
          `update event_delivery set status = 'done', done_at = now(), locked_until = null,
              last_error = null where id = ?`,
          [claimed.delivery_id],
        );
      });
      return 'done';
    } catch (error) {
      const final = !subscriber || claimed.attempts >= EVENT_MAX_ATTEMPTS;
      const delay = EVENT_RETRY_DELAYS_SECONDS[claimed.attempts - 1] ?? 0;
      const reason = error instanceof Error ? error.message : String(error);
      this.log(
        `Evento ${claimed.type} del pedido ${claimed.order_id} para ${claimed.subscriber}: ` +
          `${final ? 'falló definitivamente' : `se reintentará (intento ${claimed.attempts})`}`,
        error,
      );
      await em.execute(
        `update event_delivery set status = ?, locked_until = null, last_error = ?,
            next_attempt_at = now() + make_interval(secs => ?)
          where id = ?`,
        [
          final ? 'failed' : 'pending',
          reason.slice(0, 500),
          final ? 0 : delay,
          claimed.delivery_id,
        ],
      );
      return final ? 'failed' : 'retry';
    }
  }
}
