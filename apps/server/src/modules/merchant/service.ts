import { STUDIO_PROFILE_FIELDS } from '@studio/contract/dashboard';
import { zoneOffsetsOf } from '@studio/contract/format';
import type { Locale } from '@studio/contract/locale';
import { applyLocalizedInput, type LocalizedText, localize } from '@studio/contract/localized-text';
import {
  type adminMerchantRecord,
  DEFAULT_SHOP_SETTINGS,
  type MchInfo,
  type merchantSaveInput,
  SHOP_RULES,
  type ShopSettings,
} from '@studio/contract/merchant';
import { isPhoneCountry } from '@studio/contract/phone';
import type { ZoneOffsets } from '@studio/contract/zone-offsets';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock';
import { type Db, type DbOrTx, preparedQuery } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { fail } from '../../platform/errors';
import { textIn } from '../../platform/localized-text';
import { inTransaction } from '../../platform/unit-of-work';
import { merchants } from './schema';

type ShopRule = (typeof SHOP_RULES)[number];

export const MERCHANT_ID = 'default';
export type MerchantRow = typeof merchants.$inferSelect;

export const DEFAULT_MERCHANT = {
  id: MERCHANT_ID,
  name: 'Studio',
} satisfies typeof merchants.$inferInsert;

/** The studio row; created with defaults if a fresh database has none yet. */
const merchantById = preparedQuery('merchant_by_id', (db) =>
  db
    .select()
    .from(merchants)
    .where(eq(merchants.id, sql.placeholder('id')))
    .limit(1),
);

export async function getMerchant(db: DbOrTx): Promise<MerchantRow> {
  const [row] = await merchantById(db, { id: MERCHANT_ID });
  if (row) return row;
  await db.insert(merchants).values(DEFAULT_MERCHANT).onConflictDoNothing();
  const [created] = await merchantById(db, { id: MERCHANT_ID });
  return created!;
}

const STUDIO_MEMO_KEY = 'merchant:studio';

/**
 * The studio row as a call outside a transaction reads it: remembered between saves (ctx.deps.memo,
 * forgotten on every instance by forgetStudioRow before a save answers). Inside a transaction, and
 * wherever the row must be read under a lock, getMerchant reads it.
 */
export function studioRow(ctx: { db: Db; deps: AppDeps; clock: Clock }): Promise<MerchantRow> {
  return ctx.deps.memo.remember(STUDIO_MEMO_KEY, ctx.clock.now(), () => getMerchant(ctx.db));
}

/** After a write to the studio row commits, and before it answers. */
export function forgetStudioRow(deps: AppDeps): Promise<void> {
  return deps.memo.forget(STUDIO_MEMO_KEY);
}

const DAY = 86_400_000;
/** How far the offsets sent with the studio's info reach either side of today. */
const ZONE_OFFSETS_REACH = 400 * DAY;
const zoneOffsetsByDay = new Map<string, ZoneOffsets | null>();

/**
 * The offsets of the studio's timezone from ~13 months ago to ~13 months ahead (zoneOffsets), worked
 * out once a day per zone; null for a zone name Intl does not know.
 */
export function studioZoneOffsets(tz: string, now: Date): ZoneOffsets | null {
  const today = Math.floor(now.getTime() / DAY) * DAY;
  const key = `${tz}|${today}`;
  let offsets = zoneOffsetsByDay.get(key);
  if (offsets === undefined) {
    try {
      offsets = tz ? zoneOffsetsOf(tz, today - ZONE_OFFSETS_REACH, today + ZONE_OFFSETS_REACH) : null;
    } catch {
      offsets = null;
    }
    // Yesterday's tables are of no more use.
    if (zoneOffsetsByDay.size >= 16) zoneOffsetsByDay.clear();
    zoneOffsetsByDay.set(key, offsets);
  }
  return offsets;
}

/**
 * The studio's public info, its texts in `locale` (the caller's), else the studio's default language.
 * Its pay types are the ones staff switched on; what members can use, and test mode, also depend on
 * this server's providers (payments module), which the call adds.
 */
