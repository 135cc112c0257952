import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Drizzle's view of the tables that the SQL migrations in ./migrations create. Tables carry no
 * schema name: the connection's search_path picks the schema (tests isolate themselves this way).
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `builtin` for the built-in provider, else the external issuer URL. */
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    slug: text('slug').notNull(),
    displayName: text('display_name'),
    permissions: jsonb('permissions').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_issuer_subject_key').on(t.issuer, t.subject),
    uniqueIndex('accounts_slug_key').on(t.slug),
    uniqueIndex('accounts_email_key').on(sql`lower(${t.email})`),
  ],
);

export const agreements = pgTable(
  'agreements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    isMandatory: boolean('is_mandatory').notNull(),
  },
  (t) => [uniqueIndex('agreements_type_version_key').on(t.type, t.version)],
);

export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.agreementId] })],
);

export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** Set on the personal organisation created with an account; at most one per account. */
    personalAccountId: uuid('personal_account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('organisations_slug_key').on(t.slug),
    uniqueIndex('organisations_personal_account_key').on(t.personalAccountId),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    role: text('role').$type<'member' | 'admin' | 'owner'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.accountId] }), index('memberships_account_idx').on(t.accountId)],
);

/** Email + password accounts of the built-in OpenID provider (absent with an external issuer). */
export const localUsers = pgTable(
  'local_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('local_users_email_key').on(sql`lower(${t.email})`)],
);

/** Secrets generated once and shared by every node: OpenID signing keys, cookie keys. */
export const secrets = pgTable('secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/** Storage of the built-in provider's sessions, grants, codes and tokens (its adapter). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
  ],
);
