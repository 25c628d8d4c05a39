import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type FiscalValues, INVOICING_OFF_MESSAGES } from '@tienda/rules';
import { type Actor, assertSelfOrAdmin, checkAccess } from '../accounts/access.js';
import type { MailQueue } from '../mail/outbox.js';
import { parseAdjustments } from '../orders/order-adjustments.js';
import { badInput, conflict, DomainError, notFound } from '../shared/errors.js';
import { placeholders } from '../shared/sql.js';
import { withTransaction } from '../shared/transaction.js';
import { buildCfdi, type CfdiDraft, type InvoiceOrder } from './cfdi.js';
import { SUBSTITUTION_MOTIVE, cancelInvoice } from './invoice-canceller.js';
import { PacError, type Pac, type PacInvoice } from './pac.js';
import { defaultSatKeys } from './sat-keys.js';

export const INVOICE_MESSAGES = {
  off: INVOICING_OFF_MESSAGES.customer,
  orderNotFound: 'Pedido no encontrado',
  notPaid: 'Solo se pueden facturar pedidos pagados',
  cancelled: 'Este pedido está cancelado, así que ya no se puede facturar',
  noFiscalData: 'Guarda tus datos fiscales en «Mi cuenta» antes de facturar',
  noInvoice: 'Este pedido aún no tiene factura',
  inGlobalInvoice: (from: string, to: string) =>
    `Este pedido ya se incluyó en la factura global de la tienda del periodo ${from} al ${to} (a público en general), así que ya no se puede facturar a tu nombre`,
  pacRefused: (message: string) =>
    `El servicio de facturación rechazó la factura: ${message.replace(/[.\s]+$/, '')}. Revisa tus datos fiscales en «Mi cuenta» e inténtalo de nuevo.`,
  busy: 'La factura de este pedido se está timbrando; intenta de nuevo en un momento.',
  cancelling: 'La factura de este pedido está en cancelación, así que ya no se puede corregir',
  nothingToCorrect:
    'Tus datos fiscales son los mismos de la factura. Corrígelos en «Mi cuenta» y vuelve a intentarlo.',
  cfdiNotFound: 'Comprobante no encontrado',
  pacDown:
    'No pudimos comunicarnos con el servicio de facturación. Intenta de nuevo en unos minutos.',
} as const;

/** The CFDI's states, as the shop keeps them (`invoice.status`). */
export type InvoiceStatus = 'stamping' | 'valid' | 'cancelling' | 'cancelled' | 'skipped';
/** 'ingreso': the customer's invoice of the order; 'egreso': a refunded return's credit note. */
export type InvoiceKind = 'ingreso' | 'egreso';
export type InvoiceFile = 'pdf' | 'xml';

/** An order's invoice as its owner and the admin see it. */
export interface InvoiceView {
  id: number;
  orderId: number;
  kind: InvoiceKind;
  status: InvoiceStatus;
  uuid: string | null;
  receiver: FiscalValues;
  paymentForm: string | null;
  totalCents: number | null;
  taxCents: number | null;
  stampedAt: Date | null;
  cancelledAt: Date | null;
  cancelMotive: string | null;
  cancelError: string | null;
  /** An egreso's return (`order_return`). */
  returnId: number | null;
  /** The UUID of the CFDI an egreso corrects (relationship 01), or a substitute replaced (04). */
  relatedUuid: string | null;
  /** A corrected ingreso's substitute (cancelled with motive 01 naming it). */
  substitutedByUuid: string | null;
  /** Why an egreso was not stamped ('skipped'). */
  skipReason: string | null;
}

interface InvoiceRow {
  id: number;
  order_id: number;
  kind: InvoiceKind;
  status: InvoiceStatus;
  idempotency_key: string;
  uuid: string | null;
  receiver: FiscalValues | string;
  payment_form: string | null;
  total_cents: number | null;
  tax_cents: number | null;
  stamped_at: Date | string | null;
  cancelled_at: Date | string | null;
  cancel_motive: string | null;
  cancel_error: string | null;
  return_id: number | null;
  skip_reason: string | null;
  related_invoice_id: number | null;
  related_uuid?: string | null;
  substituted_by_uuid?: string | null;
}

