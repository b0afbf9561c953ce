import type { Locale } from '@studio/contract/locale';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { localizedValues } from '../../platform/localized-text';

/** The studio: one row (id 'default') holding its public info and the settings staff change. */
export const merchants = pgTable(
  'merchants',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    logo: text().notNull().default(''),
    description: text().notNull().default(''),
    address: text().notNull().default(''),
    phone: text().notNull().default(''),
    currency: text().notNull().default('GBP'),
    timezone: text().notNull().default('Europe/London'),
    shareTitle: text().notNull().default(''),
    shareImage: text().notNull().default(''),
    /**
     * The language staff write in: a plain string given to an admin call is this language's value,
     * and a text missing in the caller's language is shown in this one (en, zh-Hans or zh-Hant).
     */
    defaultLocale: text().$type<Locale>().notNull().default('en'),
    /** Per-locale values of name, description, address and the share title, the studio's tagline (platform/localized-text.ts). */
    nameI18n: localizedValues('name_i18n'),
    descriptionI18n: localizedValues('description_i18n'),
    addressI18n: localizedValues('address_i18n'),
    shareTitleI18n: localizedValues('share_title_i18n'),
    wechatLoginEnabled: boolean().notNull().default(false),
    cancelWindowHours: integer().notNull().default(24),
    bookingWindowDays: integer().notNull().default(14),
    autoCancelMinutes: integer().notNull().default(30),
    /** How long a login token lives (RULES.md: 7 days, a setting); more than the 3-day renewal window. */
    tokenTtlDays: integer().notNull().default(7),
    /** Settings added by later issues (points rules, top-up presets...) without a migration each. */
    settings: jsonb().notNull().default({}),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // A token must outlive its renewal window (the last 3 days), or every call would renew it.
  (t) => [
    check('merchants_token_ttl_days_check', sql`${t.tokenTtlDays} between 4 and 365`),
    check('merchants_default_locale_check', sql`${t.defaultLocale} in ('en', 'zh-Hans', 'zh-Hant')`),
  ],
);
