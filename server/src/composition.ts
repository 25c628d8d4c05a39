import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { MercadoPagoConfig } from 'mercadopago';
import type { Config } from './config.js';
import { DeviceCookie } from './http/device-cookie.js';
import { SessionCookie, sessionSecret } from './http/session-cookie.js';
import { logger } from './http/logger.js';
import type { Actor } from './modules/accounts/access.js';
import { AccountService } from './modules/accounts/account.service.js';
import { GoogleIdTokenVerifier } from './modules/accounts/google-id-token.js';
import { PasswordService } from './modules/accounts/password.service.js';
import { SecondFactorService } from './modules/accounts/second-factor.js';
import { AddressService } from './modules/addresses/address.service.js';
import { FiscalDataService } from './modules/invoicing/fiscal-data.service.js';
import { InvoiceService } from './modules/invoicing/invoice.service.js';
import { ProductTypeSatService } from './modules/invoicing/product-type-sat.service.js';
import { createPac, type Pac } from './modules/invoicing/pac.js';
import { CartService } from './modules/cart/cart.service.js';
import { CatalogIndex } from './modules/catalog/catalog-index.js';
import { SynonymService } from './modules/catalog/synonym.service.js';
import { LookupService } from './modules/catalog/lookup.service.js';
import { ProductAdminService } from './modules/catalog/product-admin.service.js';
import { ProductImportService } from './modules/catalog/product-import.js';
import { PhotoStore } from './modules/catalog/product-photos.js';
import { ProductService } from './modules/catalog/product.service.js';
import { MailQueue, SecretBox } from './modules/mail/outbox.js';
import { CouponService } from './modules/coupons/coupon.service.js';
import { OrderEmailService } from './modules/mail/order-emails.service.js';
import { OrderAnnouncer } from './modules/orders/order-announcements.js';
import type { OrderEvents, OrderSubscriber } from './modules/orders/order-events.js';
import { orderEvents } from './modules/orders/order-subscribers.js';
import { OrderService } from './modules/orders/order.service.js';
import { TransferRefundService } from './modules/returns/transfer-refunds.js';
import { ReturnService } from './modules/returns/return.service.js';
import {
  createMercadoPagoClient,
  MercadoPagoService,
} from './modules/payments/mercadopago.service.js';
import { AuditService } from './modules/audit/audit.service.js';
import { LegalTextService } from './modules/legal/legal-texts.js';
import { GlobalInvoiceService } from './modules/invoicing/global-invoice.service.js';
import { globalInvoicePeriodicityOf } from '@tienda/rules';
import { SettingsService } from './modules/settings/settings.service.js';
import { ShopSettingsStore } from './modules/settings/settings-store.js';
import { bankTransferOf, shopSettingsDefaults } from './modules/settings/shop-settings.js';
import { StockDashboardService } from './modules/stock/stock-dashboard.service.js';
import { StockAlertService } from './modules/stock/stock-alerts.js';
import { SummaryService } from './modules/summary/summary.service.js';
import { createPhotoStorage, type PhotoStorage } from './modules/storage/photo-storage.js';

/**
 * The composition root: the one place that builds what the app shares (createAppDeps, once per
 * app) and the domain services of a request (createServices, once per request). The doors
 * (api/graphql, api/rest) and the HTTP layer (http/request-context.ts) receive them built.
 */

