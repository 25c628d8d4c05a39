import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import type { MailKind } from '../../../modules/mail/messages.js';
import type { MailState, OrderEmailView } from '../../../modules/mail/order-emails.service.js';

export enum MailStatusValue {
  PENDING = 'pending',
  SENT = 'sent',
  FAILED = 'failed',
}
registerEnumType(MailStatusValue, {
  name: 'MailStatus',
  description: 'PENDING: waiting to be sent (or retried); SENT; FAILED: given up, see lastError.',
});

@ObjectType('OrderEmail', { simpleResolvers: true })
export class OrderEmailObject implements OrderEmailView {
  @Field(() => Int)
  id!: number;

  @Field(() => String, { description: "The message's kind: 'order-received', 'order-shipped'…" })
  kind!: MailKind;

  @Field({ description: "What a person reads: 'Pedido recibido', 'Pedido enviado'…" })
  title!: string;

  @Field()
  recipient!: string;

  @Field(() => MailStatusValue)
  status!: MailState;

  @Field(() => Int, { description: 'Delivery attempts so far.' })
  attempts!: number;

  @Field(() => String, { nullable: true, description: 'Why the last attempt failed.' })
  lastError!: string | null;

  @Field(() => DateTimeISOResolver)
  createdAt!: Date;

  @Field(() => DateTimeISOResolver, { nullable: true })
  sentAt!: Date | null;

  @Field(() => DateTimeISOResolver, { nullable: true, description: 'Pending only.' })
  nextAttemptAt!: Date | null;
}
