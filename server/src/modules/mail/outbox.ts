import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MailKind, MailMessage, MailProps } from './messages.js';

/** One e-mail to put in the outbox. */
export interface OutgoingMail<K extends MailKind = MailKind> {
  /**
   * What the message is about, unique for ever: 'order:12:order-received', 'password-reset:7'.
   * Announcing the same event again adds nothing, so a message is never sent twice for it.
   */
  eventKey: string;
  recipient: string;
  message: { kind: K; props: MailProps[K] };
  orderId?: number | null;
  userId?: number | null;
  /**
   * Props that must not sit in the database in clear (a reset link's token): stored encrypted,
   * merged into the props when the message is rendered, and wiped once it is sent.
   */
  secretProps?: Partial<MailProps[K]>;
  /** Files that leave with the message (an invoice's PDF and XML), kept in `mail_attachment`. */
  attachments?: readonly MailAttachment[];
}

/** A file attached to a message. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** AES-256-GCM for the outbox's secret props, with a key derived from the session secret. */
export class SecretBox {
  private readonly key: Buffer;

  constructor(sessionSecret: string) {
    this.key = createHmac('sha256', sessionSecret).update('tienda:mail-outbox:v1').digest();
  }

  seal(value: unknown): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
  }

  open(sealed: string): unknown {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !body) throw new Error('Secreto del correo mal formado');
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8'));
  }
}

/**
 * For another module's statement that picks what to announce (the payment reminders' one
 * query): true when the outbox already holds the message of the event key `eventKeySql`.
 */
export const outboxHasEvent = (eventKeySql: string): string =>
  `exists (select 1 from mail_outbox m where m.event_key = ${eventKeySql})`;

/**
 * The outbox's door for the modules that announce something: `enqueue` writes the messages in
 * the caller's transaction, so they are sent if and only if that transaction commits.
 */
export class MailQueue {
  constructor(private readonly box: SecretBox) {}

  /**
   * Adds these messages (one statement, however many; an event already announced is skipped).
   * Exactly one statement even for none, so a caller's timing does not tell whether it had any.
   */
  async enqueue(tx: EntityManager, mails: readonly OutgoingMail[]): Promise<void> {
    const rows = mails.map((m) => ({
      event_key: m.eventKey,
      kind: m.message.kind,
      recipient: m.recipient,
      order_id: m.orderId ?? null,
      user_id: m.userId ?? null,
      props: m.message.props,
      secret: m.secretProps ? this.box.seal(m.secretProps) : null,
    }));
    const files = mails.flatMap((m) =>
      (m.attachments ?? []).map((a) => ({
        event_key: m.eventKey,
        filename: a.filename,
        content_type: a.contentType,
        content: a.content.toString('base64'),
      })),
    );
    // The messages and their files in one statement: a file goes only with a message written now.
    await tx.execute(
      `with m as (
         insert into mail_outbox (event_key, kind, recipient, order_id, user_id, props, secret)
         select event_key, kind, recipient, order_id, user_id, props, secret
           from jsonb_to_recordset(?::jsonb) as m(event_key text, kind text, recipient text,
                order_id integer, user_id integer, props jsonb, secret text)
         on conflict (event_key) do nothing
         returning id, event_key)
       insert into mail_attachment (outbox_id, filename, content_type, content)
       select m.id, a->>'filename', a->>'content_type', decode(a->>'content', 'base64')
         from jsonb_array_elements(?::jsonb) with ordinality as x(a, n)
         join m on m.event_key = a->>'event_key'
        order by n`,
      [JSON.stringify(rows), JSON.stringify(files)],
    );
  }

  /** The message a stored row describes, its secret props merged back. */
  messageOf(row: { kind: string; props: unknown; secret: string | null }): MailMessage {
    const props = {
      ...(row.props as object),
      ...(row.secret ? (this.box.open(row.secret) as object) : {}),
    };
    return { kind: row.kind, props } as MailMessage;
  }
}
