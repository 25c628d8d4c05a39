import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';

/** The three legal pages; the internal values are @tienda/rules' `LegalTextKind`. */
export enum LegalTextKindValue {
  PRIVACY = 'privacy',
  TERMS = 'terms',
  RETURNS = 'returns',
}
registerEnumType(LegalTextKindValue, {
  name: 'LegalTextKind',
  description: "The shop's legal pages (issue 25, item 7).",
  valuesConfig: {
    PRIVACY: { description: "'Aviso de privacidad' (integral, LFPDPPP)." },
    TERMS: { description: "'Términos y condiciones' (LFPC art. 76 Bis)." },
    RETURNS: { description: "'Devoluciones y cambios' (LFPC art. 56)." },
  },
});

@ObjectType('LegalPage', {
  description: "A legal page as a visitor reads it: Markdown with the shop's details filled in.",
})
export class LegalPageObject {
  @Field(() => LegalTextKindValue)
  kind!: LegalTextKindValue;

  @Field({ description: "The page's title ('Aviso de privacidad')." })
  title!: string;

  @Field({
    description:
      'Markdown; placeholders such as {razonSocial} already filled from the settings. Clients render it without raw HTML.',
  })
  markdown!: string;

  @Field({ description: 'Whether it is the default text (the admin has not written one).' })
  isDefault!: boolean;

  @Field(() => DateTimeISOResolver, { nullable: true, description: 'Null for the default.' })
  updatedAt!: Date | null;
}

@ObjectType('LegalText', {
  description: 'A legal text as the admin edits it (placeholders unfilled).',
})
export class LegalTextObject {
  @Field(() => LegalTextKindValue)
  kind!: LegalTextKindValue;

  @Field()
  title!: string;

  @Field({ description: 'The stored text, or the default when none is stored.' })
  markdown!: string;

  @Field({ description: 'The default text (what saving an empty text brings back).' })
  defaultMarkdown!: string;

  @Field()
  isDefault!: boolean;

  @Field(() => DateTimeISOResolver, { nullable: true })
  updatedAt!: Date | null;
}
