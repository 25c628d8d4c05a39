import { stat } from 'node:fs/promises';
import path from 'node:path';
import express, { type RequestHandler, type Response } from 'express';

/** Precompressed variants the client build writes beside each file (client/vite-precompress.ts). */
const VARIANTS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

type Encoding = (typeof VARIANTS)[number]['encoding'];

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/**
 * Vite names every file under assets/ by its content hash: such a file never changes, so the
 * browser may keep it a year without asking. Everything else (index.html, favicon) is revalidated
 * on every use, so a new build is seen at once. That includes the service worker (sw.js and the
 * workbox-*.js it loads, at the root): the browser must see a new build's worker at once, or the
 * old one would keep serving the old build's files.
 */
function cacheControlFor(relativePath: string): string {
  return relativePath.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The file of the build a GET path names ('/' is index.html), or undefined if outside it. */
function fileOf(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relative = decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  const file = path.resolve(root, `.${path.posix.normalize(relative)}`);
  if (!file.startsWith(root + path.sep)) return undefined;
  // No dotfiles, and the variants are reached only through negotiation.
  if (file.split(path.sep).some((part) => part.startsWith('.'))) return undefined;
  if (VARIANTS.some((v) => file.endsWith(v.suffix))) return undefined;
  return file;
}

/**
 * The built client (client/dist): each file is sent precompressed when the build wrote a `.br`
 * or `.gz` beside it and the request's Accept-Encoding allows it (brotli preferred), with the
 * original file's Content-Type and `Vary: Accept-Encoding`; otherwise as is. Hashed assets are
 * cached as immutable, the rest (index.html) must be revalidated.
 */
export function clientFiles(distDir: string): RequestHandler {
  const root = path.resolve(distDir);
  const plain = express.static(root, {
    index: 'index.html',
    dotfiles: 'ignore',
    setHeaders: (res, filePath) => {
      res.setHeader('Cache-Control', cacheControlFor(path.relative(root, filePath)));
      res.vary('Accept-Encoding');
    },
  });

  const sendVariant = (
    res: Response,
    file: string,
    variant: { encoding: Encoding; suffix: string },
  ) =>
    new Promise<void>((resolve, reject) => {
      res.vary('Accept-Encoding');
      // The original file's type (send would name it after the .br/.gz extension otherwise).
      res.type(path.extname(file));
      res.setHeader('Content-Encoding', variant.encoding);
      res.setHeader('Cache-Control', cacheControlFor(path.relative(root, file)));
      res.sendFile(file + variant.suffix, { cacheControl: false, dotfiles: 'deny' }, (error) =>
        error ? reject(error) : resolve(),
      );
    });

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = fileOf(root, req.path);
    if (!file) return next();
    void (async () => {
      // Our preference (brotli, then gzip) among what the request accepts, whatever its order.
      const variant = VARIANTS.find((v) => req.acceptsEncodings(v.encoding) === v.encoding);
      if (variant && (await isFile(file)) && (await isFile(file + variant.suffix))) {
        await sendVariant(res, file, variant);
        return;
      }
      plain(req, res, next);
    })().catch((error: unknown) => {
      if (res.headersSent) return;
      // Undo what was set for the variant, then let the plain handler answer.
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      if ((error as { code?: string }).code === 'ENOENT') plain(req, res, next);
      else next(error);
    });
  };
}
