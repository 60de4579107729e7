import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { foldedKey } from './columns';

/**
 * Accounts. `email` is stored lower-cased and trimmed and is never part
 * of a DTO shown to other users; `password_hash` is an argon2id PHC string (lib/auth/password.ts),
 * null for accounts that only log in through Facebook or Google. `role`: 'basic' or 'admin'.
 * `country`: a country id of lib/validation/enums.ts COUNTRIES.
 */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    publicId: text().notNull(),
    name: text().notNull(),
    /** Folded user name (lib/text.ts): user names are unique case-, accent- and punctuation-insensitively. */
    nameKey: foldedKey().notNull(),
    email: text().notNull(),
    passwordHash: text(),
    role: text({ enum: ['basic', 'admin'] })
      .notNull()
      .default('basic'),
    country: smallint(),
    municipality: text(),
    /** File name of the uploaded profile picture (variants `{size}-{file}`), null without one. */
    picture: text(),
    facebookUrl: text(),
    instagramUrl: text(),
    youtubeUrl: text(),
    tiktokUrl: text(),
    xUrl: text(),
    newsletter: boolean().notNull().default(false),
    emailNotifications: boolean().notNull().default(true),
    /** Other members may send this user e-mail through the site (the address itself stays hidden). */
    userEmail: boolean().notNull().default(false),
    reviewNotifications: boolean().notNull().default(true),
    releaseNotifications: boolean().notNull().default(false),
    points: integer().notNull().default(0),
    /**
     * Version of the secret address of the member's release calendar (lib/data/member-calendar.ts):
     * the address is an HMAC of the account and this number, so a reset (plus one) ends the old one.
     */
    calendarKeyVersion: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_public_id_key').on(t.publicId),
    uniqueIndex('users_name_key_key').on(t.nameKey),
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_name_trgm_idx').using('gin', t.nameKey.op('gin_trgm_ops')),
    // The admins (a handful among all members): who hears of pending catalogue suggestions.
    index('users_admin_idx')
      .on(t.id)
      .where(sql`role = 'admin'`),
  ],
);

/**
 * Server-side sessions ("remember me"): the browser holds a random token, the table its SHA-256
 * (`token_hash`), so a database leak yields no usable session. A session ends at `expires_at`
 * (30 days after its last use, extended on use, but never later than 90 days after `created_at`)
 * or when deleted (logout, "log out everywhere", password change or reset).
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Browser description shown in the session list (User-Agent, at most 300 characters). */
    userAgent: text(),
    ip: text(),
  },
  (t) => [
    uniqueIndex('user_sessions_token_hash_key').on(t.tokenHash),
    index('user_sessions_user_idx').on(t.userId, t.lastUsedAt),
  ],
);

/**
 * Personal API tokens (`Authorization: Bearer …`): SHA-256 of the token, revocable, valid until
 * `expires_at` (chosen at creation: 30, 90 or 365 days). A password change or reset and "log out
 * everywhere" delete them.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash), index('api_tokens_user_idx').on(t.userId)],
);

/** One-time password reset tokens (SHA-256 stored), valid until `expires_at`, spent at `used_at`. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_token_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Rate-limit counters shared by every app process (rate-limiter-flexible's Drizzle store): `key`
 * = limiter prefix and subject (IP or account), `points` consumed in the window ending at `expire`.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    points: integer().notNull(),
    expire: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('rate_limits_expire_idx')
      .on(t.expire)
      .where(sql`expire IS NOT NULL`),
  ],
);

/**
 * Facebook and Google accounts linked to a user (lib/data/linked-identities.ts): `provider` is the
 * Auth.js provider id ('facebook' or 'google'), `subject` the provider's stable user id (Facebook's
 * app-scoped id, Google's `sub`). One provider account links to one user; a user may link one of each.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text({ enum: ['facebook', 'google'] }).notNull(),
    subject: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_identities_provider_subject_key').on(t.provider, t.subject),
    uniqueIndex('user_identities_user_provider_key').on(t.userId, t.provider),
  ],
);
