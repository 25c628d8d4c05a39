import { Arg, Ctx, FieldResolver, Info, Int, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { Access } from '../../graphql/access.js';
import type { RequestContext } from '../../http/request-context.js';
import { selectsField } from '../../graphql/selection.js';
import { Lookup } from './lookup.entity.js';
import {
  ProductFacets,
  ProductFilterInput,
  ProductObject,
  ProductPage,
  ProductSortValue,
  ShopSettingsObject,
  toProductSort,
} from './product.types.js';

@Resolver()
export class CatalogQueryResolver {
  @Query(() => String, { description: 'Version of the running app (same as GET /api/version).' })
  @Access('public')
  appVersion(@Ctx() ctx: RequestContext): string {
    return ctx.config.appVersion;
  }

  @Query(() => ShopSettingsObject, {
    description: 'Public shop settings: the floating contact links, Google sign-in.',
  })
  @Access('public')
  shopSettings(@Ctx() ctx: RequestContext): ShopSettingsObject {
    return {
      ...ctx.config.shop,
      googleClientId: ctx.config.googleClientId ?? null,
      cardPaymentsEnabled: ctx.services.payments.enabled,
      bankTransfer: ctx.config.bankTransfer,
    };
  }

  @Query(() => ProductPage, {
    description: 'Catalogue page. Filters: OR within one facet, AND across facets.',
  })
  @Access('public')
  products(
    @Arg('filter', () => ProductFilterInput, { nullable: true }) filter: ProductFilterInput | null,
    @Arg('sort', () => ProductSortValue, { defaultValue: ProductSortValue.NEWEST })
    sort: ProductSortValue,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Arg('limit', () => Int, { defaultValue: 24 }) limit: number,
    @Info() info: GraphQLResolveInfo,
    @Ctx() ctx: RequestContext,
  ): ProductPage {
    const selects = {
      items: selectsField(info, 'items'),
      total: selectsField(info, 'total'),
      facets: selectsField(info, 'facets'),
    };
    return Object.assign(new ProductPage(), {
      filter: ctx.services.products.checkQuery(filter, { offset, limit }),
      sort: toProductSort(sort),
      offset,
      limit,
      selects,
    });
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

  @Query(() => [Lookup])
  @Access('public')
  types(@Ctx() ctx: RequestContext) {
    return ctx.services.lookups.list('type');
  }

  @Query(() => [Lookup])
  @Access('public')
  brands(@Ctx() ctx: RequestContext) {
    return ctx.services.lookups.list('brand');
  }

  @Query(() => [Lookup])
  @Access('public')
  colors(@Ctx() ctx: RequestContext) {
    return ctx.services.lookups.list('color');
  }
}

/**
 * The fields of a catalogue page share statements: with facets, total comes with them; without,
 * items and total come together. So a grid is at most two statements.
 */
@Resolver(() => ProductPage)
export class ProductPageResolver {
  @FieldResolver(() => [ProductObject])
  async items(@Root() page: ProductPage, @Ctx() ctx: RequestContext) {
    if (page.selects.total && !page.selects.facets) {
      return (await this.listWithTotal(page, ctx)).items;
    }
    return ctx.services.products.list(page.filter, page.sort, page);
  }

  @FieldResolver(() => Int)
  async total(@Root() page: ProductPage, @Ctx() ctx: RequestContext) {
    if (page.selects.facets) return (await this.countWithFacets(page, ctx)).total;
    if (page.selects.items) return (await this.listWithTotal(page, ctx)).total;
    return ctx.services.products.count(page.filter);
  }

  @FieldResolver(() => ProductFacets)
  async facets(@Root() page: ProductPage, @Ctx() ctx: RequestContext) {
    return (await this.countWithFacets(page, ctx)).facets;
  }

  private countWithFacets(page: ProductPage, ctx: RequestContext) {
    page.countWithFacets ??= ctx.services.products.countWithFacets(page.filter);
    return page.countWithFacets;
  }

  private listWithTotal(page: ProductPage, ctx: RequestContext) {
    page.listWithTotal ??= ctx.services.products.listWithTotal(page.filter, page.sort, page);
    return page.listWithTotal;
  }
}
