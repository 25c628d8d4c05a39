import { z } from 'zod';
import { route, type RouteDef } from './route.js';
import { text } from './schemas.js';
import { toUsuarioRest } from './users.js';

/** A TOTP code (6 digits) or a recovery code ('K7MQ-2XRT-9ABC'), as typed. */
const codigo = text(40);
const credentials = z.object({
  email: text(254),
  password: text(1024),
  codigo: codigo.optional(),
});

/** Sign-in and sign-out, passwords, the current user, Google sign-in: /api/auth/*. */
export const AUTH_ROUTES: readonly RouteDef[] = [
  route({
    method: 'post',
    path: '/auth/login',
    access: 'public',
    body: credentials,
    handler: async ({ body, ctx }) => {
      const signedIn = await ctx.services.accounts.signIn(body.email, body.password, body.codigo);
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
      codigo: codigo.optional(),
    }),
    handler: async ({ body, ctx }) => {
      const signedIn = await ctx.services.passwords.reset(
        body.token,
        body.password,
        body.confirmacion,
        body.codigo,
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
    body: z.object({ credential: text(8192), codigo: codigo.optional() }),
    handler: async ({ body, ctx }) => {
      const signedIn = await ctx.services.accounts.signInWithGoogle(body.credential, body.codigo);
      ctx.startSession(signedIn);
      return toUsuarioRest(signedIn.user);
    },
  }),

  // Two-factor sign-in (admins): start, confirm with the first code, turn off with a current one.
  route({
    method: 'post',
    path: '/auth/2fa',
    access: 'signedIn',
    handler: async ({ ctx }) => {
      const enrolment = await ctx.services.secondFactor.start();
      return {
        secreto: enrolment.secret,
        otpauthUrl: enrolment.otpauthUrl,
        qr: enrolment.qrCode,
      };
    },
  }),

  route({
    method: 'post',
    path: '/auth/2fa/confirmar',
    access: 'signedIn',
    body: z.object({ codigo }),
    handler: async ({ body, ctx }) => ({
      codigosRecuperacion: await ctx.services.secondFactor.confirm(body.codigo),
    }),
  }),

  route({
    method: 'post',
    path: '/auth/2fa/desactivar',
    access: 'signedIn',
    status: 204,
    body: z.object({ codigo }),
    handler: async ({ body, ctx }) => {
      await ctx.services.secondFactor.disable(body.codigo);
    },
  }),
];
