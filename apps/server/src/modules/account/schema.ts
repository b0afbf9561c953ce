import { ROLES } from '@studio/contract/account';
import type { Locale } from '@studio/contract/locale';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: text().primaryKey(),
    username: text(),
    email: text(),
    mobile: text(),
    passwordHash: text(),
    nickname: text().notNull().default(''),
    avatar: text(),
    gender: smallint().$type<0 | 1 | 2>().notNull().default(0),
    birthday: date({ mode: 'string' }),
    roles: text({ enum: ROLES }).array().notNull().default(sql`'{member}'::text[]`),
    permissions: text().array().notNull().default(sql`'{}'::text[]`),
    isVerifyStaff: boolean().notNull().default(false),
    inviteCode: text().notNull(),
    inviterId: text(),
    invitedAt: timestamp({ withTimezone: true }),
    /**
     * No longer read: the lockout lives in login_failures and login_guesses. Kept only while
     * admin-bootstrap.ts and contacts.ts still clear them on a new password; drop both then.
     */
    failedLogins: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    disabled: boolean().notNull().default(false),
    /** The language the member's app last used (vk-locale), for what reaches them outside it; null: the studio's. */
    locale: text().$type<Locale>(),
    ...timestamps,
  },
  (t) => [
    // Case-insensitive uniqueness: "Alice" and "alice" are one account.
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_mobile_key').on(t.mobile),
    uniqueIndex('users_invite_code_key').on(t.inviteCode),
    index('users_inviter_idx').on(t.inviterId),
    // Who joined in a range (the owner's members report, the dashboard's new members).
    index('users_created_idx').on(t.createdAt),
    // The back office's member search (searchUsers): `ilike '%word%'` on each of these, one
    // pg_trgm index each, combined by a BitmapOr (a sequential scan of every member otherwise).
    index('users_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
    index('users_nickname_trgm_idx').using('gin', sql`${t.nickname} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_mobile_trgm_idx').using('gin', sql`${t.mobile} gin_trgm_ops`),
  ],
);

/** One row per issued token, so that logout and password changes can revoke it. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    deviceId: text(),
    /** The token that renewed this one; later renewals with this token answer that same one. */
    renewedTo: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId, t.createdAt)],
);

/** Verification codes sent by e-mail or SMS; only a hash is kept. */
export const verifyCodes = pgTable(
  'verify_codes',
  {
    id: text().primaryKey(),
    channel: text().notNull(), // 'email' | 'sms'
    target: text().notNull(),
    purpose: text().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verify_codes_target_idx').on(t.channel, t.target, t.purpose, t.createdAt)],
);

/** Files members uploaded (avatars and later review images). */
export const uploads = pgTable(
  'uploads',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    name: text().notNull(),
    size: integer().notNull(),
    mime: text().notNull(),
    width: integer(),
    height: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('uploads_url_key').on(t.url), index('uploads_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Wrong passwords per account and client address (the lockout of RULES.md, lockout.ts): `account`
 * is the member's id and a digest of their password hash (memberKey: a new password starts afresh),
 * or for a name no account has `name:` and what was typed (lower case), so that an unknown account
 * counts and locks exactly like a real one; `address` is the client's address as the rate limiter
 * keys it, or '' for the row whose lock holds every address (30 wrong in an hour).
 * Rows untouched for 30 days are forgotten (no lock lasts that long).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    account: text().notNull(),
    address: text().notNull(),
    failures: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.account, t.address] }), index('login_failures_updated_idx').on(t.updatedAt)],
);

/**
 * Password guesses at an account from any address, one row each, kept an hour: the account-wide
 * limit counts them over a sliding hour. A guess gets its row before its password is compared (so
 * parallel guesses count), and a right password takes its row back.
 */
export const loginGuesses = pgTable(
  'login_guesses',
  {
    id: text().primaryKey(),
    account: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('login_guesses_account_idx').on(t.account, t.at), index('login_guesses_at_idx').on(t.at)],
);
