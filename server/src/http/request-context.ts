import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import type { Actor, SessionUser } from '../modules/accounts/access.js';
import { AccountService, type SignedIn } from '../modules/accounts/account.service.js';
import type { GoogleIdTokenVerifier } from '../modules/accounts/google-id-token.js';
import { SessionStore } from '../modules/accounts/session-store.js';
import { PasswordService } from '../modules/accounts/password.service.js';
import { AddressService } from '../modules/addresses/address.service.js';
import { CartService } from '../modules/cart/cart.service.js';
import { createOrderLoaders, type OrderLoaders } from '../modules/orders/order.loaders.js';
import { OrderService } from '../modules/orders/order.service.js';
import type { MercadoPagoConfig } from 'mercadopago';
import { MercadoPagoService } from '../modules/payments/mercadopago.service.js';
import { createProductLoaders, type ProductLoaders } from '../modules/catalog/product.loaders.js';
import { LookupService } from '../modules/catalog/lookup.service.js';
import type { CatalogIndex } from '../modules/catalog/catalog-index.js';
import { ProductService } from '../modules/catalog/product.service.js';
import { StockDashboardService } from '../modules/stock/stock-dashboard.service.js';
import { ProductAdminService } from '../modules/catalog/product-admin.service.js';
import { PhotoStore } from '../modules/catalog/product-photos.js';
import type { PhotoStorage } from '../modules/storage/photo-storage.js';
import type { SessionCookie } from './session-cookie.js';
import type { MailQueue } from '../modules/mail/outbox.js';
import { OrderEmailService } from '../modules/mail/order-emails.service.js';
import type { OrderAnnouncer } from '../modules/orders/order-announcements.js';

/** What the app builds once and every request shares. */
export interface AppDeps {
  config: Config;
  cookie: SessionCookie;
  google: GoogleIdTokenVerifier | null;
  /** Made once (createMercadoPagoClient); null: card payments are off. */
  mercadoPago: MercadoPagoConfig | null;
  /** The catalogue index of this app instance (filters, totals, facet counts). */
  catalog: CatalogIndex;
  /** The outbox's door: e-mails written in the transaction of the change that causes them. */
  mail: MailQueue;
  /** The orders' e-mails (checkout, status changes, reminders). */
  announcer: OrderAnnouncer;
  /** Where product photos are kept (the disk, or an object store every instance shares). */
  photos: PhotoStorage;
  log: (message: string) => void;
}

/** The domain services of one request: one forked EntityManager, the request's actor. */
export function createServices(
  em: EntityManager,
  actor: Actor & { sessionToken: string | null },
  deps: AppDeps,
) {
  const products = new ProductService(em, deps.catalog);
  const cart = new CartService(em, actor, products);
  const addresses = new AddressService(em, actor);
  const orders = new OrderService(em, actor, cart, addresses, deps.announcer);
  return {
    accounts: new AccountService(em, actor, {
      rateLimits: deps.config.rateLimits,
      google: deps.google,
      log: deps.log,
    }),
    passwords: new PasswordService(em, actor, {
      rateLimits: deps.config.rateLimits,
      mail: deps.mail,
    }),
    products,
    productAdmin: new ProductAdminService(em, actor, products, new PhotoStore(deps.photos), {
      carts: cart,
      orders,
    }),
    lookups: new LookupService(em),
    cart,
    addresses,
    orders,
    stock: new StockDashboardService(em, actor),
    orderEmails: new OrderEmailService(em, actor),
    payments: new MercadoPagoService(
      orders,
      deps.mercadoPago,
      deps.config.mercadoPago.webhookSecret,
      deps.config.orderPaymentHoldHours,
      deps.log,
    ),
  };
}
export type Services = ReturnType<typeof createServices>;

/**
 * Who is asking and what they may use, decided once per request and shared by both front doors
 * (GraphQL resolvers and REST handlers): the user, the services, the per-request loaders. No
 * EntityManager: the doors call services, never the database.
 */
export interface RequestContext {
  config: Config;
  user: SessionUser | null;
  services: Services;
  loaders: ProductLoaders & OrderLoaders;
  /** The shop's own address for links sent elsewhere (PUBLIC_URL, else this request's host). */
  shopUrl: string;
  /** Puts a new session in the response's cookie (after sign-in or registration). */
  startSession(signedIn: SignedIn): void;
  /** Clears the session cookie (after sign-out). */
  endSession(): void;
}

/** The request context of `res`, set by `requestContext()`. */
export function contextOf(res: Response): RequestContext {
  const ctx = res.locals.ctx as RequestContext | undefined;
  if (!ctx) throw new Error('requestContext() no se montó antes de esta ruta');
  return ctx;
}

/** The shop's own address for links sent elsewhere: PUBLIC_URL, else this request's origin. */
export function shopUrlOf(config: Pick<Config, 'publicUrl'>, req: Request): string {
  return config.publicUrl?.replace(/\/+$/, '') ?? `${req.protocol}://${req.get('host')}`;
}

/** The context of one request for `user` (null: nobody), its services on `em`. */
function buildContext(
  em: EntityManager,
  user: SessionUser | null,
  token: string | null,
  req: Request,
  res: Response,
  deps: AppDeps,
): RequestContext {
  const actor = {
    user,
    ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    sessionToken: user ? token : null,
  };
  const services = createServices(em, actor, deps);
  return {
    config: deps.config,
    user,
    services,
    loaders: {
      ...createProductLoaders(services.products),
      ...createOrderLoaders(services.orders),
    },
    shopUrl: shopUrlOf(deps.config, req),
    startSession: (signedIn) => deps.cookie.set(res, signedIn.session),
    endSession: () => deps.cookie.clear(res),
  };
}

/**
 * Middleware for /graphql and /api: reads the session cookie (a signed token; one query when
 * present, none for anonymous visitors), then builds the request's context in `res.locals.ctx`.
 */
export function requestContext(orm: MikroORM, deps: AppDeps): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const em = orm.em.fork();
      const token = deps.cookie.read(req);
      const user = token ? await new SessionStore(em).resolve(token) : null;
      // A cookie for a session that has ended (signed out elsewhere, expired, a forged or old
      // signature) is dropped, and the response tells the client (Session-Ended).
      if (!user && deps.cookie.presented(req)) deps.cookie.ended(res);
      res.locals.ctx = buildContext(em, user, token, req, res, deps);
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The context of `req` as if nobody were signed in, whatever its cookie says: for answers that
 * every visitor shares (the first screen's data in the HTML, storefront-html.ts). No query.
 */
export function anonymousContext(
  orm: MikroORM,
  deps: AppDeps,
  req: Request,
  res: Response,
): RequestContext {
  return buildContext(orm.em.fork(), null, null, req, res, deps);
}