export function toMchInfo(row: MerchantRow, locale?: Locale): Omit<MchInfo, 'test_mode'> {
  const name = textIn(row.name, row.nameI18n, locale);
  const share = {
    title: textIn(row.shareTitle, row.shareTitleI18n, locale) || name,
    image: row.shareImage || row.logo,
  };
  return {
    _id: row.id,
    name,
    logo: row.logo,
    description: textIn(row.description, row.descriptionI18n, locale),
    address: textIn(row.address, row.addressI18n, locale),
    phone: row.phone,
    currency: row.currency,
    timezone: row.timezone,
    share,
    h5: { share },
    wechat_login_enabled: row.wechatLoginEnabled,
    cancel_window_hours: row.cancelWindowHours,
    booking_window_days: row.bookingWindowDays,
    pay_types: shopSettingsOf(row).pay_types,
    top_up_presets: shopSettingsOf(row).top_up_presets,
    order_auto_cancel_minutes: row.autoCancelMinutes,
    country: shopSettingsOf(row).country,
    web_view: shopSettingsOf(row).web_view,
  };
}

/** The shop's settings: the stored ones over the defaults. */
export function shopSettingsOf(row: MerchantRow): ShopSettings {
  const stored = row.settings as Partial<ShopSettings>;
  return {
    ...DEFAULT_SHOP_SETTINGS,
    ...stored,
    notice_channels: { ...DEFAULT_SHOP_SETTINGS.notice_channels, ...stored.notice_channels },
    invite_rewards: { ...DEFAULT_SHOP_SETTINGS.invite_rewards, ...stored.invite_rewards },
    service_center: { ...DEFAULT_SHOP_SETTINGS.service_center, ...stored.service_center },
  };
}

/** The shop rules (SHOP_RULES) that `from` holds, and only those. */
function shopRulesOf<T extends Partial<Record<ShopRule, number>>>(from: T): Pick<T, ShopRule> {
  const rules: Partial<Record<ShopRule, number>> = {};
  for (const name of SHOP_RULES) if (from[name] !== undefined) rules[name] = from[name];
  return rules as Pick<T, ShopRule>;
}

export function toAdminMerchantRecord(row: MerchantRow, locale?: Locale): z.input<typeof adminMerchantRecord> {
  return {
    ...toMchInfo(row, locale),
    default_locale: row.defaultLocale,
    token_ttl_days: row.tokenTtlDays,
    ...shopRulesOf(shopSettingsOf(row)),
    notice_channels: shopSettingsOf(row).notice_channels,
    invite_rewards: shopSettingsOf(row).invite_rewards,
    service_center: shopSettingsOf(row).service_center,
    name_i18n: row.nameI18n,
    description_i18n: row.descriptionI18n,
    address_i18n: row.addressI18n,
    share_title_i18n: row.shareTitleI18n,
  };
}

/**
 * A text of the studio after a save: the given input applied in the default language, or, when the
 * text was not given, the same values with the plain column following a new default language.
 */
function savedText(
  input: string | LocalizedText | undefined,
  current: { value: string; values: LocalizedText },
  defaultLocale: Locale,
) {
  if (input !== undefined) return applyLocalizedInput(input, defaultLocale, current.values);
  return { value: localize(current.values, defaultLocale, defaultLocale) || current.value, values: current.values };
}

/**
 * admin/merchant.save: the studio's texts (per locale) and default language; absent fields are kept.
 * The row is locked while it is read and written, so two staff saving at once do not undo each other.
 */
