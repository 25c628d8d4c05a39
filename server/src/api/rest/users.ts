import { z } from 'zod';
import type { SessionUser } from '../../modules/accounts/access.js';
import { MAX_USERS_PAGE_SIZE } from '../../modules/accounts/account.service.js';
import { ROLES } from '../../modules/accounts/user.entity.js';
import { notFound } from '../../modules/shared/errors.js';
import { route, type RouteDef } from './route.js';
import { DEFAULT_REST_PAGE_SIZE, idParams, pageQuery, text } from './schemas.js';

/** A user as the spec's REST clients know it. Never a password or its hash. */
export const usuarioSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    rol: z.enum(ROLES),
    estado: z.boolean().meta({ description: 'false: the account is deactivated' }),
    idGoogle: z.string().meta({ description: "'no' for accounts registered with a password" }),
    telefono: z.string().meta({ description: "'no' for Google accounts" }),
    imgGoogle: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Usuario' });
export type UsuarioRest = z.input<typeof usuarioSchema>;

export function toUsuarioRest(user: SessionUser): UsuarioRest {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    rol: user.role,
    estado: user.active,
    idGoogle: user.googleId ?? 'no',
    telefono: user.phone ?? 'no',
    imgGoogle: user.pictureUrl,
    createdAt: user.createdAt.toISOString(),
  };
}

/** POST /api/usuarios with the spec's fields. `rol`, `estado` and `idGoogle` are ignored. */
const usuarioBody = z.object({
  name: text(1000),
  email: text(1000),
  password: text(1024),
  telefono: text(100),
  passwordConfirmation: text(1024).optional(),
});

/** Users: the admin's list, registration (the spec's POST /api/usuarios), one user. */
export const USER_ROUTES: readonly RouteDef[] = [
  route({
    method: 'get',
    path: '/usuarios',
    access: 'admin',
    tag: 'Usuarios',
    summary: 'Every user, paged (admin)',
    headers: { 'X-Total-Count': 'How many users there are, over all pages' },
    response: z.array(usuarioSchema),
    query: z.object(pageQuery(DEFAULT_REST_PAGE_SIZE, MAX_USERS_PAGE_SIZE)),
    handler: async ({ query, ctx, res }) => {
      const page = await ctx.services.accounts.listUsers({
        offset: query.desde,
        limit: query.limite,
      });
      res.set('X-Total-Count', String(page.total));
      return page.items.map(toUsuarioRest);
    },
  }),

  route({
    method: 'post',
    path: '/usuarios',
    access: 'public',
    tag: 'Usuarios',
    summary: 'Register a customer account, and sign in (sets the session cookie)',
    response: usuarioSchema,
    errors: [409, 429],
    body: usuarioBody,
    status: 201,
    handler: async ({ body, ctx }) => {
      const signedIn = await ctx.services.accounts.register({
        name: body.name,
        email: body.email,
        password: body.password,
        phone: body.telefono,
        passwordConfirmation: body.passwordConfirmation,
      });
      ctx.startSession(signedIn);
      return toUsuarioRest(signedIn.user);
    },
  }),

  route({
    method: 'get',
    path: '/usuarios/:id',
    access: 'signedIn',
    tag: 'Usuarios',
    summary: 'One user: oneself, or anyone for an admin',
    response: usuarioSchema,
    params: idParams,
    handler: async ({ params, ctx }) => {
      const user = await ctx.services.accounts.getUser(params.id);
      if (!user) throw notFound('Usuario no encontrado');
      return toUsuarioRest(user);
    },
  }),
];
