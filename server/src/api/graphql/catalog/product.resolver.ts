import { Arg, Ctx, Info, Int, Query, Resolver } from 'type-graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { Access } from '../access.js';
import type { RequestContext } from '../../../http/request-context.js';
import { selectsField } from '../selection.js';
import {
  ProductFilterInput,
  ProductObject,
  ProductPage,
  ProductSortValue,
  toCatalogFilter,
  toProductSort,
} from './product.types.js';

/** The catalogue: a page of products with its facets, the newest products, one product. */
@Resolver()
export class ProductResolver {
  @Query(() => ProductPage, {
    description: 'Catalogue page. Filters: OR within one facet, AND across facets.',
  })
  @Access('public')
  async products(
    @Arg('filter', () => ProductFilterInput, { nullable: true }) filter: ProductFilterInput | null,
    @Arg('sort', () => ProductSortValue, { defaultValue: ProductSortValue.NEWEST })
    sort: ProductSortValue,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Arg('limit', () => Int, { defaultValue: 24 }) limit: number,
    @Info() info: GraphQLResolveInfo,
    @Ctx() ctx: RequestContext,
  ): Promise<ProductPage> {
    // Only what the selection asks for is computed.
    const answer = await ctx.services.products.query(
      { filter: toCatalogFilter(filter), sort: toProductSort(sort), offset, limit },
      {
        items: selectsField(info, 'items'),
        total: selectsField(info, 'total'),
        facets: selectsField(info, 'facets'),
      },
    );
    return Object.assign(new ProductPage(), { offset, limit, ...answer });
  }

  @Query(() => [ProductObject], { description: 'The 50 newest products (by id, descending).' })
  @Access('public')
  newProducts(@Ctx() ctx: RequestContext) {
    return ctx.services.products.newest();
  }

  @Query(() => ProductObject, {
    nullable: true,
    description: 'null when the product does not exist.',
  })
  @Access('public')
  async product(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext) {
    return (await ctx.loaders.productById.load(id)) ?? null;
  }
}
