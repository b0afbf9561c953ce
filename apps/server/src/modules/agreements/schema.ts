import { AGREEMENT_KINDS, type AgreementText } from '@studio/contract/agreements';
import type { Locale } from '@studio/contract/locale';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../account/schema';

/**
 * A version of one of the studio's agreements: its per-language title and sanitized HTML. A draft has
 * no publish time (one draft per kind at most); the current version of a kind is its highest
 * published one. Version numbers start at 1: 0 is the app's own text.
 */
export const agreementVersions = pgTable(
  'agreement_versions',
  {
    id: text().primaryKey(),
    kind: text({ enum: AGREEMENT_KINDS }).notNull(),
    version: integer().notNull(),
    texts: jsonb().$type<Partial<Record<Locale, AgreementText>>>().notNull(),
    publishedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    updatedBy: text().notNull(),
  },
  (t) => [
    uniqueIndex('agreement_versions_kind_version_idx').on(t.kind, t.version),
    uniqueIndex('agreement_versions_one_draft_idx').on(t.kind).where(sql`${t.publishedAt} is null`),
  ],
);

/** A member's acceptance of a version of an agreement (at registration, at a top-up, or when asked). */
export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    userId: text()
      .notNull()
      .references(() => users.id),
    kind: text({ enum: AGREEMENT_KINDS }).notNull(),
    version: integer().notNull(),
    acceptedAt: timestamp({ withTimezone: true }).notNull(),
    how: text({ enum: ['registration', 'asked', 'top_up'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.version] }),
    index('agreement_acceptances_kind_idx').on(t.kind, t.version),
  ],
);
