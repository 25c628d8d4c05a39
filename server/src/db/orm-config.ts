import { defineConfig, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ReflectMetadataProvider } from '@mikro-orm/core';
import { MetricsLogger } from './query-metrics.js';
import { migrationsList } from './migrations/index.js';
import { Brand, Color, ProductType } from '../modules/catalog/lookup.entity.js';
import { Product, ProductImage, ProductStock } from '../modules/catalog/product.entity.js';
import { User } from '../modules/accounts/user.entity.js';
import { Address } from '../modules/addresses/address.entity.js';
import { CartLine } from '../modules/cart/cart-line.entity.js';
import { Order, OrderLine } from '../modules/orders/order.entity.js';

export const ENTITIES = [
  ProductType,
  Brand,
  Color,
  Product,
  ProductStock,
  ProductImage,
  User,
  Address,
  CartLine,
  Order,
  OrderLine,
];

export interface OrmOptions {
  debug?: boolean;
  poolMax?: number;
  /** PostgreSQL `statement_timeout` of every connection, in ms; 0 or absent: none. */
  statementTimeoutMs?: number;
}

export function ormConfig(clientUrl: string, options: OrmOptions = {}) {
  return defineConfig({
    driver: PostgreSqlDriver,
    clientUrl,
    entities: ENTITIES,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, silent: true },
    // The schema is owned by migrations: never synchronised from the entities.
    schemaGenerator: { disableForeignKeys: false },
    loggerFactory: (opts) => new MetricsLogger(opts),
    debug: options.debug ? ['query'] : false,
    pool: { min: 0, max: options.poolMax ?? 10 },
    // Sent as a start-up parameter of each connection: no extra round trip.
    ...(options.statementTimeoutMs
      ? { driverOptions: { connection: { statement_timeout: options.statementTimeoutMs } } }
      : {}),
    allowGlobalContext: false,
    forceUtcTimezone: true,
  });
}
