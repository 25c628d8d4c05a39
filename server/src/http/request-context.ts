import type { OrderRefundView } from '../modules/returns/transfer-refunds.js';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import DataLoader from 'dataloader';
import type { InvoiceView } from '../modules/invoicing/invoice.service.js';
import type { TypeSatKeys } from '../modules/invoicing/product-type-sat.service.js';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import { createServices, type AppDeps, type Services } from '../composition.js';
import type { SessionUser, TrustedDevice } from '../modules/accounts/access.js';
import type { SignedIn } from '../modules/accounts/account.service.js';
import { SessionStore } from '../modules/accounts/session-store.js';
import { secondFactorMissing } from '../modules/accounts/second-factor.js';
import { createOrderLoaders, type OrderLoaders } from '../modules/orders/order.loaders.js';
import { createProductLoaders, type ProductLoaders } from '../modules/catalog/product.loaders.js';

/**
 * Who is asking and what they may use, decided once per request and shared by both front doors
 * (GraphQL resolvers and REST handlers): the user, the services, the per-request loaders. No
 * EntityManager: the doors call services, never the database.
 */
export interface RequestContext {
  config: Config;
  user: SessionUser | null;
  services: Services;
  loaders: ProductLoaders &
    OrderLoaders & {
      orderInvoice: DataLoader<number, InvoiceView | null>;
      orderCfdis: DataLoader<number, InvoiceView[]>;
      orderRefund: DataLoader<number, OrderRefundView | null>;
      typeSatKeys: DataLoader<number, TypeSatKeys | undefined>;
    };
  /** The shop's own address for links sent elsewhere: `Config.publicUrl`, never the request's Host. */
  shopUrl: string;
  /**
   * Puts a new session in the response's cookie (after sign-in or registration), and a fresh
   * device cookie entry for the account (http/device-cookie.ts).
   */
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

/** The context of one request for `user` (null: nobody), its services on `em`. */
function buildContext(
  em: EntityManager,
  user: SessionUser | null,
  token: string | null,
  req: Request,
  res: Response,
  deps: AppDeps,
  anonymous = false,
): RequestContext {
  let devices: TrustedDevice[] | undefined;
  const actor = {
    user,
    ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    sessionToken: user ? token : null,
    /** Entries whose signature is ours (read when first asked); trusted only for their account. */
    get devices() {
      return (devices ??= anonymous ? [] : deps.devices.read(req));
    },
  };
  const services = createServices(em, actor, deps);
  return {
    config: deps.config,
    user,
    services,
    loaders: {
      ...createProductLoaders(services.products),
      ...createOrderLoaders(services.orders),
      orderInvoice: new DataLoader<number, InvoiceView | null>((ids) =>
        services.invoices.forOrders(ids),
      ),
      orderCfdis: new DataLoader<number, InvoiceView[]>((ids) => services.invoices.cfdisOf(ids)),
      orderRefund: new DataLoader<number, OrderRefundView | null>((ids) =>
        services.transferRefunds.forOrders(ids),
      ),
      typeSatKeys: new DataLoader<number, TypeSatKeys | undefined>((ids) =>
        services.typeSatKeys.forTypes(ids),
      ),
    },
    shopUrl: deps.config.publicUrl,
    // Both doors sign in through here: the browser is remembered as a trusted device too.
    startSession: (signedIn) => {
      deps.cookie.set(res, signedIn.session);
      deps.devices.remember(req, res, signedIn.user.id);
    },
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
      if (user) user.secondFactorMissing = secondFactorMissing(user, deps.config.admin2fa);
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
  return buildContext(orm.em.fork(), null, null, req, res, deps, true);
}
