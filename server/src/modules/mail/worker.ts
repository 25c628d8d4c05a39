import { createHash } from 'node:crypto';
import { PollingWorker } from '../shared/polling-worker.js';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { MAIL_TITLES, type MailKind, type ShopBrand } from './messages.js';
import type { MailQueue } from './outbox.js';
import { renderMail } from './render.js';
import { isPermanentFailure, type MailTransport } from './transport.js';

/**
 * Waits before each retry, by attempts made: about a day in all (1 + 2 + 5 + 10 + 20 + 40 min,
 * then 1, 2, 4, 8 and 8 h), after which the message is marked failed with the last reason.
 */
export const RETRY_DELAYS_SECONDS = [
  60, 120, 300, 600, 1200, 2400, 3600, 7200, 14400, 28800, 28800,
] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/**
 * How long a claimed message is left to its worker. A worker that dies mid-send leaves only that
 * message, which another claims once the lease ends; SMTP timeouts keep a send far shorter.
 */
export const LEASE_SECONDS = 300;

interface ClaimedRow {
  id: string;
  event_key: string;
  kind: MailKind;
  recipient: string;
  props: unknown;
  secret: string | null;
  attempts: number;
  sends: number;
  /** The message's files, base64 (mail_attachment). */
  attachments: { filename: string; contentType: string; content: string }[] | string;
}

export interface MailWorkerOptions {
  transport: MailTransport;
  queue: MailQueue;
  /** The shop as the messages show it; a function when the settings may change (Ajustes). */
  brand: ShopBrand | (() => ShopBrand);
  /** The From header; a function when it follows the settings (brand.ts's `senderOf`). */
  from: string | (() => string);
  log: (message: string, error?: unknown) => void;
  /** Pause between polls when nothing is due (default 1 s). */
  pollMs?: number;
}

/** What one delivery attempt came to. */
export type Outcome = 'sent' | 'retry' | 'failed';

/**
 * Delivers the outbox: claims one due message at a time (`for update skip locked`, so any number
 * of instances share the work and none takes a message another holds), renders it, sends it,
 * and records the outcome. A failure is tried again later (RETRY_DELAYS_SECONDS), or marked
 * failed when the server refuses it for good or the tries are used up.
 */
export class MailWorker extends PollingWorker<Outcome> {
  constructor(
    private readonly orm: MikroORM,
    private readonly options: MailWorkerOptions,
  ) {
    super(options.pollMs ?? 1000, (error) =>
      options.log('No se pudo revisar la bandeja de salida del correo', error),
    );
  }

  /** Claims and delivers one due message; null when none is due. */
  override async deliverOne(): Promise<Outcome | null> {
    const em = this.orm.em.fork();
    const [row] = await em.execute<ClaimedRow[]>(
      `update mail_outbox m
          set locked_until = now() + make_interval(secs => ?), attempts = m.attempts + 1
        where m.id = (
          select id from mail_outbox
           where status = 'pending' and next_attempt_at <= now()
             and (locked_until is null or locked_until <= now())
           order by next_attempt_at, id
           limit 1
           for update skip locked)
        returning m.id, m.event_key, m.kind, m.recipient, m.props, m.secret, m.attempts, m.sends,
          (select coalesce(jsonb_agg(jsonb_build_object('filename', a.filename,
                    'contentType', a.content_type, 'content', encode(a.content, 'base64'))
                    order by a.id), '[]'::jsonb)
             from mail_attachment a where a.outbox_id = m.id) as attachments`,
      [LEASE_SECONDS],
    );
    if (!row) return null;
    try {
      const brand =
        typeof this.options.brand === 'function' ? this.options.brand() : this.options.brand;
      const rendered = await renderMail(this.options.queue.messageOf(row), brand);
      const info = await this.options.transport.send({
        from: typeof this.options.from === 'function' ? this.options.from() : this.options.from,
        to: row.recipient,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        messageId: messageIdOf(`${row.event_key}:${row.sends}`, brand.publicUrl),
        kind: row.kind,
        title: MAIL_TITLES[row.kind] ?? row.kind,
        attachments: (typeof row.attachments === 'string'
          ? (JSON.parse(row.attachments) as Exclude<ClaimedRow['attachments'], string>)
          : row.attachments
        ).map((a) => ({ ...a, content: Buffer.from(a.content, 'base64') })),
      });
      await em.execute(
        `update mail_outbox set status = 'sent', sent_at = now(), locked_until = null,
            last_error = null, message_id = ?, secret = null, sends = sends + 1
          where id = ?`,
        [info.messageId, row.id],
      );
      return 'sent';
    } catch (error) {
      return this.recordFailure(em, row, error);
    }
  }

  /** Stops polling and waits for the message being sent, if any. */
  override async stop(): Promise<void> {
    await super.stop();
    this.options.transport.close();
  }

  private async recordFailure(em: EntityManager, row: ClaimedRow, error: unknown) {
    const reason = describe(error);
    const final = isPermanentFailure(error) || row.attempts >= MAX_ATTEMPTS;
    const delay = RETRY_DELAYS_SECONDS[Math.min(row.attempts, RETRY_DELAYS_SECONDS.length) - 1];
    this.options.log(
      final
        ? `Correo ${row.event_key} a ${row.recipient} falló definitivamente: ${reason}`
        : `Correo ${row.event_key} no se pudo enviar (intento ${row.attempts}); se reintentará: ${reason}`,
    );
    await em.execute(
      `update mail_outbox set status = ?, locked_until = null, last_error = ?,
          next_attempt_at = now() + make_interval(secs => ?)
        where id = ?`,
      [final ? 'failed' : 'pending', reason, final ? 0 : (delay ?? 60), row.id],
    );
    return final ? 'failed' : 'retry';
  }
}

/** A short reason a person can read in the back office (no stack, no secrets). */
function describe(error: unknown): string {
  const e = error as { message?: string; responseCode?: number; code?: string };
  const parts = [e.code, e.responseCode, e.message ?? String(error)].filter(
    (p) => p !== undefined && p !== '',
  );
  return parts.join(' ').replace(/\s+/g, ' ').slice(0, 500);
}

/** One Message-ID per delivery of an outbox event, the same on every try of that delivery. */
function messageIdOf(eventKey: string, publicUrl: string): string {
  const host = new URL(publicUrl).hostname || 'tienda.local';
  const digest = createHash('sha256').update(eventKey).digest('base64url').slice(0, 24);
  return `<${digest}@${host}>`;
}
