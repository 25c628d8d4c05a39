import { Arg, Ctx, FieldResolver, Info, Int, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLResolveInfo } from 'graphql';
import type { RequestContext } from '../../graphql/context.js';
import { selectsField } from '../../graphql/selection.js';
import { unitPriceCents } from '../pricing/pricing.js';
import { Lookup } from './lookup.entity.js';
import { Product } from './product.entity.js';
import { productImageUrl } from './product-images.js';
import {
  ProductFacets,
  ProductFilterInput,
  ProductImageView,
  ProductPage,
  ProductSortValue,
  ShopSettingsView,
  SizeStock,
  toProductSort,
} from './product.types.js';

@Resolver()
export class CatalogQueryResolver {
  @Query(() => String, { description: 'Version of the running app (same as GET /api/version).' })
  appVersion(@Ctx() ctx: RequestContext): string {
    return ctx.config.appVersion;
  }

  @Query(() => ShopSettingsView, {
    description: 'Public shop settings: the floating contact links.',
  })
  shopSettings(@Ctx() ctx: RequestContext): ShopSettingsView {
    return ctx.config.shop;
  }

  @Query(() => ProductPage, {
    description: 'Catalogue page. Filters: OR within one facet, AND across facets.',
  })
  products(
    @Arg('filter', () => ProductFilterInput, { nullable: true }) filter: ProductFilterInput | null,
    @Arg('sort', () => ProductSortValue, { defaultValue: ProductSortValue.NEWEST })
    sort: ProductSortValue,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Arg('limit', () => Int, { defaultValue: 24 }) limit: number,
    @Info() info: GraphQLResolveInfo,
    @Ctx() ctx: RequestContext,
  ): ProductPage {
    const withFacets = selectsField(info, 'facets');
    return Object.assign(new ProductPage(), {
      filter: ctx.services.products.checkQuery(filter, { offset, limit }),
      sort: toProductSort(sort),
      offset,
      limit,
      withFacets,
    });
  }

  @Query(() => [Product], { description: 'The 50 newest products (by id, descending).' })
  newProducts(@Ctx() ctx: RequestContext) {
    return ctx.services.products.newest();
  }

  @Query(() => Product, { nullable: true, description: 'null when the product does not exist.' })
  product(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext) {
    return ctx.services.products.findById(id);
  }

  @Query(() => [Lookup])
  types(@Ctx() ctx: RequestContext) {
    return ctx.services.lookups.list('type');
  }

  @Query(() => [Lookup])
  brands(@Ctx() ctx: RequestContext) {
    return ctx.services.lookups.list('brand');
  }

  @Query(() => [Lookup])
  colors(@Ctx() ctx: RequestContext) {
    return ctx.services.lookups.list('color');
  }
}

@Resolver(() => ProductPage)
export class ProductPageResolver {
  @FieldResolver(() => [Product])
  items(@Root() page: ProductPage, @Ctx() ctx: RequestContext) {
    return ctx.services.products.list(page.filter, page.sort, page);
  }

  @FieldResolver(() => Int)
  async total(@Root() page: ProductPage, @Ctx() ctx: RequestContext) {
    // Asked together with facets: one statement answers both.
    if (page.withFacets) return (await this.countWithFacets(page, ctx)).total;
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
}

@Resolver(() => Product)
export class ProductFieldsResolver {
  @FieldResolver(() => Int, {
    description: 'What the shopper pays per unit: promotion price when on promotion, else price.',
  })
  unitPriceCents(@Root() product: Product): number {
    return unitPriceCents(product);
  }

  @FieldResolver(() => [SizeStock], { description: 'Sizes in display order with their stock.' })
  async sizes(@Root() product: Product, @Ctx() ctx: RequestContext): Promise<SizeStock[]> {
    const rows = await ctx.loaders.stock.load(product.id);
    return rows.map((r) => ({ size: r.size, stock: r.quantity }));
  }

  @FieldResolver(() => Int)
  async totalStock(@Root() product: Product, @Ctx() ctx: RequestContext): Promise<number> {
    const rows = await ctx.loaders.stock.load(product.id);
    return rows.reduce((sum, r) => sum + r.quantity, 0);
  }

  @FieldResolver(() => [ProductImageView], { description: 'Up to 3, in display order.' })
  async images(@Root() product: Product, @Ctx() ctx: RequestContext): Promise<ProductImageView[]> {
    const rows = await ctx.loaders.images.load(product.id);
    return rows.map((r) => ({ id: r.id, fileName: r.fileName, url: productImageUrl(r.fileName) }));
  }
}
