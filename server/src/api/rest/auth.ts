import { z } from 'zod';
import { route, type RouteDef } from './route.js';
import { text } from './schemas.js';
import { toUsuarioRest } from './users.js';

const credentials = z.object({ email: text(254), password: text(1024) });

/** Sign-in and sign-out, passwords, the current user, Google sign-in: /api/auth/*. */
export const AUTH_ROUTES: readonly RouteDef[] = [
  route({
    method: 'post',
    path: '/auth/login',
    access: 'public',
    body: credentials,
    handler: async ({ body, ctx }) => {
      const signedIn = await ctx.services.accounts.signIn(body.email, body.password);
      ctx.startSession(signedIn);
      return toUsuarioRest(signedIn.user);
    },
  }),

  route({
    method: 'post',
    path: '/auth/olvide-contrasena',
    access: 'public',
    body: z.object({ email: text(1000) }),
    handler: async ({ body, ctx }) => ({
      mensaje: await ctx.services.passwords.requestReset(body.email),
    }),
  }),

  route({
    method: 'post',
    path: '/auth/restablecer-contrasena',
    access: 'public',
    body: z.object({
      token: text(200),
      password: text(1024),
      confirmacion: text(1024).optional(),
    }),
    handler: async ({ body, ctx }) => {
      const signedIn = await ctx.services.passwords.reset(
        body.token,
        body.password,
        body.confirmacion,
      );
      ctx.startSession(signedIn);
      return toUsuarioRest(signedIn.user);
    },
  }),

  route({
    method: 'post',
    path: '/auth/cambiar-contrasena',
    access: 'signedIn',
    body: z.object({
      actual: text(1024),
      nueva: text(1024),
      confirmacion: text(1024).optional(),
    }),
    handler: async ({ body, ctx }) => {
      const signedIn = await ctx.services.passwords.change(
        body.actual,
        body.nueva,
        body.confirmacion,
      );
      ctx.startSession(signedIn);
      return toUsuarioRest(signedIn.user);
    },
  }),

  route({
    method: 'post',
    path: '/auth/logout',
    access: 'public',
    status: 204,
    handler: async ({ ctx }) => {
      await ctx.services.accounts.signOut();
      ctx.endSession();
    },
  }),

  route({
    method: 'get',
    path: '/auth/me',
    access: 'signedIn',
    handler: ({ ctx }) => toUsuarioRest(ctx.services.accounts.me()!),
  }),

  route({
    method: 'post',
    path: '/auth/google',
    access: 'public',
    body: z.object({ credential: text(8192) }),
    handler: async ({ body, ctx }) => {
      const signedIn = await ctx.services.accounts.signInWithGoogle(body.credential);
      ctx.startSession(signedIn);
      return toUsuarioRest(signedIn.user);
    },
  }),
];
