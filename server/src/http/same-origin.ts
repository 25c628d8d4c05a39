import type { NextFunction, Request, Response } from 'express';
import { apiError } from './error-mapper.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery on the REST facade: a request that changes something (POST, PUT,
 * DELETE…) must come from the shop's own pages. The session cookie is SameSite=Lax already;
 * this also refuses what a browser labels cross-site or same-site-but-other-origin
 * (`Sec-Fetch-Site`), and, for browsers that do not send it, an `Origin` that is not this host
 * (or PUBLIC_URL's). Clients that are not browsers send neither header and are not affected.
 * (/graphql has Apollo's own CSRF prevention.)
 */
export function sameOriginWrites(publicUrl: string | undefined) {
  const publicHost = publicUrl ? new URL(publicUrl).host : undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    let allowed = true;
    if (site) {
      allowed = site === 'same-origin' || site === 'none';
    } else if (origin) {
      let host: string | undefined;
      try {
        host = new URL(origin).host;
      } catch {
        host = undefined;
      }
      allowed = host !== undefined && (host === req.get('host') || host === publicHost);
    }
    if (allowed) return next();
    res
      .status(403)
      .json(
        apiError('Petición rechazada: no viene de las páginas de la tienda', 'CROSS_SITE_WRITE'),
      );
  };
}
