import { z } from 'zod';
import type { SynonymGroup } from '../../modules/catalog/synonym.service.js';
import { noContent, route, type RouteDef } from './route.js';
import { idParams, text } from './schemas.js';

/** A synonym group: `{ id, grupo: 'tenis = sneakers', palabras: ['tenis', 'sneakers'] }`. */
const synonymSchema = z
  .object({ id: z.number().int(), grupo: z.string(), palabras: z.array(z.string()) })
  .meta({ id: 'Sinonimos' });

const toRest = (g: SynonymGroup): z.input<typeof synonymSchema> => ({
  id: g.id,
  grupo: g.name,
  palabras: g.words,
});

/** `{ grupo: 'tenis = sneakers = zapatillas' }`; a missing one reaches the service as ''. */
const synonymBody = z.object({ grupo: text(2000).default('') });

/** The admin's synonym groups: /api/sinonimos. */
export const SYNONYM_ROUTES: readonly RouteDef[] = [
  route({
    method: 'get',
    path: '/sinonimos',
    access: 'admin',
    tag: 'Sinónimos',
    summary: 'Every synonym group the search applies (admin)',
    response: z.array(synonymSchema),
    handler: async ({ ctx }) => (await ctx.services.synonyms.list()).map(toRest),
  }),
  route({
    method: 'post',
    path: '/sinonimos',
    access: 'admin',
    tag: 'Sinónimos',
    summary: "Add a synonym group, words separated by '=' (admin)",
    response: synonymSchema,
    errors: [409],
    body: synonymBody,
    status: 201,
    handler: async ({ body, ctx }) => toRest(await ctx.services.synonyms.create(body.grupo)),
  }),
  route({
    method: 'put',
    path: '/sinonimos/:id',
    access: 'admin',
    tag: 'Sinónimos',
    summary: 'Change a synonym group (admin)',
    response: synonymSchema,
    errors: [409],
    params: idParams,
    body: synonymBody,
    handler: async ({ params, body, ctx }) =>
      toRest(await ctx.services.synonyms.update(params.id, body.grupo)),
  }),
  route({
    method: 'delete',
    path: '/sinonimos/:id',
    access: 'admin',
    tag: 'Sinónimos',
    summary: 'Delete a synonym group (admin)',
    response: noContent,
    params: idParams,
    status: 204,
    handler: async ({ params, ctx }) => {
      await ctx.services.synonyms.delete(params.id);
    },
  }),
];
