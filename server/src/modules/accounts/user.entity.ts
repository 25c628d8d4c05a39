import { Entity, Enum, Index, type Opt, PrimaryKey, Property, Unique } from '@mikro-orm/core';

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** An account (app_user). True to the migrated schema: test/entity-schema-drift.test.ts. */
@Entity({ tableName: 'app_user' })
@Index({
  name: 'app_user_email_ci_key',
  expression: 'create unique index app_user_email_ci_key on app_user (lower(email))',
})
@Index({
  name: 'app_user_name_search_idx',
  expression:
    'create index app_user_name_search_idx on app_user using gin (f_search_text(name) gin_trgm_ops)',
})
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

  @Enum({ items: () => ROLES, type: 'text', default: 'user' })
  role: Role & Opt = 'user';

  /** The spec's `estado`. */
  @Property({ type: 'boolean', default: true })
  active: boolean & Opt = true;

  @Property({ type: 'text', nullable: true })
  @Unique({ name: 'app_user_google_id_key' })
  googleId: (string & Opt) | null = null;

  @Property({ type: 'text', nullable: true })
  phone: (string & Opt) | null = null;

  /** The Google profile picture, for accounts that signed in with Google. */
  @Property({ type: 'text', nullable: true })
  pictureUrl: (string & Opt) | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
