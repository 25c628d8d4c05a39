import { Arg, Ctx, Field, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { Access } from '../access.js';
import type { RequestContext } from '../../../http/request-context.js';
import type { SynonymGroup } from '../../../modules/catalog/synonym.service.js';

@ObjectType('SearchSynonym', {
  description: "A group of words a search takes as one ('tenis = sneakers = zapatillas').",
  simpleResolvers: true,
})
export class SearchSynonym implements SynonymGroup {
  @Field(() => Int)
  id!: number;

  @Field(() => [String], { description: 'The words as typed, without repeats.' })
  words!: string[];

  @Field({ description: "The words as one line: 'tenis = sneakers = zapatillas'." })
  name!: string;
}

@ObjectType('SearchMiss', {
  description: 'A search that found nothing, counted per day (Mexico City).',
  simpleResolvers: true,
})
export class SearchMissObject {
  @Field({ description: 'The search, lower case, without accents, single spaces.' })
  search!: string;

  @Field(() => Int)
  times!: number;

  @Field({ description: "The Mexico City day, 'YYYY-MM-DD'." })
  day!: string;
}

@ObjectType('SearchSuggestions', { simpleResolvers: true })
export class SearchSuggestionsObject {
  @Field(() => [String], {
    description: 'The search with its last word completed from the catalogue, at most 6.',
  })
  completions!: string[];

  @Field(() => String, {
    nullable: true,
    description:
      "'¿Quisiste decir …?': when the search finds nothing, the search written with close catalogue words that finds something; else null.",
  })
  didYouMean!: string | null;
}

/**
 * The admin's synonym groups ('Sinónimos' in the lookups screen): a search for one word of a
 * group also finds what the others find. `name` of a write: the words separated by '=' or ','.
 */
@Resolver()
export class SynonymResolver {
  @Query(() => [SearchSynonym])
  @Access('admin')
  searchSynonyms(@Ctx() ctx: RequestContext) {
    return ctx.services.synonyms.list();
  }

  @Query(() => SearchSuggestionsObject, {
    description: 'What the search box offers as the shopper types, and ¿Quisiste decir …?',
  })
  @Access('public')
  searchSuggestions(@Arg('search') search: string, @Ctx() ctx: RequestContext) {
    return ctx.services.products.searchSuggestions(search);
  }

  @Query(() => [SearchMissObject], {
    description:
      "'Búsquedas sin resultados': the last 30 days, newest day first, most counted first.",
  })
  @Access('admin')
  searchMisses(@Ctx() ctx: RequestContext) {
    return ctx.services.products.searchMisses();
  }

  @Mutation(() => SearchSynonym)
  @Access('admin')
  createSearchSynonym(@Arg('name') name: string, @Ctx() ctx: RequestContext) {
    return ctx.services.synonyms.create(name);
  }

  @Mutation(() => SearchSynonym)
  @Access('admin')
  updateSearchSynonym(
    @Arg('id', () => Int) id: number,
    @Arg('name') name: string,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.synonyms.update(id, name);
  }

  @Mutation(() => SearchSynonym)
  @Access('admin')
  deleteSearchSynonym(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext) {
    return ctx.services.synonyms.delete(id);
  }
}
