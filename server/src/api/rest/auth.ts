import { z } from 'zod';
import { noContent, route, type RouteDef } from './route.js';
import { text } from './schemas.js';
import { toUsuarioRest, usuarioSchema } from './users.js';

/** A TOTP code (6 digits) or a recovery code ('K7MQ-2XRT-9ABC'), as typed. */
const codigo = text(40);
const credentials = z.object({
  email: text(254),
  password: text(1024),
  codigo: codigo.optional(),
});

/** The answer of a request that says what happens next ('Si el correo existe…'). */
const mensajeSchema = z.object({ mensaje: z.string() }).meta({ id: 'Mensaje' });

/** A started two-factor enrolment: the secret, as a URL and as a QR code to scan. */
const enrolmentSchema = z
  .object({
    secreto: z.string().meta({ description: 'Base32 TOTP secret' }),
    otpauthUrl: z.string(),
    qr: z.string().meta({ description: 'The otpauth URL as a QR code (data: URL of an image)' }),
  })
  .meta({ id: 'Enrolamiento2FA' });

const recoveryCodesSchema = z
  .object({ codigosRecuperacion: z.array(z.string()) })
  .meta({ id: 'CodigosRecuperacion' });

/** Sign-in and sign-out, passwords, the current user, Google sign-in: /api/auth/*. */
export const AUTH_ROUTES: readonly RouteDef[] = [
  route({
    method: 'post',
    path: '/auth/login',
    access: 'public',
    tag: 'Sesión',
    summary: 'Sign in with e-mail and password (and a second-factor code for admins who use one)',
    description: 'Sets the session cookie.',
    response: usuarioSchema,
    errors: [401, 429],
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
    tag: 'Sesión',
    summary: 'Ask for a password-reset e-mail (same answer whether the account exists or not)',
    response: mensajeSchema,
    errors: [429],
    body: z.object({ email: text(1000) }),
    handler: async ({ body, ctx }) => ({
      mensaje: await ctx.services.passwords.requestReset(body.email),
    }),
  }),

  route({
    method: 'post',
    path: '/auth/restablecer-contrasena',
    access: 'public',
    tag: 'Sesión',
    summary: "Set a new password with the e-mail's token, and sign in",
    response: usuarioSchema,
    errors: [429],
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
    tag: 'Sesión',
    summary: 'Change one’s password (the current one is asked); other sessions end',
    response: usuarioSchema,
    errors: [429],
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
    tag: 'Sesión',
    summary: 'Sign out (ends the session and clears the cookie)',
    response: noContent,
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
    tag: 'Sesión',
    summary: 'The signed-in user',
    response: usuarioSchema,
    handler: ({ ctx }) => toUsuarioRest(ctx.services.accounts.me()!),
  }),

  route({
    method: 'post',
    path: '/auth/google',
    access: 'public',
    tag: 'Sesión',
    summary: 'Sign in with a Google ID token (`credential`), creating the account the first time',
    response: usuarioSchema,
    errors: [401, 429],
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
    tag: 'Sesión',
    summary: 'Start two-factor sign-in (admins): a new TOTP secret to confirm',
    response: enrolmentSchema,
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
    tag: 'Sesión',
    summary: "Turn two-factor sign-in on with the authenticator's first code: the recovery codes",
    response: recoveryCodesSchema,
    errors: [429],
    body: z.object({ codigo }),
    handler: async ({ body, ctx }) => ({
      codigosRecuperacion: await ctx.services.secondFactor.confirm(body.codigo),
    }),
  }),

  route({
    method: 'post',
    path: '/auth/2fa/desactivar',
    access: 'signedIn',
    tag: 'Sesión',
    summary: 'Turn two-factor sign-in off with a current code',
    response: noContent,
    errors: [429],
    status: 204,
    body: z.object({ codigo }),
    handler: async ({ body, ctx }) => {
      await ctx.services.secondFactor.disable(body.codigo);
    },
  }),
];
