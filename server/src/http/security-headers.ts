import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

type Directives = Record<string, string[]>;

const GOOGLE_GSI = 'https://accounts.google.com/gsi/';

/**
 * The inline scripts of client/index.html, allowed by their hashes: no 'unsafe-inline' for
 * scripts. A test recomputes them from the file. The head's (the light shell's route check) and
 * the body's (stamps the drawn screen's template when the head's check shows it).
 */
export const SHELL_SCRIPT_HASH = "'sha256-HzdeuxMeJdPVS5ZwqdF8XkOofXVfdXmmi2CClli3pbg='";
export const FIRST_SCREEN_SCRIPT_HASH = "'sha256-7VrVJB3M5O9LVadQ6UX5gFEOw5VadY2VZpCbMILE1ew='";

/**
 * The storefront's Content-Security-Policy. Chakra (emotion) injects <style> tags at run time,
 * hence 'unsafe-inline' for styles only (index.html's light shell is an inline style too); scripts
 * come from the shop itself (and index.html's two inline scripts, by hash) and Google Identity
 * Services (its documented CSP: script .../gsi/client, style .../gsi/style, frames and connect
 * under .../gsi/); Google profile pictures from lh3.googleusercontent.com.
 */
export const STORE_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  'script-src': ["'self'", `${GOOGLE_GSI}client`, SHELL_SCRIPT_HASH, FIRST_SCREEN_SCRIPT_HASH],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'", `${GOOGLE_GSI}style`],
  'img-src': ["'self'", 'data:', 'https://lh3.googleusercontent.com'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", GOOGLE_GSI],
  'frame-src': [GOOGLE_GSI],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** Origins Apollo Server's embedded Sandbox landing page loads from (its own safe lists). */
const APOLLO_CDN = [
  'https://apollo-server-landing-page.cdn.apollographql.com',
  'https://embeddable-sandbox.cdn.apollographql.com',
  'https://embeddable-explorer.cdn.apollographql.com',
];

/**
 * Development only, on /graphql: Apollo Sandbox. Its page carries its own nonce-based policy in a
 * <meta> tag; the header must not be stricter than that page needs (its nonce is not known here,
 * hence 'unsafe-inline', which the meta policy's nonce narrows again).
 */
export const SANDBOX_DIRECTIVES: Directives = {
  ...STORE_DIRECTIVES,
  'script-src': ["'self'", "'unsafe-inline'", ...APOLLO_CDN],
  'style-src': ["'self'", "'unsafe-inline'", ...APOLLO_CDN, 'https://fonts.googleapis.com'],
  'font-src': ["'self'", 'data:', 'https://fonts.gstatic.com'],
  'img-src': ["'self'", 'data:', 'https://apollo-server-landing-page.cdn.apollographql.com'],
  'manifest-src': ['https://apollo-server-landing-page.cdn.apollographql.com'],
  'connect-src': ["'self'", ...APOLLO_CDN],
  'frame-src': [
    'https://sandbox.embed.apollographql.com',
    'https://explorer.embed.apollographql.com',
  ],
};

function helmetFor(directives: Directives, tls: boolean): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: tls ? { ...directives, 'upgrade-insecure-requests': [] } : directives,
    },
    // Google's sign-in popup must be able to talk back to the page that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Only over TLS: on plain http://localhost it would pin the browser to https.
    strictTransportSecurity: tls ? { maxAge: 31536000, includeSubDomains: true } : false,
  }) as RequestHandler;
}

/**
 * helmet's headers for these settings, worked out once: with fixed directives (no per-request
 * nonce) they are the same on every response, and setting a list costs a fraction of running
 * helmet's dozen middlewares per request (issue 16, bench/notes/product-by-id.md).
 */
function headers(directives: Directives, tls: boolean): RequestHandler {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => void set.push([name, value]),
    removeHeader: (name: string) => void removed.push(name),
  };
  let finished = false;
  helmetFor(directives, tls)({} as Request, recorder as unknown as Response, () => {
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    next();
  };
}

export interface SecurityHeadersOptions {
  /** Apollo Sandbox is served on /graphql (development). */
  sandbox: boolean;
  /** The shop's public address; https means every request is TLS as far as browsers know. */
  publicUrl: string | undefined;
}

/**
 * Security headers on every response (helmet): the CSP above, `frame-ancestors 'none'`,
 * `nosniff`, `Referrer-Policy: strict-origin-when-cross-origin`, and HSTS when the request came
 * over TLS (directly, or through a trusted proxy's X-Forwarded-Proto) or PUBLIC_URL is https.
 */
export function securityHeaders(options: SecurityHeadersOptions): RequestHandler {
  const alwaysTls = options.publicUrl?.startsWith('https://') ?? false;
  const store = { plain: headers(STORE_DIRECTIVES, false), tls: headers(STORE_DIRECTIVES, true) };
  const sandbox = {
    plain: headers(SANDBOX_DIRECTIVES, false),
    tls: headers(SANDBOX_DIRECTIVES, true),
  };
  const isSandbox = (req: Request) =>
    options.sandbox &&
    req.method === 'GET' &&
    (req.path === '/graphql' || req.path === '/graphql/');
  return (req, res, next) => {
    const set = isSandbox(req) ? sandbox : store;
    const handler = alwaysTls || req.secure ? set.tls : set.plain;
    handler(req, res, next);
  };
}
