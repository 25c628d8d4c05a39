import { Entity, type Opt, PrimaryKey, Property } from '@mikro-orm/core';

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

@Entity({ tableName: 'app_user' })
export class User {
  @PrimaryKey()
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  /** Unique case-insensitively (index on lower(email)). */
  @Property({ type: 'text' })
  email!: string;

  /** argon2id hash; null for accounts that only sign in with Google. Never leaves the server. */
  @Property({ type: 'text', nullable: true, hidden: true, lazy: true })
  passwordHash: (string & Opt) | null = null;

  @Property({ type: 'text' })
  role: Role & Opt = 'user';

  /** The spec's `estado`. */
  @Property({ type: 'boolean' })
  active: boolean & Opt = true;

  @Property({ type: 'text', nullable: true })
  googleId: (string & Opt) | null = null;

  @Property({ type: 'text', nullable: true })
  phone: (string & Opt) | null = null;

  /** The Google profile picture, for accounts that signed in with Google. */
  @Property({ type: 'text', nullable: true })
  pictureUrl: (string & Opt) | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();
}