export async function saveMerchant(
  db: DbOrTx,
  input: z.output<typeof merchantSaveInput>,
  now: Date,
): Promise<MerchantRow> {
  if (input.country !== undefined && !isPhoneCountry(input.country)) {
    fail('INVALID_PARAM', { field: 'country' }, { field: 'country', reason: 'unknown' });
  }
  await getMerchant(db);
  return inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(merchants).where(eq(merchants.id, MERCHANT_ID)).for('update');
    const current = row!;
    const defaultLocale = input.default_locale ?? current.defaultLocale;
    const name = savedText(input.name, { value: current.name, values: current.nameI18n }, defaultLocale);
    const description = savedText(
      input.description,
      { value: current.description, values: current.descriptionI18n },
      defaultLocale,
    );
    const address = savedText(input.address, { value: current.address, values: current.addressI18n }, defaultLocale);
    const shareTitle = savedText(
      input.share_title,
      { value: current.shareTitle, values: current.shareTitleI18n },
      defaultLocale,
    );
    const [saved] = await tx
      .update(merchants)
      .set({
        defaultLocale,
        name: name.value,
        nameI18n: name.values,
        description: description.value,
        descriptionI18n: description.values,
        address: address.value,
        addressI18n: address.values,
        shareTitle: shareTitle.value,
        shareTitleI18n: shareTitle.values,
        ...(input.logo !== undefined && { logo: input.logo }),
        ...(input.phone !== undefined && { phone: input.phone }),
        ...(input.currency !== undefined && { currency: input.currency }),
        ...(input.timezone !== undefined && { timezone: input.timezone }),
        ...(input.booking_window_days !== undefined && { bookingWindowDays: input.booking_window_days }),
        ...(input.cancel_window_hours !== undefined && { cancelWindowHours: input.cancel_window_hours }),
        ...(input.token_ttl_days !== undefined && { tokenTtlDays: input.token_ttl_days }),
        ...(input.order_auto_cancel_minutes !== undefined && { autoCancelMinutes: input.order_auto_cancel_minutes }),
        settings: {
          ...shopSettingsOf(current),
          ...(input.pay_types !== undefined && { pay_types: input.pay_types }),
          ...(input.top_up_presets !== undefined && {
            top_up_presets: [...input.top_up_presets].sort((a, b) => a - b),
          }),
          ...shopRulesOf(input),
          ...(input.country !== undefined && { country: input.country }),
          ...(input.web_view !== undefined && { web_view: input.web_view }),
          ...(input.notice_channels !== undefined && {
            notice_channels: { ...shopSettingsOf(current).notice_channels, ...input.notice_channels },
          }),
          ...(input.invite_rewards !== undefined && {
            invite_rewards: { ...shopSettingsOf(current).invite_rewards, ...input.invite_rewards },
          }),
          ...(input.service_center !== undefined && {
            service_center: { ...shopSettingsOf(current).service_center, ...input.service_center },
          }),
        },
        updatedAt: now,
      })
      .where(eq(merchants.id, MERCHANT_ID))
      .returning();
    return saved!;
  });
}

/**
 * A select on the studio's row (by the placeholder `merchant`) of its timezone, its row version
 * (xmin: changes with every save) and `fields`: the base of a read model's cache stamp, so that the
 * stamp stays one statement.
 */
export function selectOnStudioRow<F extends Record<string, SQL.Aliased | SQL>>(db: DbOrTx, fields: F) {
  return db
    .select({ timezone: merchants.timezone, studioVersion: sql<string>`${merchants}.xmin::text`, ...fields })
    .from(merchants)
    .where(eq(merchants.id, sql.placeholder('merchant')))
    .limit(1);
}

/** Whether `mid` names this studio's shop (the cart calls take it; anything else is refused). */
export function isShopId(mid: string): boolean {
  return mid === MERCHANT_ID;
}

/**
 * The demo's payment types, the sandbox test card among them: written only where staff have not
 * chosen theirs, so a demo started on an older database keeps offering the card, and a choice made
 * in Settings → Payments stands.
 */
export async function seedPayTypes(db: DbOrTx, payTypes: ShopSettings['pay_types']): Promise<void> {
  await getMerchant(db);
  await db
    .update(merchants)
    .set({ settings: sql`${merchants.settings} || ${JSON.stringify({ pay_types: payTypes })}::jsonb` })
    .where(and(eq(merchants.id, MERCHANT_ID), sql`${merchants.settings} -> 'pay_types' is null`));
}

/** Which of the studio's name (still the placeholder), logo and address are missing: the go-live checklist's first line. */
export function studioProfileGaps(row: MerchantRow): (typeof STUDIO_PROFILE_FIELDS)[number][] {
  const missing = {
    name: !row.name.trim() || row.name === DEFAULT_MERCHANT.name,
    logo: !row.logo,
    address: !row.address.trim(),
  };
  return STUDIO_PROFILE_FIELDS.filter((field) => missing[field]);
}

/** The studio's row as the demo seed first writes it; an existing row is left as it is. */
export async function seedStudioRow(db: DbOrTx, values: Omit<typeof merchants.$inferInsert, 'id'>): Promise<void> {
  await db
    .insert(merchants)
    .values({ ...values, id: MERCHANT_ID })
    .onConflictDoNothing();
}
