import { existsSync } from 'node:fs';
import type { Pac } from './modules/invoicing/pac.js';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from './config.js';
import { serverTimingHeader, withQueryMetrics, type QueryMetrics } from './db/query-metrics.js';
import { buildGraphQLSchema } from './api/graphql/build-schema.js';
import { formatGraphQLError, serviceUnavailablePlugin } from './api/graphql/errors.js';
import { DatabaseHealth } from './db/health.js';
import { withRequestDeadline } from './db/request-deadline.js';
import { serviceUnavailable, SERVICE_UNAVAILABLE_RETRY_SECONDS } from './modules/shared/errors.js';
import {
  anonymousContext,
  contextOf,
  requestContext,
  type RequestContext,
} from './http/request-context.js';
import { createAppDeps } from './composition.js';
import type { MailQueue } from './modules/mail/outbox.js';
import type { OrderAnnouncer } from './modules/orders/order-announcements.js';
import type { ShopSettingsStore } from './modules/settings/settings-store.js';
import type { OrderEvents, OrderSubscriber } from './modules/orders/order-events.js';
import { sameOriginWrites } from './http/same-origin.js';
import { graphqlArmor, translateLimitErrors } from './api/graphql/armor.js';
import { acceptableTextPlugin } from './api/graphql/acceptable-text.js';
import { capResponseSize } from './api/graphql/response-size.js';
import {
  rejectMalformedGraphQLBody,
  rejectMalformedRequest,
  rejectUnacceptableText,
  verifyUtf8Body,
} from './http/acceptable-text.js';
import { clientFiles } from './http/client-files.js';
import { loadFirstScreenMarkup } from './http/first-screen-markup.js';
import { storefrontHtml } from './http/storefront-html.js';
import { photoVariants, productPhotoAlias, storedPhotos } from './http/photo-serving.js';
import { graphqlUploads } from './http/graphql-uploads.js';
import { productAnswerCache } from './http/product-answer-cache.js';
import { sitemapRouter } from './http/sitemap.js';
import { apiNotFound, errorMapper, notFound } from './http/error-mapper.js';
import { httpLogger, logger } from './http/logger.js';
import { securityHeaders } from './http/security-headers.js';
import { restRouter } from './api/rest/router.js';
import { ShopMetrics } from './http/metrics.js';
import { brandOf } from './modules/mail/brand.js';
import { devMailbox, mailLogo } from './modules/mail/dev-mailbox.js';

/**
 * Counts the SQL statements of each request and reports them, with the time spent in the
 * database, in a `Server-Timing` header set just before the headers go out.
 */
function serverTiming(_req: Request, res: Response, next: NextFunction) {
  const metrics: QueryMetrics = { queries: 0, durationMs: 0 };
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    this.setHeader('Server-Timing', serverTimingHeader(metrics));
    return writeHead.apply(this, args);
  } as Response['writeHead'];
  withQueryMetrics(metrics, next);
}

/** API answers smaller than this go out as they are: compressing them gains next to nothing. */
export const API_COMPRESSION_THRESHOLD_BYTES = 1024;

const noServerTiming = (_req: Request, _res: Response, next: NextFunction) => next();

export interface App {
  app: express.Express;
  stop(): Promise<void>;
  /** The outbox's door (the mail worker opens the secrets it seals). */
  mail: MailQueue;
  /** The orders' e-mails, for the unpaid-order sweep. */
  announcer: OrderAnnouncer;
  /** The orders' domain events, for the sweep and the event worker. */
  events: OrderEvents;
  /** The shop's settings as this instance serves them (the mail worker's brand, tests). */
  settings: ShopSettingsStore;
  /** The PAC (Facturapi) while invoicing is on, for the start-up check. */
  pac: Pac | null;
}

