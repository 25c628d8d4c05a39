import { buildSchema } from 'type-graphql';
import { AuditResolver } from './audit/audit.resolver.js';
import { AccountResolver, UserFieldResolver } from './accounts/account.resolver.js';
import { AddressResolver } from './addresses/address.resolver.js';
import {
  GlobalInvoiceResolver,
  InvoicingResolver,
  OrderInvoiceFieldResolver,
  ProductTypeSatResolver,
} from './invoicing/invoicing.resolver.js';
import { CartResolver } from './cart/cart.resolver.js';
import { CouponResolver } from './coupons/coupon.resolver.js';
import { ReturnResolver } from './returns/return.resolver.js';
import { OrderRefundResolver } from './returns/order-refund.resolver.js';
import { LookupResolver } from './catalog/lookup.resolver.js';
import { SynonymResolver } from './catalog/synonym.resolver.js';
import { ProductAdminResolver } from './catalog/product-admin.resolver.js';
import { ProductResolver } from './catalog/product.resolver.js';
import { OrderEmailResolver } from './mail/order-email.resolver.js';
import {
  OrderFieldResolver,
  OrderLineFieldResolver,
  OrderResolver,
} from './orders/order.resolver.js';
import { LegalResolver } from './legal/legal.resolver.js';
import { PaymentResolver } from './payments/payment.resolver.js';
import { ShopResolver } from './shop/shop.resolver.js';
import { StockDashboardResolver } from './stock/stock-dashboard.resolver.js';
import { StockAlertResolver } from './stock/stock-alert.resolver.js';
import { SummaryResolver } from './summary/summary.resolver.js';
import { assertEveryOperationHasAccess, authChecker } from './access.js';

/**
 * Every resolver of the GraphQL door, by resource (one folder per domain module). Each is thin:
 * it declares who may call it (@Access), calls a service of the request context and shapes the
 * answer.
 */
export const RESOLVERS = [
  ShopResolver,
  ProductResolver,
  LookupResolver,
  SynonymResolver,
  ProductAdminResolver,
  AccountResolver,
  UserFieldResolver,
  CartResolver,
  AddressResolver,
  InvoicingResolver,
  GlobalInvoiceResolver,
  OrderInvoiceFieldResolver,
  ProductTypeSatResolver,
  OrderResolver,
  OrderFieldResolver,
  OrderLineFieldResolver,
  PaymentResolver,
  CouponResolver,
  ReturnResolver,
  OrderRefundResolver,
  StockDashboardResolver,
  StockAlertResolver,
  SummaryResolver,
  OrderEmailResolver,
  AuditResolver,
  LegalResolver,
] as const;

export async function buildGraphQLSchema() {
  const schema = await buildSchema({
    resolvers: RESOLVERS,
    authChecker,
    validate: { forbidUnknownValues: false },
  });
  assertEveryOperationHasAccess(schema);
  return schema;
}
