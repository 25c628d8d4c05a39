import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type DayRange,
  DEFAULT_GLOBAL_INVOICE_PERIODICITY,
  globalInvoiceRangeProblems,
  type GlobalInvoicePeriodicity,
  INVOICING_OFF_MESSAGES,
  mexicoCityDayStart,
  nextDay,
} from '@tienda/rules';
import { conflict, DomainError, badInput, notFound, refuseFirst } from '../shared/errors.js';
import { withTransaction } from '../shared/transaction.js';
import { includedIvaCents, IVA_RATE, PAYMENT_FORMS } from './cfdi.js';
import { INVOICE_MESSAGES, type InvoiceFile, type InvoiceStatus } from './invoice.service.js';
import { PacError, type Pac, type PacInvoiceBody } from './pac.js';

export const GLOBAL_INVOICE_SERVICE_MESSAGES = {
  noOrders: 'No hay pedidos pagados sin facturar en ese periodo',
  notFound: 'Factura global no encontrada',
  pacRefused: (message: string) =>
    `El servicio de facturación rechazó la factura global: ${message.replace(/[.\s]+$/, '')}. Sus pedidos quedan libres para intentarlo de nuevo.`,
} as const;

/** The receiver of every global invoice: the public in general (SAT's generic RFC). */
export const PUBLIC_RECEIVER = {
  legalName: 'PUBLICO EN GENERAL',
  rfc: 'XAXX010101000',
  taxSystem: '616',
  use: 'S01',
} as const;
/** c_ClaveProdServ and c_ClaveUnidad the SAT asks of a global invoice's concepts. */
export const GLOBAL_PRODUCT_KEY = '01010101';
export const GLOBAL_UNIT_KEY = 'ACT';

export interface GlobalInvoiceView {
  id: number;
  status: InvoiceStatus;
  uuid: string | null;
  from: string;
  to: string;
  periodicity: GlobalInvoicePeriodicity;
  totalCents: number | null;
  taxCents: number | null;
  orderIds: number[];
  stampedAt: Date | null;
}

interface GlobalRow {
  id: number;
  status: InvoiceStatus;
  uuid: string | null;
  idempotency_key: string;
  period_from: string;
  period_to: string;
  periodicity: GlobalInvoicePeriodicity;
  total_cents: number | null;
  tax_cents: number | null;
  stamped_at: Date | string | null;
  order_ids: number[];
}

const COLUMNS = `i.id, i.status, i.uuid, i.idempotency_key, to_char(i.period_from, 'YYYY-MM-DD') as period_from,
  to_char(i.period_to, 'YYYY-MM-DD') as period_to, i.periodicity, i.total_cents, i.tax_cents, i.stamped_at,
  coalesce((select array_agg(io.order_id order by io.order_id) from invoice_order io
             where io.invoice_id = i.id), '{}') as order_ids`;

const toView = (r: GlobalRow): GlobalInvoiceView => ({
  id: r.id,
  status: r.status,
  uuid: r.uuid,
  from: r.period_from,
  to: r.period_to,
  periodicity: r.periodicity,
  totalCents: r.total_cents,
  taxCents: r.tax_cents,
  orderIds: r.order_ids.map(Number),
  stampedAt: r.stamped_at === null ? null : new Date(r.stamped_at),
});

interface ClaimedOrder {
  order_id: number;
  total_cents: number;
  method: string | null;
}

/**
 * The global invoice (issue 25 item 5): the paid orders of a period (paid_at within its Mexico
 * City days) that are not cancelled, not invoiced individually and in no global invoice, stamped
 * by the PAC as ONE CFDI to the public in general (XAXX010101000, 'PUBLICO EN GENERAL', 616, S01,
 * the issuer's zip: the PAC organisation's), with its InformacionGlobal and one concept per order
 * (its total, IVA included). Exactly once across instances: the claim runs under an advisory lock
 * per period, locks the orders' rows and lists them in `invoice_order` (order_id unique), and
 * every try of the stamp sends the PAC the claim's idempotency key. Admin only (its doors say so);
 * the worker (`global-invoice-worker.ts`) calls it for the period that just closed.
 */
