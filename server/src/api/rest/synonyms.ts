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

const busquedaSchema = z
  .object({
    busqueda: z.string().meta({ description: 'The search, lower case, no accents, single spaces' }),
    veces: z.number().int(),
    dia: z.string().meta({ description: 'The Mexico City day, YYYY-MM-DD' }),
  })
  .meta({ id: 'BusquedaSinResultados' });

/** `{ grupo: 'tenis = sneakers = zapatillas' }`; a missing one reaches the service as ''. */
const synonymBody = z.object({ grupo: text(2000).default('') });

/**
 * The admin's synonym groups (/api/sinonimos) and the searches that found nothing
 * (/api/admin/busquedas-sin-resultados), what the owner reads to add a synonym or a product.
 */
export const SYNONYM_ROUTES: readonly RouteDef[] = [
  route({
    method: 'get',
    path: '/admin/busquedas-sin-resultados',
    access: 'admin',
    tag: 'Sinónimos',
    summary:
      'Searches that found nothing, per day (Mexico City) of the last 30, most counted first (admin)',
    response: z.array(busquedaSchema),
    handler: async ({ ctx }) =>
      (await ctx.services.products.searchMisses()).map((m) => ({
        busqueda: m.search,
        veces: m.times,
        dia: m.day,
      })),
  }),
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
