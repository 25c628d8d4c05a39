import { Entity, ManyToOne, type Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../accounts/user.entity.js';

@Entity({ tableName: 'address' })
export class Address {
  @PrimaryKey()
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'text' })
  firstName!: string;

  @Property({ type: 'text' })
  lastName!: string;

  @Property({ type: 'text' })
  street!: string;

  @Property({ type: 'text' })
  number!: string;

  /** The spec's `colonia`. */
  @Property({ type: 'text' })
  neighborhood!: string;

  @Property({ type: 'text' })
  postalCode!: string;

  @Property({ type: 'text' })
  city!: string;

  @Property({ type: 'text' })
  state!: string;

  @Property({ type: 'text' })
  references!: string;

  @Property({ type: 'text' })
  phone!: string;

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();

  /** Deleted by the customer: hidden, but orders sent there keep pointing at it. */
  @Property({ type: 'datetime', nullable: true })
  deletedAt: (Date & Opt) | null = null;
}
