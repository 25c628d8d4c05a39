import { LEGAL_TEXT_KINDS, LEGAL_TEXT_PATHS, LEGAL_TEXT_TITLES } from '@tienda/rules';
import { z } from 'zod';
import type { LegalPage, LegalTextForAdmin } from '../../modules/legal/legal-texts.js';
import { route, type RouteDef } from './route.js';
import { text } from './schemas.js';

/** A legal page as a visitor reads it (Markdown, the shop's details filled in). */
const textoLegalSchema = z
  .object({
    titulo: z.string(),
    texto: z.string().meta({ description: 'Markdown; render it without raw HTML' }),
    predeterminado: z.boolean().meta({ description: 'The default text (none written)' }),
    actualizado: z.string().nullable().meta({ description: 'ISO 8601; null for the default' }),
  })
  .meta({ id: 'TextoLegal' });

function toTextoLegal(page: LegalPage | LegalTextForAdmin): z.input<typeof textoLegalSchema> {
  return {
    titulo: page.title,
    texto: page.markdown,
    predeterminado: page.isDefault,
    actualizado: page.updatedAt ? new Date(page.updatedAt).toISOString() : null,
  };
}

/**
 * PUT's body: the Markdown (placeholders unfilled). Bounded here against abuse only; the rules
 * of @tienda/rules (20,000 characters, known placeholders) answer with their Spanish messages.
 */
const textoLegalBody = z.strictObject({ texto: text(100_000) });

/**
 * /api/textos-legales/aviso-de-privacidad, /terminos-y-condiciones, /devoluciones-y-cambios:
 * anyone reads a page, an admin replaces its text (an empty one brings the default back).
 */
export const LEGAL_TEXT_ROUTES: readonly RouteDef[] = LEGAL_TEXT_KINDS.flatMap((kind) => {
  const path = `/textos-legales${LEGAL_TEXT_PATHS[kind]}`;
  const title = LEGAL_TEXT_TITLES[kind];
  return [
    route({
      method: 'get',
      path,
      access: 'public',
      tag: 'Textos legales',
      summary: `'${title}' with the shop's details from the settings`,
      response: textoLegalSchema,
      handler: async ({ ctx }) => toTextoLegal(await ctx.services.legal.page(kind)),
    }),
    route({
      method: 'put',
      path,
      access: 'admin',
      tag: 'Textos legales',
      summary: `Replace the text of '${title}' (admin; placeholders unfilled in the answer)`,
      response: textoLegalSchema,
      body: textoLegalBody,
      handler: async ({ body, ctx }) =>
        toTextoLegal(await ctx.services.legal.update(kind, body.texto)),
    }),
  ];
});