export class GlobalInvoiceService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: {
      pac: Pac | null;
      periodicity: () => GlobalInvoicePeriodicity;
      now?: () => Date;
    },
  ) {}

  /** False when the shop has no PAC (no FACTURAPI_KEY): nothing can be stamped. */
  get available(): boolean {
    return this.deps.pac !== null;
  }

  async list(limit = 50): Promise<GlobalInvoiceView[]> {
    const rows = await this.em.execute<GlobalRow[]>(
      `select ${COLUMNS} from invoice i where i.kind = 'global'
        order by i.period_from desc, i.id desc limit ?`,
      [limit],
    );
    return rows.map(toView);
  }

  async get(id: number): Promise<GlobalInvoiceView> {
    const [row] = await this.em.execute<GlobalRow[]>(
      `select ${COLUMNS} from invoice i where i.kind = 'global' and i.id = ?`,
      [id],
    );
    if (!row) throw notFound(GLOBAL_INVOICE_SERVICE_MESSAGES.notFound, 'NO_INVOICE');
    return toView(row);
  }

  /** The live global invoice of exactly this period, if any. */
  async forPeriod(range: DayRange): Promise<GlobalInvoiceView | null> {
    const [row] = await this.em.execute<GlobalRow[]>(
      `select ${COLUMNS} from invoice i where i.kind = 'global' and i.status <> 'cancelled'
          and i.period_from = ?::date and i.period_to = ?::date`,
      [range.from, range.to],
    );
    return row ? toView(row) : null;
  }

  async file(
    id: number,
    kind: InvoiceFile,
  ): Promise<{ filename: string; contentType: string; content: Buffer }> {
    const [row] = await this.em.execute<{ content: Buffer | null; period_from: string }[]>(
      `select i.${kind === 'pdf' ? 'pdf' : 'xml'} as content,
              to_char(i.period_from, 'YYYY-MM-DD') as period_from
         from invoice i where i.kind = 'global' and i.id = ?`,
      [id],
    );
    if (!row?.content) throw notFound(GLOBAL_INVOICE_SERVICE_MESSAGES.notFound, 'NO_INVOICE');
    return {
      filename: `factura-global-${id}.${kind}`,
      contentType: kind === 'pdf' ? 'application/pdf' : 'application/xml',
      content: row.content,
    };
  }

  /**
   * Issues the global invoice of a closed range (Mexico City days, both included), or answers
   * the one it already has. 400 for a range that is not closed, inverted or longer than a month;
   * 409 when there is nothing to invoice or invoicing is off; 503 when the PAC does not answer
   * (the claim stays: the next try stamps it with the same key).
   */
  async issue(range: DayRange): Promise<GlobalInvoiceView> {
    // Off first: no range could be stamped, so the admin is told why before any detail.
    const pac = this.deps.pac;
    if (!pac) throw conflict(INVOICING_OFF_MESSAGES.admin, undefined, 'INVOICING_OFF');
    refuseFirst(globalInvoiceRangeProblems(range, this.now()));
    const periodicity = this.deps.periodicity() ?? DEFAULT_GLOBAL_INVOICE_PERIODICITY;

    const claim = await withTransaction(this.em, async (tx) => {
      // One claim per period at a time, across instances.
      await tx.execute(`select pg_advisory_xact_lock(hashtext(?))`, [
        `factura-global:${range.from}:${range.to}`,
      ]);
      const [live] = await tx.execute<GlobalRow[]>(
        `select ${COLUMNS} from invoice i where i.kind = 'global' and i.status <> 'cancelled'
            and i.period_from = ?::date and i.period_to = ?::date`,
        [range.from, range.to],
      );
      if (live) return live;
      const [row] = await tx.execute<GlobalRow[]>(
        `insert into invoice as i (kind, idempotency_key, receiver, period_from, period_to, periodicity)
           values ('global', ?, ?::jsonb, ?::date, ?::date, ?)
         returning ${COLUMNS}`,
        [
          `global-${range.from}-${range.to}-${randomUUID()}`,
          JSON.stringify({
            rfc: PUBLIC_RECEIVER.rfc,
            legalName: PUBLIC_RECEIVER.legalName,
            taxRegime: PUBLIC_RECEIVER.taxSystem,
            cfdiUse: PUBLIC_RECEIVER.use,
            postalCode: '',
          }),
          range.from,
          range.to,
          periodicity,
        ],
      );
      // The orders: locked (an individual 'Facturar mi compra' of one of them waits for this
      // transaction, then finds it listed), each listed once whatever else runs at once. Locked
      // by a statement of their own first: a statement sees the rows committed when it began,
      // so the listing below, begun once the locks are held, sees the ingreso of an individual
      // claim that held an order's lock until just now (in one statement, its `not exists`
      // would read the older snapshot and list that order as well).
      const paidWithin = [mexicoCityDayStart(range.from), mexicoCityDayStart(nextDay(range.to))];
      await tx.execute(
        `select o.id from shop_order o
          where o.paid_at >= ? and o.paid_at < ? and o.status !~* '^cancelado' and o.total_cents > 0
          order by o.id
          for no key update of o`,
        paidWithin,
      );
      const claimed = await tx.execute<{ order_id: number }[]>(
        `insert into invoice_order (invoice_id, order_id, total_cents)
         select ?, o.id, o.total_cents from shop_order o
          where o.paid_at >= ? and o.paid_at < ? and o.status !~* '^cancelado' and o.total_cents > 0
            and not exists (select 1 from invoice x where x.order_id = o.id
                              and x.kind = 'ingreso' and x.status <> 'cancelled')
          order by o.id
          for no key update of o
         on conflict (order_id) do nothing
         returning order_id`,
        [row!.id, ...paidWithin],
      );
      if (claimed.length === 0) {
        await tx.execute(`delete from invoice where id = ?`, [row!.id]);
        return null;
      }
      const [withOrders] = await tx.execute<GlobalRow[]>(
        `select ${COLUMNS} from invoice i where i.id = ?`,
        [row!.id],
      );
      return withOrders!;
    });
    if (!claim) throw conflict(GLOBAL_INVOICE_SERVICE_MESSAGES.noOrders, undefined, 'NO_ORDERS');
    if (claim.status !== 'stamping') return toView(claim);

    const orders = await this.em.execute<ClaimedOrder[]>(
      `select io.order_id, io.total_cents,
              (select pm.method from payment pm where pm.order_id = io.order_id
                  and pm.state = 'approved' order by pm.id desc limit 1) as method
         from invoice_order io where io.invoice_id = ? order by io.order_id`,
      [claim.id],
    );
    const totalCents = orders.reduce((sum, o) => sum + o.total_cents, 0);
    const taxCents = orders.reduce((sum, o) => sum + includedIvaCents(o.total_cents), 0);

    let stamped;
    let pdf: Buffer;
    let xml: Buffer;
    try {
      const zip = await pac.issuerZip();
      const body = globalCfdiBody(claim, orders, zip);
      stamped = await pac.createInvoice(body);
      [pdf, xml] = await Promise.all([pac.downloadPdf(stamped.id), pac.downloadXml(stamped.id)]);
    } catch (error) {
      if (error instanceof PacError && error.refused) {
        // Refused for good: the claim goes and its orders are free again.
        await this.em.execute(`delete from invoice where id = ? and status = 'stamping'`, [
          claim.id,
        ]);
        throw badInput(
          GLOBAL_INVOICE_SERVICE_MESSAGES.pacRefused(error.message),
          undefined,
          'PAC_REFUSED',
        );
      }
      throw new DomainError('SERVICE_UNAVAILABLE', INVOICE_MESSAGES.pacDown, {}, 'PAC_UNAVAILABLE');
    }
    await this.em.execute(
      `update invoice set status = 'valid', pac_id = ?, uuid = ?, payment_form = ?,
          subtotal_cents = ?, discount_cents = 0, tax_cents = ?, total_cents = ?,
          pdf = ?, xml = ?, stamped_at = now()
        where id = ? and status = 'stamping'`,
      [
        stamped.id,
        stamped.uuid,
        paymentFormOf(orders),
        totalCents - taxCents,
        taxCents,
        totalCents,
        pdf,
        xml,
        claim.id,
      ],
    );
    return this.get(claim.id);
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }
}

