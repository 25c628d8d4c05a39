import { route, type RouteDef } from './route.js';

/** GET /api/version: the running app's version (the GraphQL `appVersion`). */
export const VERSION_ROUTES: readonly RouteDef[] = [
  route({
    method: 'get',
    path: '/version',
    access: 'public',
    handler: ({ ctx }) => ({ version: ctx.config.appVersion }),
  }),
];
