import {
  Arg,
  Ctx,
  Field,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
} from 'type-graphql';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import { Access } from '../access.js';
import type { RequestContext } from '../../../http/request-context.js';
import { badInput } from '../../../modules/shared/errors.js';
import type { ProductWrite } from '../../../modules/catalog/product-admin.service.js';
import {
  MAX_PHOTO_BYTES,
  PHOTO_MESSAGES,
  PHOTO_REASON,
  type PhotoUpload,
} from '../../../modules/catalog/product-photos.js';
import type { ProductView } from '../../../modules/catalog/product-view.js';
import { ProductObject } from './product.types.js';

@InputType('ProductInput', {
  description:
    "What an admin sends to create or update a product. Gender is derived from the name ('Mujer' when it contains 'Dama').",
})
export class ProductInput {
  @Field({ description: "The spec's 'especial': free-text name and description." })
  special!: boolean;

  @Field({ description: 'Generated (type + brand + number + colour) unless special.' })
  name!: string;

  @Field()
  description!: string;

  @Field(() => Int, { description: 'Integer centavos, more than 0.' })
  priceCents!: number;

  @Field()
  promotion!: boolean;

  @Field(() => Int, {
    nullable: true,
    description: 'Required (more than 0, less than priceCents) when promotion.',
  })
  promotionPriceCents?: number | null;

  @Field(() => [String], { description: 'In display order; non-empty, unique (case-insensitive).' })
  sizes!: string[];

  @Field(() => [Int], { description: 'Units per size, aligned with sizes; 0 or more.' })
  quantities!: number[];

  @Field(() => Int, { nullable: true, description: 'Required unless special.' })
  typeId?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'When null, recovered from the name (the longest brand name it contains).',
  })
  brandId?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'When null, recovered from the name (the longest colour name it contains).',
  })
  colorId?: number | null;
}

@ObjectType('AdminProductPage')
export class AdminProductPage {
  @Field(() => [ProductObject])
  items!: ProductView[];

  @Field(() => Int, { description: 'Products the search leaves.' })
  total!: number;

  @Field(() => Int)
  offset!: number;

  @Field(() => Int)
  limit!: number;
}

const ref = (id: number | null | undefined) => (id == null ? null : { id });

export function toProductWrite(input: ProductInput): ProductWrite {
  return {
    special: input.special,
    name: input.name,
    description: input.description,
    priceCents: input.priceCents,
    promotion: input.promotion,
    promotionPriceCents: input.promotionPriceCents ?? null,
    sizes: input.sizes,
    quantities: input.quantities,
    type: ref(input.typeId),
    brand: ref(input.brandId),
    color: ref(input.colorId),
  };
}

/**
 * A GraphQL multipart upload as the service reads photos: its bytes, at most MAX_PHOTO_BYTES
 * (graphql-upload stops the stream past its own limit, the same size).
 */
export function fromUpload(upload: Promise<FileUpload>): PhotoUpload {
  // An upload the service never reads (the input was refused first) must not reject unheard.
  upload.catch(() => undefined);
  return {
    async read() {
      try {
        const file = await upload;
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of file.createReadStream()) {
          const buffer = chunk as Buffer;
          size += buffer.length;
          if (size > MAX_PHOTO_BYTES) throw new Error('too large');
          chunks.push(buffer);
        }
        return Buffer.concat(chunks);
      } catch {
        throw badInput(PHOTO_MESSAGES.invalid, 'photos', PHOTO_REASON);
      }
    },
  };
}

/** Admin products (issue 9 items 1-2): thin over ProductAdminService. */
@Resolver()
export class ProductAdminResolver {
  @Query(() => AdminProductPage, {
    description:
      'Visible products, newest first; every word of search must appear in the name or the sizes (case-insensitive).',
  })
  @Access('admin')
  async adminProducts(
    @Arg('search', () => String, { nullable: true }) search: string | null,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Arg('limit', () => Int, { defaultValue: 10 }) limit: number,
    @Ctx() ctx: RequestContext,
  ): Promise<AdminProductPage> {
    const page = await ctx.services.productAdmin.list(search, { offset, limit });
    return Object.assign(new AdminProductPage(), { ...page, offset, limit });
  }

  @Mutation(() => ProductObject, { description: 'Creates a product with 1 to 3 photos.' })
  @Access('admin')
  createProduct(
    @Arg('input', () => ProductInput) input: ProductInput,
    @Arg('photos', () => [GraphQLUpload]) photos: Promise<FileUpload>[],
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.productAdmin.create(toProductWrite(input), photos.map(fromUpload));
  }

  @Mutation(() => ProductObject, {
    description:
      'Updates a product. Final photos = existing - removeImageIds + photos (appended); 1 to 3.',
  })
  @Access('admin')
  updateProduct(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => ProductInput) input: ProductInput,
    @Arg('photos', () => [GraphQLUpload], { nullable: true }) photos: Promise<FileUpload>[] | null,
    @Arg('removeImageIds', () => [Int], { nullable: true }) removeImageIds: number[] | null,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.productAdmin.update(
      id,
      toProductWrite(input),
      photos ? photos.map(fromUpload) : null,
      removeImageIds ?? [],
    );
  }

  @Mutation(() => Int, {
    description:
      'Deletes a product and returns its id; one that orders name is hidden instead (its orders keep it).',
  })
  @Access('admin')
  deleteProduct(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext) {
    return ctx.services.productAdmin.delete(id);
  }
}