/** The payment form of the most money among the orders (a CFDI names one). */
function paymentFormOf(orders: readonly ClaimedOrder[]): string {
  const byForm = new Map<string, number>();
  for (const o of orders) {
    const form = PAYMENT_FORMS[o.method ?? 'transfer'] ?? '03';
    byForm.set(form, (byForm.get(form) ?? 0) + o.total_cents);
  }
  return [...byForm.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
}

/** Facturapi's body of a global invoice: the public in general, InformacionGlobal, one concept per order. */
export function globalCfdiBody(
  claim: Pick<GlobalRow, 'id' | 'idempotency_key' | 'period_from' | 'period_to' | 'periodicity'>,
  orders: readonly ClaimedOrder[],
  issuerZip: string,
): PacInvoiceBody {
  return {
    customer: {
      legal_name: PUBLIC_RECEIVER.legalName,
      tax_id: PUBLIC_RECEIVER.rfc,
      tax_system: PUBLIC_RECEIVER.taxSystem,
      address: { zip: issuerZip },
    },
    global: {
      periodicity: claim.periodicity,
      months: claim.period_from.slice(5, 7),
      year: Number(claim.period_from.slice(0, 4)),
    },
    items: orders.map((o) => ({
      quantity: 1,
      discount: 0,
      product: {
        description: 'Venta',
        sku: `pedido-${o.order_id}`,
        product_key: GLOBAL_PRODUCT_KEY,
        unit_key: GLOBAL_UNIT_KEY,
        price: o.total_cents / 100,
        tax_included: true,
        taxes: [{ type: 'IVA', rate: IVA_RATE as 0.16 }],
      },
    })),
    use: PUBLIC_RECEIVER.use,
    payment_form: paymentFormOf(orders),
    payment_method: 'PUE',
    idempotency_key: claim.idempotency_key,
    external_id: `global-${claim.period_from}-${claim.period_to}`,
  };
}