const COLUMNS = `i.id, i.order_id, i.kind, i.status, i.idempotency_key, i.uuid, i.receiver,
  i.payment_form, i.total_cents, i.tax_cents, i.stamped_at, i.cancelled_at, i.cancel_motive,
  i.cancel_error, i.return_id, i.skip_reason, i.related_invoice_id`;
/** COLUMNS and the UUIDs of the related and substitute CFDIs (a select from `invoice i`). */
const LIST_COLUMNS = `${COLUMNS},
  (select r.uuid from invoice r where r.id = i.related_invoice_id) as related_uuid,
  (select r.uuid from invoice r where r.id = i.substituted_by_id) as substituted_by_uuid`;

const sameReceiver = (a: FiscalValues, b: FiscalValues) =>
  a.rfc === b.rfc &&
  a.legalName === b.legalName &&
  a.taxRegime === b.taxRegime &&
  a.cfdiUse === b.cfdiUse &&
  a.postalCode === b.postalCode;

const date = (value: Date | string | null) => (value === null ? null : new Date(value));
const receiverOf = (value: FiscalValues | string): FiscalValues =>
  typeof value === 'string' ? (JSON.parse(value) as FiscalValues) : value;

const toView = (r: InvoiceRow): InvoiceView => ({
  id: r.id,
  orderId: r.order_id,
  kind: r.kind,
  status: r.status,
  uuid: r.uuid,
  receiver: receiverOf(r.receiver),
  paymentForm: r.payment_form,
  totalCents: r.total_cents,
  taxCents: r.tax_cents,
  stampedAt: date(r.stamped_at),
  cancelledAt: date(r.cancelled_at),
  cancelMotive: r.cancel_motive,
  cancelError: r.cancel_error,
  returnId: r.return_id,
  relatedUuid: r.related_uuid ?? null,
  substitutedByUuid: r.substituted_by_uuid ?? null,
  skipReason: r.skip_reason,
});

/** The order's live ingreso (not cancelled), or its latest one. */
const LATEST_INGRESO = `select ${LIST_COLUMNS} from invoice i
   where i.order_id = ? and i.kind = 'ingreso'
   order by (i.status <> 'cancelled') desc, i.id desc limit 1`;

interface OrderHead {
  id: number;
  user_id: number;
  status: string;
  paid: boolean;
  total_cents: number;
  shipping_cents: number;
  email: string;
  name: string;
}

/**
 * 'Facturar mi compra' (issue 25 items 2–4): an order's CFDI *ingreso*, stamped by the PAC
 * (`pac.ts`), kept in `invoice` (Migration20261127200100Invoices) with its PDF and XML, and
 * e-mailed with both attached. The order is the idempotency key: one live ingreso per order
 * (a partial unique index), and every try of it sends the PAC the same key, so two clicks or two
 * instances at once give one stamp. A customer reaches only their own orders' invoices.
 */
