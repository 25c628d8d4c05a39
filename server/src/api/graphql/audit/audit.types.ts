import { DateTimeISOResolver } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { AuditFields } from '../../../modules/audit/audit-trail.js';
import type { AuditEntryView, AuditFilter } from '../../../modules/audit/audit.service.js';

@ObjectType('AuditChange', {
  description: 'One changed field of an entry: its value before and after, as JSON text.',
})
export class AuditChangeObject {
  @Field({ description: "The field's English name: 'priceCents', 'status', 'size:M'…" })
  field!: string;

  @Field(() => String, {
    nullable: true,
    description: 'JSON of the value before; null when the field did not exist (a creation).',
  })
  before!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'JSON of the value after; null when the field is gone (a deletion).',
  })
  after!: string | null;
}

/** The changed fields of both sides, in the order before's keys then after's new ones. */
export function changesOf(before: AuditFields, after: AuditFields): AuditChangeObject[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => ({
    field,
    before: field in before ? JSON.stringify(before[field]) : null,
    after: field in after ? JSON.stringify(after[field]) : null,
  }));
}

@ObjectType('AuditEntry', { description: 'One admin change of the audit trail.' })
export class AuditEntryObject {
  @Field(() => Int)
  id!: number;

  @Field(() => DateTimeISOResolver, { description: 'When (the change’s transaction time).' })
  at!: Date;

  @Field(() => Int, { description: 'The admin who made it.' })
  userId!: number;

  @Field({ description: "The admin's e-mail at the time." })
  userEmail!: string;

  @Field({ description: 'The address the request came from.' })
  ip!: string;

  @Field({ description: "The action's code: 'product.update', 'order.status', 'lookup.rename'…" })
  action!: string;

  @Field({ description: "What changed: 'product', 'order', 'type', 'brand', 'color', 'email'…" })
  objectKind!: string;

  @Field(() => String, { nullable: true })
  objectId!: string | null;

  @Field({ description: 'Its name as it was then.' })
  objectLabel!: string;

  @Field(() => [AuditChangeObject], { description: 'The changed fields only.' })
  changes!: AuditChangeObject[];
}

export const toAuditEntryObject = (e: AuditEntryView): AuditEntryObject => ({
  id: e.id,
  at: e.at,
  userId: e.userId,
  userEmail: e.userEmail,
  ip: e.ip,
  action: e.action,
  objectKind: e.objectKind,
  objectId: e.objectId,
  objectLabel: e.objectLabel,
  changes: changesOf(e.before, e.after),
});

@ObjectType('AuditPage')
export class AuditPageObject {
  @Field(() => [AuditEntryObject])
  items!: AuditEntryObject[];

  @Field(() => Int, { description: 'Entries the filter leaves.' })
  total!: number;
}

@ObjectType('AuditAdmin', { description: 'An admin the trail names.' })
export class AuditAdminObject {
  @Field(() => Int)
  userId!: number;

  @Field()
  email!: string;
}

@InputType('AuditFilter')
export class AuditFilterInput implements AuditFilter {
  @Field(() => Int, { nullable: true, description: "Only this admin's entries." })
  userId?: number | null;

  @Field(() => String, { nullable: true, description: "Only this action ('product.update'…)." })
  action?: string | null;

  @Field(() => DateTimeISOResolver, { nullable: true, description: 'From this instant on.' })
  from?: Date | null;

  @Field(() => DateTimeISOResolver, { nullable: true, description: 'Before this instant.' })
  to?: Date | null;
}
