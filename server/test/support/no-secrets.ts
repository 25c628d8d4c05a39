import { ServerResponse } from 'node:http';

/**
 * Acceptance: no response in the whole server test run contains a password hash. Every test
 * file loads this (jest `setupFilesAfterEnv`): it watches what any HTTP response of the app
 * writes, whichever client sent the request, and fails the file if an argon2 hash or the
 * password-hash column ever went out.
 */
const SECRET = /\$argon2(?:id|i|d)\$|password_?hash/i;

type Watched = {
  write: (...args: unknown[]) => boolean;
  end: (...args: unknown[]) => unknown;
  /** Shared by every test file of the worker: core modules are not re-loaded per file. */
  __tiendaLeaks?: string[];
};
const proto = ServerResponse.prototype as unknown as Watched;

function inspect(chunk: unknown): void {
  const text =
    typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('latin1') : '';
  if (SECRET.test(text)) proto.__tiendaLeaks!.push(text.slice(0, 300));
}

if (!proto.__tiendaLeaks) {
  proto.__tiendaLeaks = [];
  const { write, end } = proto;
  proto.write = function (this: ServerResponse, ...args: unknown[]) {
    inspect(args[0]);
    return write.apply(this, args);
  };
  proto.end = function (this: ServerResponse, ...args: unknown[]) {
    if (typeof args[0] !== 'function') inspect(args[0]);
    return end.apply(this, args);
  };
}

/** The secrets seen going out since the last call (and forgets them). */
export function takeLeaks(): string[] {
  return proto.__tiendaLeaks!.splice(0);
}

afterAll(() => {
  expect(takeLeaks()).toEqual([]);
});
