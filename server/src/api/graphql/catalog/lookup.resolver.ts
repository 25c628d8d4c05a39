import { Arg, Ctx, Field, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { Access } from '../access.js';
import type { RequestContext } from '../../../http/request-context.js';
import { Brand, Color, ProductType } from '../../../modules/catalog/lookup.entity.js';
import type { LookupItem } from '../../../modules/catalog/lookup.service.js';

@ObjectType('BrandCreation', { simpleResolvers: true })
export class BrandCreation {
  @Field(() => Brand)
  brand!: LookupItem;

  @Field(() => [Brand], { description: "'{brand} Dama' and '{brand} Niño', created with it." })
  variants!: LookupItem[];
}

/**
 * The type, brand and colour lists: anyone reads them; admins write to them, one typed set per
 * list so each answer carries its own typename (Apollo normalises `Brand:3` apart from `Color:3`).
 * Each write returns what it changed; a delete returns the item it removed.
 */
@Resolver()
export class LookupResolver {
  @Query(() => [ProductType])
  @Access('public')
  types(@Ctx() ctx: RequestContext) {
    return ctx.services.lookups.list('type');
  }

  @Query(() => [Brand])
  @Access('public')
  brands(@Ctx() ctx: RequestContext) {
    return ctx.services.lookups.list('brand');
  }

  @Query(() => [Color])
  @Access('public')
  colors(@Ctx() ctx: RequestContext) {
    return ctx.services.lookups.list('color');
  }

  @Mutation(() => ProductType)
  @Access('admin')
  async createProductType(@Arg('name') name: string, @Ctx() ctx: RequestContext) {
    return (await ctx.services.lookups.create('type', name)).item;
  }

  @Mutation(() => ProductType)
  @Access('admin')
  updateProductType(
    @Arg('id', () => Int) id: number,
    @Arg('name') name: string,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.lookups.rename('type', id, name);
  }

  @Mutation(() => ProductType, { description: 'Refused while a product uses it.' })
  @Access('admin')
  deleteProductType(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext) {
    return ctx.services.lookups.delete('type', id);
  }

  @Mutation(() => BrandCreation, {
    description: "Creates the brand with '{brand} Dama' and '{brand} Niño', all or none.",
  })
  @Access('admin')
  async createBrand(@Arg('name') name: string, @Ctx() ctx: RequestContext) {
    const { item, variants } = await ctx.services.lookups.create('brand', name);
    return Object.assign(new BrandCreation(), { brand: item, variants });
  }

  @Mutation(() => Brand)
  @Access('admin')
  updateBrand(
    @Arg('id', () => Int) id: number,
    @Arg('name') name: string,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.lookups.rename('brand', id, name);
  }

  @Mutation(() => Brand, { description: 'Refused while a product uses it.' })
  @Access('admin')
  deleteBrand(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext) {
    return ctx.services.lookups.delete('brand', id);
  }

  @Mutation(() => Color)
  @Access('admin')
  async createColor(@Arg('name') name: string, @Ctx() ctx: RequestContext) {
    return (await ctx.services.lookups.create('color', name)).item;
  }

  @Mutation(() => Color)
  @Access('admin')
  updateColor(
    @Arg('id', () => Int) id: number,
    @Arg('name') name: string,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.lookups.rename('color', id, name);
  }

  @Mutation(() => Color, { description: 'Refused while a product uses it.' })
  @Access('admin')
  deleteColor(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext) {
    return ctx.services.lookups.delete('color', id);
  }
}