export class InvoiceService {
  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor,
    private readonly deps: { pac: Pac | null; mail: MailQueue },
  ) {}

  get enabled(): boolean {
    return this.deps.pac !== null;
  }

  /** The order's invoice (its live one, else its last cancelled one), or null: none yet. */
  async forOrder(orderId: number): Promise<InvoiceView | null> {
    await this.orderHead(orderId);
    const [row] = await this.em.execute<InvoiceRow[]>(LATEST_INGRESO, [orderId]);
    return row ? toView(row) : null;
  }

  /**
   * The invoices of these orders, for per-request loaders ('Mis pedidos', the admin's list): one
   * statement; an order the actor may not read has none.
   */
  async forOrders(orderIds: readonly number[]): Promise<(InvoiceView | null)[]> {
    const user = this.actor.user;
    if (orderIds.length === 0 || !user) return orderIds.map(() => null);
    const admin = user.role === 'admin';
    const rows = await this.em.execute<InvoiceRow[]>(
      `select distinct on (i.order_id) ${LIST_COLUMNS}
         from invoice i join shop_order o on o.id = i.order_id
        where i.kind = 'ingreso' and i.order_id in (${placeholders(orderIds.length)})
          ${admin ? '' : 'and o.user_id = ?'}
        order by i.order_id, (i.status <> 'cancelled') desc, i.id desc`,
      admin ? [...orderIds] : [...orderIds, user.id],
    );
    const byOrder = new Map(rows.map((r) => [r.order_id, toView(r)]));
    return orderIds.map((id) => byOrder.get(id) ?? null);
  }

  /** The stamped PDF or XML of the order's invoice, for its owner or an admin. */
  async file(
    orderId: number,
    kind: InvoiceFile,
  ): Promise<{ filename: string; contentType: string; content: Buffer }> {
    await this.orderHead(orderId);
    const [row] = await this.em.execute<{ uuid: string | null; content: Buffer | null }[]>(
      `select i.uuid, i.${kind === 'pdf' ? 'pdf' : 'xml'} as content from invoice i
        where i.order_id = ? and i.kind = 'ingreso' and i.status <> 'stamping'
        order by (i.status <> 'cancelled') desc, i.id desc limit 1`,
      [orderId],
    );
    if (!row?.content) throw notFound(INVOICE_MESSAGES.noInvoice, 'NO_INVOICE');
    return {
      filename: `factura-pedido-${orderId}.${kind}`,
      contentType: kind === 'pdf' ? 'application/pdf' : 'application/xml',
      content: row.content,
    };
  }

  /**
   * Stamps the order's CFDI, or answers the one it already has. Only a paid order that is not
   * cancelled, with its owner's fiscal data saved; the PAC's refusal comes back in Spanish.
   */
  async issue(orderId: number): Promise<InvoiceView> {
    const pac = this.deps.pac;
    const order = await this.orderHead(orderId);
    const [live] = await this.em.execute<InvoiceRow[]>(
      `select ${COLUMNS} from invoice i
        where i.order_id = ? and i.kind = 'ingreso' and i.status <> 'cancelled'
          and i.substituted_by_id is null`,
      [orderId],
    );
    if (live && live.status !== 'stamping') return toView(live);
    if (!pac) throw conflict(INVOICE_MESSAGES.off, undefined, 'INVOICING_OFF');
    if (/^cancelado/i.test(order.status)) {
      throw conflict(INVOICE_MESSAGES.cancelled, undefined, 'ORDER_CANCELLED');
    }
    if (!order.paid) throw conflict(INVOICE_MESSAGES.notPaid, undefined, 'ORDER_NOT_PAID');
    await this.refuseIfInGlobal(orderId, this.em);

    let claim = live;
    if (!claim) {
      const receiver = await this.fiscalDataOf(order.user_id);
      // The claim: one live ingreso per order. A second request (or instance) finds this row
      // and sends the PAC the same key, so it stamps once. The order's row is locked, so a
      // global invoice claiming it at once either lists it first (refused here) or waits.
      // `for no key update`, not `for update`: it still excludes the global invoice's same lock,
      // but not the key-share lock a foreign key check takes, so a request recording its stamp
      // (its e-mail row points at the order) never deadlocks with a second click claiming here.
      const row = await withTransaction(this.em, async (tx) => {
        await tx.execute(`select id from shop_order where id = ? for no key update`, [orderId]);
        await this.refuseIfInGlobal(orderId, tx);
        const [inserted] = await tx.execute<InvoiceRow[]>(
          `insert into invoice as i (kind, order_id, idempotency_key, receiver)
           values ('ingreso', ?, ?, ?::jsonb)
         on conflict (order_id)
           where kind = 'ingreso' and status <> 'cancelled' and substituted_by_id is null
           do nothing
         returning ${COLUMNS}`,
          [orderId, `pedido-${orderId}-${randomUUID()}`, JSON.stringify(receiver)],
        );
        return inserted;
      });
      [claim] = row
        ? [row]
        : await this.em.execute<InvoiceRow[]>(
            `select ${COLUMNS} from invoice i
              where i.order_id = ? and i.kind = 'ingreso' and i.status <> 'cancelled'
          and i.substituted_by_id is null`,
            [orderId],
          );
      if (!claim) throw conflict(INVOICE_MESSAGES.pacDown, undefined, 'INVOICE_BUSY');
      if (claim.status !== 'stamping') return toView(claim);
    }

    return this.stamp(pac, order, claim);
  }

  /**
   * 'Corregir factura' (issue 25 item 4): the order's invoice was stamped with fiscal data the
   * customer has since corrected in «Mi cuenta»; the shop stamps a new ingreso with the current
   * data, related to the old one with relationship 04 (sustitución), then cancels the old one with
   * motive 01 naming its substitute. In one transaction with the order's row locked, the old row
   * points at the new claim (`substituted_by_id`, leaving the one-live-ingreso index for it), so
   * two clicks or instances give one new stamp: the second finds the claim (the same PAC key) or,
   * once stamped, data that no longer differ. A PAC refusal puts the old invoice back as it was.
   */
  async substitute(orderId: number): Promise<InvoiceView> {
    const pac = this.deps.pac;
    const order = await this.orderHead(orderId);
    if (!pac) throw conflict(INVOICE_MESSAGES.off, undefined, 'INVOICING_OFF');
    if (/^cancelado/i.test(order.status)) {
      throw conflict(INVOICE_MESSAGES.cancelled, undefined, 'ORDER_CANCELLED');
    }
    const claim = await withTransaction(this.em, async (tx) => {
      await tx.execute(`select id from shop_order where id = ? for no key update`, [orderId]);
      const [live] = await tx.execute<InvoiceRow[]>(
        `select ${COLUMNS} from invoice i
          where i.order_id = ? and i.kind = 'ingreso' and i.status <> 'cancelled'
            and i.substituted_by_id is null`,
        [orderId],
      );
      if (!live) throw conflict(INVOICE_MESSAGES.noInvoice, undefined, 'NO_INVOICE');
      if (live.status === 'stamping') {
        if (live.related_invoice_id !== null) return live; // A substitution under way: go on.
        throw conflict(INVOICE_MESSAGES.busy, undefined, 'INVOICE_BUSY');
      }
      if (live.status !== 'valid') {
        throw conflict(INVOICE_MESSAGES.cancelling, undefined, 'INVOICE_CANCELLING');
      }
      const receiver = await this.fiscalDataOf(order.user_id);
      if (sameReceiver(receiverOf(live.receiver), receiver)) {
        // Nothing to correct (also the second click, once the first one stamped).
        if (live.related_invoice_id !== null) return live;
        throw conflict(INVOICE_MESSAGES.nothingToCorrect, undefined, 'NOTHING_TO_CORRECT');
      }
      const [next] = await tx.execute<{ id: number }[]>(
        `select nextval(pg_get_serial_sequence('invoice', 'id'))::integer as id`,
      );
      // The old row leaves the live index first; its foreign key to the new one is checked at
      // commit (deferred), when the new row exists.
      await tx.execute(`update invoice set substituted_by_id = ? where id = ?`, [
        next!.id,
        live.id,
      ]);
      const [inserted] = await tx.execute<InvoiceRow[]>(
        `insert into invoice as i (id, kind, order_id, related_invoice_id, idempotency_key, receiver)
         values (?, 'ingreso', ?, ?, ?, ?::jsonb)
         returning ${COLUMNS}`,
        [
          next!.id,
          orderId,
          live.id,
          `pedido-${orderId}-sustituye-${live.id}`,
          JSON.stringify(receiver),
        ],
      );
      return inserted!;
    });
    if (claim.status !== 'stamping') {
      await this.cancelSubstituted(pac, claim);
      return this.view(claim.id);
    }
    return this.stamp(pac, order, claim);
  }

  /**
   * Stamps a claimed ingreso (a substitute relates the one it replaces with 04, which is then
   * cancelled with motive 01), records it and e-mails it; answers it as recorded.
   */
  private async stamp(pac: Pac, order: OrderHead, claim: InvoiceRow): Promise<InvoiceView> {
    const orderId = order.id;
    const receiver = receiverOf(claim.receiver);
    const draft = buildCfdi(await invoiceOrderOf(this.em, order), receiver, order.email);
    const [replaced] =
      claim.related_invoice_id === null
        ? []
        : await this.em.execute<{ uuid: string }[]>(`select uuid from invoice where id = ?`, [
            claim.related_invoice_id,
          ]);
    const body = replaced
      ? {
          ...draft.body,
          related_documents: [{ relationship: '04' as const, documents: [replaced.uuid] }],
        }
      : draft.body;
    let stamped;
    let pdf: Buffer;
    let xml: Buffer;
    try {
      stamped = await pac.createInvoice({ ...body, idempotency_key: claim.idempotency_key });
      [pdf, xml] = await Promise.all([pac.downloadPdf(stamped.id), pac.downloadXml(stamped.id)]);
    } catch (error) {
      if (error instanceof PacError && error.refused) {
        // Refused for good: the claim goes (a replaced invoice is live again), so corrected
        // fiscal data makes a new invoice.
        // The claim leaves the live index before the old one comes back to it (the old one's
        // foreign key to the claim is checked at commit, when it no longer points there).
        await withTransaction(this.em, async (tx) => {
          const [gone] = await tx.execute<{ id: number }[]>(
            `delete from invoice where id = ? and status = 'stamping' returning id`,
            [claim.id],
          );
          if (!gone) return;
          await tx.execute(
            `update invoice set substituted_by_id = null
              where substituted_by_id = ? and status <> 'cancelled'`,
            [claim.id],
          );
        });
        throw badInput(INVOICE_MESSAGES.pacRefused(error.message), undefined, 'PAC_REFUSED');
      }
      throw new DomainError('SERVICE_UNAVAILABLE', INVOICE_MESSAGES.pacDown, {}, 'PAC_UNAVAILABLE');
    }

    const claimId = claim.id;
    const done = stamped;
    await withTransaction(this.em, async (tx) => {
      // Only the request that recorded the stamp writes the e-mail: one message per invoice.
      if (!(await recordStamp(tx, claimId, done, draft, pdf, xml))) return;
      await this.deps.mail.enqueue(tx, [
        {
          eventKey: `invoice:${claimId}:issued`,
          recipient: order.email,
          orderId,
          userId: order.user_id,
          message: {
            kind: 'invoice-issued',
            props: {
              orderId,
              uuid: done.uuid,
              rfc: receiver.rfc,
              legalName: receiver.legalName,
              totalCents: draft.totalCents,
              name: order.name,
            },
          },
          attachments: [
            {
              filename: `factura-pedido-${orderId}.pdf`,
              contentType: 'application/pdf',
              content: pdf,
            },
            {
              filename: `factura-pedido-${orderId}.xml`,
              contentType: 'application/xml',
              content: xml,
            },
          ],
        },
      ]);
    });
    if (replaced) await this.cancelSubstituted(pac, claim);
    return this.view(claimId);
  }

  /**
   * The invoice a stamped substitute replaces, cancelled with motive 01 naming it (once: the row
   * locked, only while 'valid' or 'cancelling'). A PAC refusal stays on the row for the admin.
   */
  private async cancelSubstituted(pac: Pac, substitute: { id: number }): Promise<void> {
    await withTransaction(this.em, async (tx) => {
      const [pair] = await tx.execute<{ id: number; pac_id: string; substitute_pac_id: string }[]>(
        `select o.id, o.pac_id, n.pac_id as substitute_pac_id
           from invoice o join invoice n on n.id = o.substituted_by_id
          where o.substituted_by_id = ? and o.status in ('valid', 'cancelling')
            and n.status = 'valid'
          for update of o`,
        [substitute.id],
      );
      if (!pair) return;
      await cancelInvoice(tx, pac, pair, SUBSTITUTION_MOTIVE, pair.substitute_pac_id);
    });
  }

  private async view(invoiceId: number): Promise<InvoiceView> {
    const [row] = await this.em.execute<InvoiceRow[]>(
      `select ${LIST_COLUMNS} from invoice i where i.id = ?`,
      [invoiceId],
    );
    return toView(row!);
  }

  /**
   * Every CFDI of these orders (ingresos, also cancelled or substituted, and the credit notes of
   * their returns), oldest first, for the per-request loader of 'Mis pedidos' and the admin's
   * order: one statement; an order the actor may not read has none.
   */
  async cfdisOf(orderIds: readonly number[]): Promise<InvoiceView[][]> {
    const user = this.actor.user;
    if (orderIds.length === 0 || !user) return orderIds.map(() => []);
    const admin = user.role === 'admin';
    const rows = await this.em.execute<InvoiceRow[]>(
      `select ${LIST_COLUMNS}
         from invoice i join shop_order o on o.id = i.order_id
        where i.kind in ('ingreso', 'egreso') and i.order_id in (${placeholders(orderIds.length)})
          ${admin ? '' : 'and o.user_id = ?'}
        order by i.order_id, i.id`,
      admin ? [...orderIds] : [...orderIds, user.id],
    );
    const byOrder = new Map<number, InvoiceView[]>();
    for (const row of rows) {
      const list = byOrder.get(row.order_id) ?? [];
      list.push(toView(row));
      byOrder.set(row.order_id, list);
    }
    return orderIds.map((id) => byOrder.get(id) ?? []);
  }

  /**
   * One CFDI's stamped PDF or XML by its id (a credit note, a replaced invoice): for the owner of
   * its order or an admin; a global invoice, only an admin.
   */
  async fileOf(
    invoiceId: number,
    kind: InvoiceFile,
  ): Promise<{ filename: string; contentType: string; content: Buffer }> {
    const [row] = await this.em.execute<
      {
        kind: string;
        order_id: number | null;
        return_id: number | null;
        user_id: number | null;
        content: Buffer | null;
      }[]
    >(
      `select i.kind, i.order_id, i.return_id, o.user_id, i.${kind === 'pdf' ? 'pdf' : 'xml'} as content
         from invoice i left join shop_order o on o.id = i.order_id where i.id = ?`,
      [invoiceId],
    );
    if (!row) throw notFound(INVOICE_MESSAGES.cfdiNotFound, 'NO_INVOICE');
    if (row.user_id === null) checkAccess(this.actor.user, 'admin');
    else assertSelfOrAdmin(this.actor.user, row.user_id);
    if (!row.content) throw notFound(INVOICE_MESSAGES.cfdiNotFound, 'NO_INVOICE');
    const name =
      row.kind === 'egreso'
        ? `nota-credito-devolucion-${row.return_id}`
        : row.kind === 'global'
          ? `factura-global-${invoiceId}`
          : `factura-pedido-${row.order_id}-${invoiceId}`;
    return {
      filename: `${name}.${kind}`,
      contentType: kind === 'pdf' ? 'application/pdf' : 'application/xml',
      content: row.content,
    };
  }

  /** 409 when the order is listed in a global invoice (it can be invoiced once). */
  private async refuseIfInGlobal(orderId: number, em: EntityManager): Promise<void> {
    const [global] = await em.execute<{ from: string; to: string }[]>(
      `select to_char(i.period_from, 'DD/MM/YYYY') as "from", to_char(i.period_to, 'DD/MM/YYYY') as "to"
         from invoice_order io join invoice i on i.id = io.invoice_id where io.order_id = ?`,
      [orderId],
    );
    if (global) {
      throw conflict(
        INVOICE_MESSAGES.inGlobalInvoice(global.from, global.to),
        undefined,
        'IN_GLOBAL_INVOICE',
      );
    }
  }

  /** The order, for its owner or an admin (another customer's: FORBIDDEN, like the order). */
  private async orderHead(orderId: number): Promise<OrderHead> {
    const [order] = await this.em.execute<OrderHead[]>(
      `select o.id, o.user_id, o.status, o.paid_at is not null as paid, o.total_cents,
              o.shipping_cents, u.email, u.name
         from shop_order o join app_user u on u.id = o.user_id where o.id = ?`,
      [orderId],
    );
    if (!order) throw notFound(INVOICE_MESSAGES.orderNotFound);
    assertSelfOrAdmin(this.actor.user, order.user_id);
    return order;
  }

  private async fiscalDataOf(userId: number): Promise<FiscalValues> {
    const [row] = await this.em.execute<FiscalValues[]>(
      `select rfc, legal_name as "legalName", tax_regime as "taxRegime", cfdi_use as "cfdiUse",
              postal_code as "postalCode"
         from fiscal_data where user_id = ?`,
      [userId],
    );
    if (!row) throw badInput(INVOICE_MESSAGES.noFiscalData, undefined, 'NO_FISCAL_DATA');
    return row;
  }
}

