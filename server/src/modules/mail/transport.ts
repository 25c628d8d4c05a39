import { randomUUID } from 'node:crypto';
import { mkdir, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailSettings } from '../../config.js';

/** A message ready to leave: the worker hands these to the transport. */
export interface Envelope {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Stable per outbox row, so a receiving server can tell a resend of the same message. */
  messageId: string;
  /** The outbox row's kind and title, kept by the development mailbox. */
  kind: string;
  title: string;
  /** Files sent with it (an invoice's PDF and XML). */
  attachments?: readonly { filename: string; contentType: string; content: Buffer }[];
}

export interface MailTransport {
  /** For the log: 'SMTP smtp.example.mx:465', 'buzón de desarrollo …'. */
  readonly description: string;
  send(envelope: Envelope): Promise<{ messageId: string }>;
  close(): void;
}

/**
 * A refusal the mail server will repeat however often we try (a 5xx answer to the message or
 * its recipient), as opposed to an outage or a login problem that a later try may get past.
 */
export function isPermanentFailure(error: unknown): boolean {
  const e = error as { responseCode?: number; code?: string };
  return typeof e.responseCode === 'number' && e.responseCode >= 500 && e.code !== 'EAUTH';
}

/** The envelope as nodemailer takes it (the kind and title are the mailbox's own). */
const messageOf = (e: Envelope) => ({
  from: e.from,
  to: e.to,
  subject: e.subject,
  html: e.html,
  text: e.text,
  messageId: e.messageId,
  attachments: (e.attachments ?? []).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: a.content,
  })),
});

/** Timeouts that keep a send well inside the worker's lease (5 minutes). */
const SMTP_TIMEOUTS = {
  connectionTimeout: 15_000,
  greetingTimeout: 15_000,
  socketTimeout: 60_000,
  dnsTimeout: 15_000,
};

/** nodemailer over SMTP (SMTP_URL). */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  const url = new URL(smtpUrl);
  return {
    description: `SMTP ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`,
    async send(envelope) {
      const info = await transporter.sendMail(messageOf(envelope));
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}

/** A message the development mailbox kept (one JSON file each, plus the raw .eml). */
export interface MailboxEntry {
  id: string;
  to: string;
  from: string;
  subject: string;
  kind: string;
  title: string;
  /** ISO 8601. */
  date: string;
  messageId: string;
  html: string;
  text: string;
  /** The attached files' names. */
  attachments?: string[];
}

/**
 * Development without SMTP_URL: every message is built by nodemailer as it would go out and
 * kept in `dir` (DATA_DIR/correo), where `/dev/correo` shows it.
 */
export function mailboxTransport(dir: string): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    description: `buzón de desarrollo (${dir}; ábrelo en /dev/correo)`,
    async send(envelope) {
      const info = await builder.sendMail(messageOf(envelope));
      const date = new Date();
      // Sortable by name: the newest is the greatest.
      const id = `${date.getTime().toString(36).padStart(10, '0')}-${randomUUID().slice(0, 8)}`;
      const entry: MailboxEntry = {
        id,
        to: envelope.to,
        from: envelope.from,
        subject: envelope.subject,
        kind: envelope.kind,
        title: envelope.title,
        date: date.toISOString(),
        messageId: info.messageId,
        html: envelope.html,
        text: envelope.text,
        attachments: (envelope.attachments ?? []).map((a) => a.filename),
      };
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, `${id}.eml`), info.message as Buffer);
      // Written whole, then renamed: the mailbox page never reads half a message.
      const file = path.join(dir, `${id}.json`);
      await writeFile(`${file}.tmp`, JSON.stringify(entry));
      await rename(`${file}.tmp`, file);
      return { messageId: info.messageId };
    },
    close: () => builder.close(),
  };
}

/**
 * The transport the settings ask for: SMTP when SMTP_URL is set; else, outside production, the
 * development mailbox; else none (production without SMTP_URL: e-mail is off and the messages
 * wait in the outbox until it is configured).
 */
export function transportFor(settings: MailSettings): MailTransport | null {
  if (settings.smtpUrl) return smtpTransport(settings.smtpUrl);
  if (settings.mailboxDir) return mailboxTransport(settings.mailboxDir);
  return null;
}
