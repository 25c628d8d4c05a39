import { buildSchema } from 'type-graphql';
import { AccountResolver } from '../modules/accounts/account.resolver.js';
import { AddressResolver } from '../modules/addresses/address.resolver.js';
import { CartResolver } from '../modules/cart/cart.resolver.js';
import {
  OrderFieldResolver,
  OrderLineFieldResolver,
  OrderResolver,
} from '../modules/orders/order.resolver.js';
import { PaymentResolver } from '../modules/payments/payment.resolver.js';
import { CatalogQueryResolver } from '../modules/catalog/product.resolver.js';
import { LookupResolver } from '../modules/catalog/lookup.resolver.js';
import { StockDashboardResolver } from '../modules/stock/stock-dashboard.resolver.js';
import { ProductAdminResolver } from '../modules/catalog/product-admin.resolver.js';
import { OrderEmailResolver } from '../modules/mail/order-email.resolver.js';
import { assertEveryOperationHasAccess, authChecker } from './access.js';

export const RESOLVERS = [
  CatalogQueryResolver,
  LookupResolver,
  ProductAdminResolver,
  AccountResolver,
  CartResolver,
  AddressResolver,
  OrderResolver,
  OrderFieldResolver,
  OrderLineFieldResolver,
  PaymentResolver,
  StockDashboardResolver,
  OrderEmailResolver,
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