interface InvoiceLineRow {
  id: number;
  productName: string;
  size: string;
  quantity: number;
  unitPriceCents: number;
  typeName: string | null;
  productKey: string | null;
  unitKey: string | null;
}

/** The order as stored: lines with their type's SAT keys, adjustments, the payment's method. */
/**
 * Records a claimed CFDI's stamp (an ingreso or a credit note): the row leaves 'stamping' with the
 * PAC's id and UUID, the figures and both files. False when another request or run recorded it
 * first, so only one of them writes the e-mail.
 */
export async function recordStamp(
  tx: EntityManager,
  claimId: number,
  stamped: PacInvoice,
  draft: CfdiDraft,
  pdf: Buffer,
  xml: Buffer,
): Promise<boolean> {
  const [updated] = await tx.execute<{ id: number }[]>(
    `update invoice set status = 'valid', pac_id = ?, uuid = ?, payment_form = ?,
        subtotal_cents = ?, discount_cents = ?, tax_cents = ?, total_cents = ?,
        pdf = ?, xml = ?, stamped_at = now()
      where id = ? and status = 'stamping' returning id`,
    [
      stamped.id,
      stamped.uuid,
      draft.paymentForm,
      draft.subtotalCents,
      draft.discountCents,
      draft.taxCents,
      draft.totalCents,
      pdf,
      xml,
      claimId,
    ],
  );
  return updated !== undefined;
}

