import type { MikroORM } from '@mikro-orm/postgresql';
import {
  type GlobalInvoicePeriodicity,
  lastClosedPeriod,
  mexicoCityDayStart,
  nextDay,
} from '@tienda/rules';
import { DomainError } from '../shared/errors.js';
import { PollingWorker } from '../shared/polling-worker.js';
import { GlobalInvoiceService, type GlobalInvoiceView } from './global-invoice.service.js';
import type { Pac } from './pac.js';

/** The worker issues a period's global invoice only within this long after the period closes. */
export const GLOBAL_INVOICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Issues the global invoice of the period that just closed (the shop's periodicity), within 24 h
 * of its close, if it is not issued yet; started in `main.ts` only while invoicing is on. Any
 * number of instances may run it: the service claims a period once (advisory lock, unique
 * `invoice_order.order_id`) and the PAC stamps a claim once (its idempotency key). A claim left
 * 'stamping' by an outage is retried on the next poll; after the 24 h, the admin's 'Emitir
 * ahora' catches up.
 */
export class GlobalInvoiceWorker extends PollingWorker<GlobalInvoiceView> {
  constructor(
    private readonly orm: MikroORM,
    private readonly deps: {
      pac: Pac;
      periodicity: () => GlobalInvoicePeriodicity;
      log: (message: string, error?: unknown) => void;
      now?: () => Date;
      pollMs?: number;
    },
  ) {
    super(deps.pollMs ?? 10 * 60 * 1000, (error) =>
      deps.log('No se pudo emitir la factura global del periodo', error),
    );
  }

  override async deliverOne(): Promise<GlobalInvoiceView | null> {
    const now = this.deps.now?.() ?? new Date();
    const period = lastClosedPeriod(this.deps.periodicity(), now);
    const closedAt = mexicoCityDayStart(nextDay(period.to)).getTime();
    if (now.getTime() - closedAt >= GLOBAL_INVOICE_WINDOW_MS) return null;
    const service = new GlobalInvoiceService(this.orm.em.fork(), {
      pac: this.deps.pac,
      periodicity: this.deps.periodicity,
      now: () => now,
    });
    const existing = await service.forPeriod(period);
    if (existing && existing.status !== 'stamping') return null;
    try {
      const issued = await service.issue(period);
      return issued;
    } catch (error) {
      if (error instanceof DomainError && error.reason === 'NO_ORDERS') return null;
      throw error;
    }
  }
}
