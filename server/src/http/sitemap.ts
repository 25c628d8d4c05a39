import compression from 'compression';
import { Router, type Response } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ProductSitemap, SITEMAP_MAX_URLS } from '../modules/catalog/product-sitemap.js';
import { escapeMarkup } from '../modules/shared/markup.js';

/** Crawlers may keep these answers for an hour: a new product waits that long to be listed. */
const CACHE_CONTROL = 'public, max-age=3600';
const XML_TYPE = 'application/xml; charset=utf-8';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const PRODUCT_FILE = /^\/sitemaps\/productos-([1-9][0-9]{0,8})\.xml$/;
const PAGES_FILE = '/sitemaps/paginas.xml';

export interface SitemapOptions {
  /** The shop's address (Config.publicUrl): every URL is absolute on it, never on the Host. */
  publicUrl: string;
  /** URLs per product file (the protocol's 50,000; tests lower it to see several files). */
  urlsPerFile?: number;
}

const loc = (url: string) => `<loc>${escapeMarkup(url)}</loc>`;

function notFound(res: Response) {
  res.status(404).type('text/plain; charset=utf-8').send('No encontrado');
}

function startXml(res: Response) {
  res.status(200).type(XML_TYPE).set('Cache-Control', CACHE_CONTROL);
  res.write('<?xml version="1.0" encoding="UTF-8"?>\n');
}

/**
 * `/robots.txt`, and the sitemaps that list the shop for search engines: `/sitemap.xml` (an index
 * over the files below), `/sitemaps/paginas.xml` (the home page) and `/sitemaps/productos-{n}.xml`
 * (the share page of every visible product, catalogue module's ProductSitemap). Absolute URLs from
 * PUBLIC_URL (Config.publicUrl), never the request's Host. Product files are written a batch at a time, compressed.
 */
export function sitemapRouter(orm: MikroORM, options: SitemapOptions): Router {
  const size = options.urlsPerFile ?? SITEMAP_MAX_URLS;
  const sitemapOf = () => new ProductSitemap(orm.em.fork(), size);
  const shopUrl = options.publicUrl.replace(/\/+$/, '');
  const router = Router();
  const compress = compression();

  router.get('/robots.txt', (_req, res) => {
    res
      .type('text/plain; charset=utf-8')
      .set('Cache-Control', CACHE_CONTROL)
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /api/',
          'Disallow: /graphql',
          'Disallow: /dev/',
          '',
          `Sitemap: ${shopUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      );
  });

  router.get('/sitemap.xml', compress, async (_req, res) => {
    const files = await sitemapOf().files();
    const entries = [PAGES_FILE, ...files.map((n) => `/sitemaps/productos-${n}.xml`)].map(
      (path) => `<sitemap>${loc(`${shopUrl}${path}`)}</sitemap>\n`,
    );
    startXml(res);
    res.end(`<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('')}</sitemapindex>\n`);
  });

  router.get(PAGES_FILE, compress, (_req, res) => {
    startXml(res);
    res.end(`<urlset xmlns="${NAMESPACE}">\n<url>${loc(`${shopUrl}/`)}</url>\n</urlset>\n`);
  });

  router.get(PRODUCT_FILE, compress, async (req, res) => {
    const file = Number(PRODUCT_FILE.exec(req.path)![1]);
    let started = false;
    try {
      for await (const batch of sitemapOf().entries(file)) {
        if (!started) {
          startXml(res);
          res.write(`<urlset xmlns="${NAMESPACE}">\n`);
          started = true;
        }
        res.write(
          batch
            .map((e) => `<url>${loc(`${shopUrl}${e.path}`)}<lastmod>${e.lastmod}</lastmod></url>\n`)
            .join(''),
        );
      }
    } catch (error) {
      // Half a file already sent: cut it, so that no crawler takes it for the whole.
      if (started) {
        res.destroy(error as Error);
        return;
      }
      throw error;
    }
    if (!started) return notFound(res);
    res.end('</urlset>\n');
  });

  return router;
}
