import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Accounts of the embedded identity provider (only used when AUTH_DOMAIN is unset). */
export const idpAccounts = pgTable('idp_accounts', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  /** scrypt$N$r$p$salt$hash, all base64url. */
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** oidc-provider's stored models (sessions, grants, codes, refresh tokens), so sign-ins survive a restart. */
export const idpPayloads = pgTable(
  'idp_payloads',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
);

/** Signing keys and cookie secrets of the embedded provider, generated once. */
export const idpSecrets = pgTable('idp_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
