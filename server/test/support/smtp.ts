import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** A message the test SMTP server accepted, parsed as a mail client would. */
export interface Received {
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  parsed: ParsedMail;
}

export interface TestSmtpOptions {
  /**
   * Called when a message's data has arrived, before the server answers. Returning a promise
   * holds the answer until it settles (a slow or dead receiving server); throwing refuses it.
   */
  beforeAnswer?: (raw: Buffer) => Promise<void> | void;
  /** A given port (a server coming back where it was); default: a free one. */
  port?: number;
}

/**
 * A real SMTP server (the `smtp-server` package) on a free loopback port, keeping every message
 * it accepted, parsed with `mailparser`. No TLS and no login, like a local relay.
 */
export async function startTestSmtp(options: TestSmtpOptions = {}) {
  const received: Received[] = [];
  /** Every DATA the server was sent, accepted or not. */
  const attempts: Buffer[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream: SMTPServerDataStream, _session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        attempts.push(raw);
        void (async () => {
          try {
            await options.beforeAnswer?.(raw);
            const parsed = await simpleParser(raw);
            const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
            received.push({
              to: to?.value[0]?.address ?? '',
              subject: parsed.subject ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              text: parsed.text ?? '',
              messageId: parsed.messageId ?? '',
              parsed,
            });
            callback();
          } catch (error) {
            callback(error as Error);
          }
        })();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtp = Awaited<ReturnType<typeof startTestSmtp>>;
