import type { RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * The shop's one logger: pino, one JSON object a line, so whatever a user sent (a search, a
 * path, an error message quoting them) is JSON-escaped and never reaches a terminal raw.
 * Level: LOG_LEVEL, else `silent` under NODE_ENV=test and `info` otherwise.
 */
function defaultLevel(env: NodeJS.ProcessEnv = process.env): string {
  if (env.LOG_LEVEL) return env.LOG_LEVEL;
  return env.NODE_ENV === 'test' ? 'silent' : 'info';
}

/** Where log lines go; tests swap it to capture them (see `captureLogs`). */
let sink: DestinationStream = pino.destination({ dest: 1, sync: true });
const forward: DestinationStream = { write: (line: string) => sink.write(line) };

export const logger: Logger = pino(
  {
    level: defaultLevel(),
    base: { app: 'tienda' },
    // Never log credentials, even if a future call site passes a whole request.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password'],
  },
  forward,
);

/**
 * Captures log lines (parsed) at `level` until the returned function is called. For tests that
 * assert what reaches the log.
 */
export function captureLogs(level = 'info'): { lines: Record<string, unknown>[]; stop(): void } {
  const previous = { sink, level: logger.level };
  const lines: Record<string, unknown>[] = [];
  sink = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  logger.level = level;
  return {
    lines,
    stop: () => {
      sink = previous.sink;
      logger.level = previous.level;
    },
  };
}

/** Replaces control characters (terminal escapes included) with visible \uXXXX escapes. */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  return text.replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g, (c) => {
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/**
 * A human line for the terminal at start and stop ('Tienda lista en http://…'): plain text on
 * stdout whatever the log level, with control characters escaped.
 */
export function announce(message: string): void {
  process.stdout.write(`${printable(message)}\n`);
}

/** A human warning or failure for the terminal (stderr), escaped like `announce`. */
export function complain(message: string): void {
  process.stderr.write(`${printable(message)}\n`);
}

declare module 'node:http' {
  interface IncomingMessage {
    /** The request's logger (its id in every line); made on first use. */
    log?: Logger;
  }
  interface ServerResponse {
    /** An unexpected error the request ended with, logged with its stack in the request's line. */
    err?: Error;
  }
}

/**
 * One log line per finished request: errors (5xx, or an error handed over in `res.err`, with its
 * stack) at `error`, client errors at `info`, the rest at `debug`. Only method, path and status
 * are logged: never headers (cookies) or bodies. A request whose line would be below the log
 * level costs one listener: no id, no child logger, no serialising (issue 16: the per-request
 * logger was 7 % of a product read's CPU at LOG_LEVEL=warn).
 */
export const httpLogger: RequestHandler = (req, res, next) => {
  const started = performance.now();
  let id: string | undefined;
  let child: Logger | undefined;
  const described = () => ({ id: (id ??= randomUUID()), method: req.method, url: req.originalUrl });
  Object.defineProperty(req, 'log', {
    configurable: true,
    enumerable: false,
    get: () => (child ??= logger.child({ req: described() })),
  });
  res.once('finish', () => {
    const error = res.err;
    const level =
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug';
    if (!logger.isLevelEnabled(level)) return;
    logger[level](
      {
        req: described(),
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
        ...(error ? { err: error } : {}),
      },
      error ? 'request errored' : 'request completed',
    );
  });
  next();
};
