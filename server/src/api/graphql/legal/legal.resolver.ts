import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Access } from '../access.js';
import type { RequestContext } from '../../../http/request-context.js';
import type { LegalPage, LegalTextForAdmin } from '../../../modules/legal/legal-texts.js';
import { LegalPageObject, LegalTextKindValue, LegalTextObject } from './legal.types.js';

const asPage = (page: LegalPage): LegalPageObject => ({
  ...page,
  kind: page.kind as LegalTextKindValue,
});
const asText = (text: LegalTextForAdmin): LegalTextObject => ({
  ...text,
  kind: text.kind as LegalTextKindValue,
});

/** The legal pages: anyone reads them, admins edit their texts. */
@Resolver()
export class LegalResolver {
  @Query(() => LegalPageObject, {
    description:
      "A legal page: the admin's text or the default, with the shop's legal name, address, phone and e-mail from the settings.",
  })
  @Access('public')
  async legalPage(
    @Arg('kind', () => LegalTextKindValue) kind: LegalTextKindValue,
    @Ctx() ctx: RequestContext,
  ): Promise<LegalPageObject> {
    return asPage(await ctx.services.legal.page(kind));
  }

  @Query(() => [LegalTextObject], { description: 'The three legal texts as written (admin).' })
  @Access('admin')
  async adminLegalTexts(@Ctx() ctx: RequestContext): Promise<LegalTextObject[]> {
    return (await ctx.services.legal.adminTexts()).map(asText);
  }

  @Mutation(() => LegalTextObject, {
    description:
      "Saves a legal page's Markdown (at most 20,000 characters, known placeholders only); an empty text brings the default back.",
  })
  @Access('admin')
  async updateLegalText(
    @Arg('kind', () => LegalTextKindValue) kind: LegalTextKindValue,
    @Arg('markdown') markdown: string,
    @Ctx() ctx: RequestContext,
  ): Promise<LegalTextObject> {
    return asText(await ctx.services.legal.update(kind, markdown));
  }
}
