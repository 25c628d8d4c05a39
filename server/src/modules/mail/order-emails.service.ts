import type { EntityManager } from '@mikro-orm/postgresql';
import { type Actor, checkAccess } from '../accounts/access.js';
import { AuditTrail } from '../audit/audit-trail.js';
import { notFound } from '../shared/errors.js';
import { withTransaction } from '../shared/transaction.js';
import { MAIL_TITLES, type MailKind } from './messages.js';

export const MAIL_MESSAGES = {
  notFound: 'Correo no encontrado',
} as const;

export type MailState = 'pending' | 'sent' | 'failed';

/** One e-mail of an order as the back office shows it. */
export interface OrderEmailView {
  id: number;
  kind: MailKind;
  title: string;
  recipient: string;
  status: MailState;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  /** When a pending message is tried next; null once sent or failed. */
  nextAttemptAt: Date | null;
}

interface OutboxRow {
  id: string;
  kind: MailKind;
  recipient: string;
  status: MailState;
  attempts: number;
  last_error: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
  next_attempt_at: Date | string;
}

const COLUMNS =
  'id, kind, recipient, status, attempts, last_error, created_at, sent_at, next_attempt_at';

const toView = (r: OutboxRow): OrderEmailView => ({
  id: Number(r.id),
  kind: r.kind,
  title: MAIL_TITLES[r.kind] ?? r.kind,
  recipient: r.recipient,
  status: r.status,
  attempts: r.attempts,
  lastError: r.last_error,
  createdAt: new Date(r.created_at),
  sentAt: r.sent_at === null ? null : new Date(r.sent_at),
  nextAttemptAt: r.status === 'pending' ? new Date(r.next_attempt_at) : null,
});

/** The back office's view of the outbox: an order's e-mails, and sending one again. */
export class OrderEmailService {
  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor,
  ) {}

  /** Admin: the e-mails of one order, oldest first. */
  async ofOrder(orderId: number): Promise<OrderEmailView[]> {
    checkAccess(this.actor.user, 'admin');
    const rows = await this.em.execute<OutboxRow[]>(
      `select ${COLUMNS} from mail_outbox where order_id = ? order by id`,
      [orderId],
    );
    return rows.map(toView);
  }

  /**
   * Admin: puts one of an order's e-mails back in the queue, due now, with its tries counted
   * afresh (a sent one goes out again under a new Message-ID). The worker sends it. Written to
   * the audit trail ('email.resend') in the same transaction.
   */
  async resend(id: number): Promise<OrderEmailView> {
    checkAccess(this.actor.user, 'admin');
    return withTransaction(this.em, async (tx) => {
      const [old] = await tx.execute<(OutboxRow & { order_id: number })[]>(
        `select ${COLUMNS}, order_id from mail_outbox
          where id = ? and order_id is not null for update`,
        [id],
      );
      if (!old) throw notFound(MAIL_MESSAGES.notFound);
      const [row] = await tx.execute<OutboxRow[]>(
        `update mail_outbox set status = 'pending', attempts = 0, next_attempt_at = now(),
            locked_until = null, last_error = null
          where id = ?
          returning ${COLUMNS}`,
        [id],
      );
      await AuditTrail.record(tx, this.actor, {
        action: 'email.resend',
        object: {
          kind: 'email',
          id,
          label: `${MAIL_TITLES[old.kind] ?? old.kind} · Pedido #${old.order_id} · ${old.recipient}`,
        },
        before: { status: old.status, attempts: old.attempts },
        after: { status: row!.status, attempts: row!.attempts },
        always: true,
      });
      return toView(row!);
    });
  }
}