export async function createApp(
  orm: MikroORM,
  config: Config,
  /** The database's health (openDatabase's); absent: one of the app's own on the ORM's URL. */
  databaseHealth?: DatabaseHealth,
  /** More reactions to order events than order-subscribers.ts registers (tests). */
  extraOrderSubscribers: readonly OrderSubscriber[] = [],
): Promise<App> {
  const health = databaseHealth ?? new DatabaseHealth(() => orm.config.get('clientUrl') ?? '');
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  // The catalogue index, the photos' store, the session cookie, the mail outbox… (composition.ts).
  const deps = await createAppDeps(orm, config, extraOrderSubscribers);
  const { mail, announcer, events, photos, settings } = deps;
  // Prometheus metrics, only with METRICS_TOKEN (http/metrics.ts): every request is counted.
  const metrics = config.metricsToken ? new ShopMetrics(orm, deps.catalog) : null;
  /**
   * The HTTP response of each GraphQL request, by its context's services (Apollo hands plugins a
   * shallow copy of the context: the services object is the request's own), for the metrics.
   */
  const responses = new WeakMap<object, Response>();
  if (metrics && config.metricsToken) {
    app.use(metrics.observeRequests);
    app.get('/metrics', metrics.endpoint(config.metricsToken));
  }
  // One deadline per request, set as it arrives: every database wait it makes honours the time
  // left (db/request-deadline.ts), so a stalled database is a 503 within 3 s, not one per wait.
  app.use((_req: Request, _res: Response, next: NextFunction) => withRequestDeadline(next));
  const production = config.nodeEnv === 'production';
  app.use(httpLogger, securityHeaders({ sandbox: !production, publicUrl: config.publicUrl }));
  // A URL or header that is not UTF-8 is refused before anything reads it (acceptable-text.ts).
  app.use(rejectMalformedRequest);
  // Database detail per request, for development and tests only.
  const timing = production ? noServerTiming : serverTiming;

  // Readiness: a bounded probe (under a second, shared by concurrent checks), never the pool.
  app.get('/healthz', async (_req, res) => {
    if (await health.check()) {
      res.json({ status: 'ok', database: 'ok', version: config.appVersion });
    } else {
      res
        .status(503)
        .set('Retry-After', String(SERVICE_UNAVAILABLE_RETRY_SECONDS))
        .json({ status: 'error', database: 'unreachable' });
    }
  });
  // Liveness: the process is up and answering; the database is not asked.
  app.get('/healthz/live', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // While the last probe failed, /api and /graphql answer 503 at once (no pool wait), and each
  // such request asks for a new look, so the shop serves again as soon as the database does.
  const databaseGate = (_req: Request, _res: Response, next: NextFunction) => {
    if (health.available) return next();
    void health.check();
    next(serviceUnavailable());
  };

  const limits = graphqlArmor({ hideSuggestions: production });
  const apollo = new ApolloServer<RequestContext>({
    schema: await buildGraphQLSchema(),
    introspection: !production,
    // Apollo's own reading of NODE_ENV would add stack traces to errors in development.
    nodeEnv: config.nodeEnv,
    includeStacktraceInErrorResponses: false,
    plugins: [
      // No cache hints are set; the plugin would otherwise wrap every field resolver.
      ApolloServerPluginCacheControlDisabled(),
      production
        ? ApolloServerPluginLandingPageDisabled()
        : ApolloServerPluginLandingPageLocalDefault({ embed: true }),
      ...limits.plugins,
      acceptableTextPlugin(),
      serviceUnavailablePlugin(() => health.suspect()),
      ...(metrics
        ? [metrics.graphqlPlugin<RequestContext>((ctx) => responses.get(ctx.services))]
        : []),
    ],
    validationRules: limits.validationRules,
    parseOptions: limits.parseOptions,
    formatError: (formatted, error) =>
      formatGraphQLError(translateLimitErrors(formatted, { hideSuggestions: production }), error),
  });
  await apollo.start();

  // GraphQL and REST answers of 1 KB or more go out compressed (brotli, else gzip) when the
  // client accepts it; the built client is precompressed at build time (clientFiles).
  const compress = compression({ threshold: API_COMPRESSION_THRESHOLD_BYTES });

  app.use(
    '/graphql',
    databaseGate,
    timing,
    compress,
    capResponseSize(),
    express.json({ limit: '1mb', verify: verifyUtf8Body }),
    rejectMalformedGraphQLBody,
    productAnswerCache(
      orm,
      deps.catalog,
      deps.cookie,
      metrics ? (o) => metrics.answerCacheOutcome(o) : undefined,
    ),
    requestContext(orm, deps),
    graphqlUploads(),
    expressMiddleware(apollo, {
      context: async ({ res }) => {
        const ctx = contextOf(res);
        responses.set(ctx.services, res);
        return ctx;
      },
    }),
  );

  app.use(
    '/api',
    databaseGate,
    timing,
    compress,
    sameOriginWrites(config.publicUrl),
    express.json({ limit: '1mb', verify: verifyUtf8Body }),
    rejectUnacceptableText,
    requestContext(orm, deps),
    restRouter(),
  );
  app.use('/api', apiNotFound);

  // Product photos, whichever store holds them (the disk: express.static; an object store:
  // streamed from it, or redirected to PHOTOS_PUBLIC_URL).
  const photoServing = {
    publicUrl: config.photoStorage.kind === 's3' ? config.photoStorage.publicUrl : undefined,
    log: (message: string) => logger.warn(message),
  };
  app.use(
    '/uploads',
    productPhotoAlias,
    photoVariants(photos, photoServing),
    photos.kind === 'disk'
      ? express.static(config.uploadsDir, { maxAge: '7d', index: false, fallthrough: false })
      : storedPhotos(photos, photoServing),
  );

  // robots.txt and the sitemaps of the products' share pages, for search engines.
  app.use(sitemapRouter(orm, { publicUrl: config.publicUrl }));

  // The logo the e-mails show (mail clients do not show the SVG favicon).
  app.get('/correo/logo.png', mailLogo(config.clientDistDir));
  // Development only: every message the shop sent, as the customer sees it.
  if (!production && config.mail.mailboxDir && !config.mail.smtpUrl) {
    app.use(
      '/dev/correo',
      devMailbox(config.mail.mailboxDir, () => brandOf(config, deps.settings.current())),
    );
  }

  if (existsSync(config.clientDistDir)) {
    // `/` and the products' share pages: index.html with the first screen's data.
    app.use(
      await storefrontHtml({
        distDir: config.clientDistDir,
        apollo,
        anonymousContext: (req, res) => anonymousContext(orm, deps, req, res),
        shopUrl: config.publicUrl,
        hasSession: (req) => deps.cookie.read(req) !== null,
        shopName: () => deps.settings.current().name,
        firstScreenMarkup: await loadFirstScreenMarkup(config.clientSsrDir, {
          log: (message) => logger.warn(message),
        }),
        before: [timing, compress],
        log: (message) => logger.warn(message),
      }),
    );
    app.use(clientFiles(config.clientDistDir));
  } else {
    app.get('/', (_req, res) => {
      res
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('El cliente no está compilado: ejecuta `npm run build`.');
    });
  }

  app.use(notFound);
  app.use(errorMapper({ onUnavailable: () => health.suspect() }));

  const stop = async () => {
    await apollo.stop();
    await settings.stop();
    if (!databaseHealth) await health.stop();
  };
  return { app, stop, mail, announcer, events, settings, pac: deps.pac };
}
