import { buildSchema } from 'type-graphql';
import { CatalogQueryResolver, ProductPageResolver } from '../modules/catalog/product.resolver.js';

export const RESOLVERS = [CatalogQueryResolver, ProductPageResolver] as const;

export function buildGraphQLSchema() {
  return buildSchema({
    resolvers: RESOLVERS,
    validate: { forbidUnknownValues: false },
  });
}
