import { z } from 'zod';
import { route, type RouteDef } from './route.js';

const versionSchema = z.object({ version: z.string() }).meta({ id: 'Version' });

/** GET /api/version: the running app's version (the GraphQL `appVersion`). */
export const VERSION_ROUTES: readonly RouteDef[] = [
  route({
    method: 'get',
    path: '/version',
    access: 'public',
    tag: 'Tienda',
    summary: "The running app's version",
    response: versionSchema,
    handler: ({ ctx }) => ({ version: ctx.config.appVersion }),
  }),
];
