import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Access } from '../../graphql/access.js';
import type { RequestContext } from '../../http/request-context.js';
import type { SignedIn } from './account.service.js';
import { RegisterInput, UserObject, UserPage } from './user.types.js';

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
    @Ctx() ctx: RequestContext,
  ) {
    return signedIn(ctx, await ctx.services.accounts.signIn(email, password));
  }

  @Mutation(() => UserObject, { description: 'credential: the Google Identity Services ID token.' })
  @Access('public')
  async signInWithGoogle(@Arg('credential') credential: string, @Ctx() ctx: RequestContext) {
    return signedIn(ctx, await ctx.services.accounts.signInWithGoogle(credential));
  }

  @Mutation(() => Boolean, { description: 'Ends the session. Safe to repeat.' })
  @Access('public')
  async signOut(@Ctx() ctx: RequestContext) {
    await ctx.services.accounts.signOut();
    ctx.endSession();
    return true;
  }
}

function signedIn(ctx: RequestContext, result: SignedIn) {
  ctx.startSession(result);
  return result.user;
}
