import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Access } from '../access.js';
import type { RequestContext } from '../../../http/request-context.js';
import type { SignedIn } from '../../../modules/accounts/account.service.js';
import { secondFactorMissing } from '../../../modules/accounts/second-factor.js';
import { RegisterInput, TwoFactorEnrolmentObject, UserObject, UserPage } from './user.types.js';

const CODE_ARG =
  "For an account with two-factor sign-in: the authenticator app's current code or a recovery code.";

/** Registration, sign-in and sign-out, the current user, and the admin's users list. */
@Resolver()
export class AccountResolver {
  @Query(() => UserObject, { nullable: true, description: 'The signed-in user; null if none.' })
  @Access('public')
  me(@Ctx() ctx: RequestContext) {
    return ctx.services.accounts.me();
  }

  @Query(() => Boolean, {
    description: 'Whether no account uses this e-mail (case-insensitive).',
  })
  @Access('public')
  emailAvailable(@Arg('email') email: string, @Ctx() ctx: RequestContext) {
    return ctx.services.accounts.emailAvailable(email);
  }

  @Query(() => UserPage, { description: 'Admin: users by id, a page at a time.' })
  @Access('admin')
  users(
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Arg('limit', () => Int, { defaultValue: 10 }) limit: number,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.accounts.listUsers({ offset, limit });
  }

  @Query(() => UserObject, {
    nullable: true,
    description: 'One user: yourself, or anyone for an admin.',
  })
  @Access('signedIn')
  user(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext) {
    return ctx.services.accounts.getUser(id);
  }

  @Mutation(() => UserObject, { description: 'Creates a customer account and signs it in.' })
  @Access('public')
  async register(@Arg('input') input: RegisterInput, @Ctx() ctx: RequestContext) {
    return signedIn(ctx, await ctx.services.accounts.register(input));
  }

  @Mutation(() => UserObject)
  @Access('public')
  async signIn(
    @Arg('email') email: string,
    @Arg('password') password: string,
    @Arg('code', () => String, { nullable: true, description: CODE_ARG }) code: string | null,
    @Ctx() ctx: RequestContext,
  ) {
    return signedIn(ctx, await ctx.services.accounts.signIn(email, password, code));
  }

  @Mutation(() => UserObject, { description: 'credential: the Google Identity Services ID token.' })
  @Access('public')
  async signInWithGoogle(
    @Arg('credential') credential: string,
    @Arg('code', () => String, { nullable: true, description: CODE_ARG }) code: string | null,
    @Ctx() ctx: RequestContext,
  ) {
    return signedIn(ctx, await ctx.services.accounts.signInWithGoogle(credential, code));
  }

  @Mutation(() => String, {
    description:
      'Sends a password reset link to the account with this e-mail, if any. Always answers the same sentence.',
  })
  @Access('public')
  requestPasswordReset(@Arg('email') email: string, @Ctx() ctx: RequestContext) {
    return ctx.services.passwords.requestReset(email);
  }

  @Mutation(() => UserObject, {
    description:
      "A new password with a reset link's token (single use, 1 hour, newest link only); ends every session of the account and signs in.",
  })
  @Access('public')
  async resetPassword(
    @Arg('token') token: string,
    @Arg('password') password: string,
    @Arg('passwordConfirmation', () => String, { nullable: true })
    passwordConfirmation: string | null,
    @Arg('code', () => String, { nullable: true, description: CODE_ARG }) code: string | null,
    @Ctx() ctx: RequestContext,
  ) {
    return signedIn(
      ctx,
      await ctx.services.passwords.reset(token, password, passwordConfirmation, code),
    );
  }

  @Mutation(() => UserObject, {
    description:
      "The signed-in user's new password, given the current one; ends the account's other sessions.",
  })
  @Access('signedIn')
  async changePassword(
    @Arg('currentPassword') currentPassword: string,
    @Arg('newPassword') newPassword: string,
    @Arg('passwordConfirmation', () => String, { nullable: true })
    passwordConfirmation: string | null,
    @Ctx() ctx: RequestContext,
  ) {
    return signedIn(
      ctx,
      await ctx.services.passwords.change(currentPassword, newPassword, passwordConfirmation),
    );
  }

  @Mutation(() => TwoFactorEnrolmentObject, {
    description:
      'Admins: starts turning two-factor sign-in on (a new secret, replacing a pending one).',
  })
  @Access('signedIn')
  startTwoFactor(@Ctx() ctx: RequestContext) {
    return ctx.services.secondFactor.start();
  }

  @Mutation(() => [String], {
    description:
      "The authenticator app's first code turns two-factor sign-in on; answers the ten single-use recovery codes.",
  })
  @Access('signedIn')
  confirmTwoFactor(@Arg('code') code: string, @Ctx() ctx: RequestContext) {
    return ctx.services.secondFactor.confirm(code);
  }

  @Mutation(() => Boolean, {
    description: 'Turns two-factor sign-in off, given a current code or a recovery code.',
  })
  @Access('signedIn')
  async disableTwoFactor(@Arg('code') code: string, @Ctx() ctx: RequestContext) {
    await ctx.services.secondFactor.disable(code);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Ends the session. Safe to repeat.' })
  @Access('public')
  async signOut(@Ctx() ctx: RequestContext) {
    await ctx.services.accounts.signOut();
    ctx.endSession();
    return true;
  }
}

/** User fields that depend on the shop's configuration. */
@Resolver(() => UserObject)
export class UserFieldResolver {
  @FieldResolver(() => Boolean, {
    description:
      'True for an admin who must turn two-factor sign-in on before using the back office (ADMIN_2FA=required).',
  })
  twoFactorEnrolmentRequired(@Root() user: UserObject, @Ctx() ctx: RequestContext): boolean {
    return secondFactorMissing(user, ctx.config.admin2fa);
  }
}

function signedIn(ctx: RequestContext, result: SignedIn) {
  ctx.startSession(result);
  return result.user;
}
