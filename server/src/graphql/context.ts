import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import type { User } from '../modules/accounts/user.entity.js';
import { createProductLoaders, type ProductLoaders } from '../modules/catalog/product.loaders.js';
import { LookupService } from '../modules/catalog/lookup.service.js';
import { ProductService } from '../modules/catalog/product.service.js';

/** The domain services of one request, sharing its forked EntityManager. */
export function createServices(em: EntityManager) {
  return {
    products: new ProductService(em),
    lookups: new LookupService(em),
  };
}
export type Services = ReturnType<typeof createServices>;

/** What every resolver and REST handler gets: the user, a forked EntityManager, loaders. */
export interface RequestContext {
  config: Config;
  em: EntityManager;
  user: User | null;
  services: Services;
  loaders: ProductLoaders;
}

export function createRequestContext(
  config: Config,
  em: EntityManager,
  user: User | null,
): RequestContext {
  const services = createServices(em);
  return { config, em, user, services, loaders: createProductLoaders(services.products) };
}