export async function invoiceOrderOf(
  em: EntityManager,
  order: { id: number; total_cents: number; shipping_cents: number },
): Promise<InvoiceOrder> {
  const [row] = await em.execute<
    {
      lines: InvoiceLineRow[] | string;
      adjustments: InvoiceOrder['adjustments'] | string;
      method: string | null;
    }[]
  >(
    `select
       coalesce((select jsonb_agg(jsonb_build_object('id', ol.id,
           'productName', ol.product_name, 'size', ol.size, 'quantity', ol.quantity,
           'unitPriceCents', ol.unit_price_cents, 'typeName', t.name,
           'productKey', s.product_key, 'unitKey', s.unit_key) order by ol.id)
          from order_line ol
          left join product p on p.id = ol.product_id
          left join product_type t on t.id = p.type_id
          left join product_type_sat s on s.type_id = p.type_id
         where ol.order_id = o.id), '[]'::jsonb) as lines,
       coalesce((select jsonb_agg(jsonb_build_object('code', a.code,
           'amountCents', a.amount_cents, 'lines', a.line_shares) order by a.id)
          from order_adjustment a where a.order_id = o.id), '[]'::jsonb) as adjustments,
       (select pm.method from payment pm where pm.order_id = o.id and pm.state = 'approved'
         order by pm.id desc limit 1) as method
       from shop_order o where o.id = ?`,
    [order.id],
  );
  const lines = parseAdjustments(row!.lines);
  return {
    id: order.id,
    totalCents: order.total_cents,
    shippingCents: order.shipping_cents,
    lines: lines.map((l) => ({
      id: l.id,
      productName: l.productName,
      size: l.size,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      keys:
        l.productKey && l.unitKey
          ? { productKey: l.productKey, unitKey: l.unitKey }
          : defaultSatKeys(l.typeName),
    })),
    adjustments: parseAdjustments(row!.adjustments),
    paymentMethod: row!.method,
  };
}
