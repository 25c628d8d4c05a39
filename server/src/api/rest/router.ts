import { Router } from 'express';
import { ACTIVITY_ROUTES } from './activity.js';
import { ADDRESS_ROUTES } from './addresses.js';
import { AUTH_ROUTES } from './auth.js';
import { CART_ROUTES } from './cart.js';
import { COUPON_ROUTES } from './coupons.js';
import { INVOICING_ROUTES } from './invoicing.js';
import { LOOKUP_ROUTES } from './lookups.js';
import { SYNONYM_ROUTES } from './synonyms.js';
import { ORDER_EMAIL_ROUTES } from './order-emails.js';
import { ORDER_ROUTES } from './orders.js';
import { RETURN_ROUTES } from './returns.js';
import { PAYMENT_ROUTES } from './payments.js';
import { PRODUCT_CSV_ROUTES } from './product-csv.js';
import { PRODUCT_ROUTES } from './products.js';
import { openApiDocument, openApiDocumentSchema } from './openapi.js';
import { mountRoutes, route, type RouteDef } from './route.js';
import { SETTINGS_ROUTES } from './settings.js';
import { LEGAL_TEXT_ROUTES } from './legal-texts.js';
import { STOCK_ROUTES } from './stock.js';
import { STOCK_ALERT_ROUTES } from './stock-alerts.js';
import { SUMMARY_ROUTES } from './summary.js';
import { USER_ROUTES } from './users.js';
import { VERSION_ROUTES } from './version.js';

/**
 * Every REST route of the facade: the spec's paths and field names over the domain services, one
 * file per resource (its routes, schemas and mappers). Each declares who may call it; the
 * permission-matrix test walks this list. Order counts only where two paths match one URL:
 * `/pedidos/:id/correos` is mounted before `/pedidos/usuario/:id`.
 */
export const REST_ROUTES: readonly RouteDef[] = [
  ...VERSION_ROUTES,
  // This list described by OpenAPI 3.1 (openapi.ts), made on the first call and kept in memory.
  route({
    method: 'get',
    path: '/openapi.json',
    access: 'public',
    tag: 'Tienda',
    summary: 'This document: the REST API described by OpenAPI 3.1',
    response: openApiDocumentSchema,
    handler: ({ ctx }) => openApiDocument(REST_ROUTES, { version: ctx.config.appVersion }),
  }),
  ...PRODUCT_ROUTES,
  ...PRODUCT_CSV_ROUTES,
  ...LOOKUP_ROUTES,
  ...SYNONYM_ROUTES,
  ...AUTH_ROUTES,
  ...USER_ROUTES,
  ...INVOICING_ROUTES,
  ...CART_ROUTES,
  ...ADDRESS_ROUTES,
  ...ORDER_EMAIL_ROUTES,
  ...RETURN_ROUTES,
  ...ORDER_ROUTES,
  ...STOCK_ROUTES,
  ...STOCK_ALERT_ROUTES,
  ...PAYMENT_ROUTES,
  ...ACTIVITY_ROUTES,
  ...SUMMARY_ROUTES,
  ...COUPON_ROUTES,
  ...SETTINGS_ROUTES,
  ...LEGAL_TEXT_ROUTES,
];

/** The REST facade: the spec's paths and field names over the same domain services. */
export function restRouter(): Router {
  const router = Router();
  mountRoutes(router, REST_ROUTES);

  return router;
}
