import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { Access } from '../access.js';
import type { RequestContext } from '../../../http/request-context.js';
import {
  AuditAdminObject,
  AuditFilterInput,
  AuditPageObject,
  toAuditEntryObject,
} from './audit.types.js';

/** The admin audit trail (issue 23 item 9): read only; no mutation edits or deletes an entry. */
@Resolver()
export class AuditResolver {
  @Query(() => AuditPageObject, {
    description: 'Admin: the audit trail of admin changes, newest first, filtered and paged.',
  })
  @Access('admin')
  async adminActivity(
    @Arg('filter', () => AuditFilterInput, { nullable: true }) filter: AuditFilterInput | null,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Arg('limit', () => Int, { defaultValue: 10 }) limit: number,
    @Ctx() ctx: RequestContext,
  ): Promise<AuditPageObject> {
    const page = await ctx.services.audit.list(filter ?? {}, { offset, limit });
    return { items: page.items.map(toAuditEntryObject), total: page.total };
  }

  @Query(() => [AuditAdminObject], {
    description: "Admin: the admins the audit trail names, for the Actividad screen's filter.",
  })
  @Access('admin')
  activityAdmins(@Ctx() ctx: RequestContext) {
    return ctx.services.audit.admins();
  }
}