/** What the app builds once and every request shares. */
export interface AppDeps {
  config: Config;
  cookie: SessionCookie;
  /** The signed device cookies that exempt the owner's browser from strangers' lockouts. */
  devices: DeviceCookie;
  google: GoogleIdTokenVerifier | null;
  /** Made once (createMercadoPagoClient); null: card payments are off. */
  mercadoPago: MercadoPagoConfig | null;
  /** Facturapi, made once (createPac); null: invoicing is off (no FACTURAPI_KEY). */
  pac: Pac | null;
  /** The catalogue index of this app instance (filters, totals, facet counts). */
  catalog: CatalogIndex;
  /** The outbox's door: e-mails written in the transaction of the change that causes them. */
  mail: MailQueue;
  /** The orders' e-mails (checkout, status changes, reminders). */
  announcer: OrderAnnouncer;
  /** The orders' domain events and their subscribers (order-subscribers.ts). */
  events: OrderEvents;
  /** Where product photos are kept (the disk, or an object store every instance shares). */
  photos: PhotoStorage;
  /** The shop's settings (Ajustes) as this instance serves them, kept current across instances. */
  settings: ShopSettingsStore;
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
  const orders = new OrderService(em, actor, cart, addresses, deps.events);
  const secondFactor = new SecondFactorService(em, actor, {
    rateLimits: deps.config.rateLimits,
    issuer: deps.settings.current().name,
  });
  return {
    accounts: new AccountService(em, actor, {
      rateLimits: deps.config.rateLimits,
      google: deps.google,
      secondFactor,
      log: deps.log,
    }),
    secondFactor,
    passwords: new PasswordService(em, actor, {
      rateLimits: deps.config.rateLimits,
      mail: deps.mail,
      secondFactor,
    }),
    products,
    productAdmin: new ProductAdminService(em, actor, products, new PhotoStore(deps.photos), {
      carts: cart,
      orders,
    }),
    productImport: new ProductImportService(em, actor, new PhotoStore(deps.photos)),
    lookups: new LookupService(em, actor),
    synonyms: new SynonymService(em, actor),
    cart,
    addresses,
    fiscalData: new FiscalDataService(em, actor),
    invoices: new InvoiceService(em, actor, { pac: deps.pac, mail: deps.mail }),
    globalInvoices: new GlobalInvoiceService(em, {
      pac: deps.pac,
      periodicity: () =>
        globalInvoicePeriodicityOf(deps.settings.current().globalInvoicePeriodicity),
    }),
    typeSatKeys: new ProductTypeSatService(em, actor),
    orders,
    coupons: new CouponService(em, actor),
    returns: new ReturnService(em, actor, {
      events: deps.events,
      mail: deps.mail,
      mercadoPago: deps.mercadoPago,
      log: deps.log,
    }),
    transferRefunds: new TransferRefundService(em, actor, deps.mail),
    stock: new StockDashboardService(em, actor),
    stockAlerts: new StockAlertService(em, actor, {
      mail: deps.mail,
      rateLimits: deps.config.rateLimits,
    }),
    summary: new SummaryService(em, actor, deps.config.orderPaymentHoldHours),
    orderEmails: new OrderEmailService(em, actor),
    audit: new AuditService(em, actor),
    settings: new SettingsService(em, actor, deps.settings),
    legal: new LegalTextService(em, actor, deps.settings),
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
 * Builds what the app shares, once, before the first request: the catalogue index (from one read
 * of the catalogue; kept current by `sync`), the photos' store, the session cookie, the mail
 * outbox and the orders' announcer, the shop's settings, the Google and Mercado Pago clients the configuration asks for.
 */
export async function createAppDeps(
  orm: MikroORM,
  config: Config,
  /** More reactions to order events than order-subscribers.ts registers (tests). */
  extraOrderSubscribers: readonly OrderSubscriber[] = [],
): Promise<AppDeps> {
  const production = config.nodeEnv === 'production';
  const catalog = new CatalogIndex();
  const indexStarted = performance.now();
  await catalog.load(orm.em.fork());
  logger.info(
    { products: catalog.productCount, ms: Math.round(performance.now() - indexStarted) },
    'Índice del catálogo construido',
  );

  // The settings first read here; then LISTEN/NOTIFY and a version poll keep them current.
  const settings = new ShopSettingsStore(orm, shopSettingsDefaults(config), {
    listenUrl: orm.config.get('clientUrl'),
    log: (message, error) => logger.warn({ err: error }, message),
  });
  await settings.start();

  const photos = await createPhotoStorage(config);
  const secret = await sessionSecret(config.sessionSecret, config.dataDir);
  const mail = new MailQueue(new SecretBox(secret));
  const mercadoPago = createMercadoPagoClient(config.mercadoPago);
  const pac = createPac(config.facturapi);
  const announcer = new OrderAnnouncer(mail, () => ({
    bank: bankTransferOf(settings.current()),
    holdHours: config.orderPaymentHoldHours,
    shopOrdersEmails: settings.current().ordersEmails,
  }));
  return {
    config,
    cookie: new SessionCookie(secret, production),
    devices: new DeviceCookie(secret, production),
    google: config.googleClientId
      ? new GoogleIdTokenVerifier({
          clientId: config.googleClientId,
          certsUrl: config.googleCertsUrl,
        })
      : null,
    mercadoPago,
    pac,
    catalog,
    mail,
    announcer,
    events: orderEvents(announcer, extraOrderSubscribers, mercadoPago, pac && { pac, mail }, mail),
    photos,
    settings,
    log: (message) => logger.warn(message),
  };
}
