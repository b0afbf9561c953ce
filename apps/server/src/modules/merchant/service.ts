import type { MchInfo } from '@studio/contract/merchant';
import { eq, sql } from 'drizzle-orm';
import { type DbOrTx, preparedQuery } from '../../platform/db';
import { merchants } from './schema';

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

export function toMchInfo(row: MerchantRow): MchInfo {
  const share = { title: row.shareTitle || row.name, image: row.shareImage || row.logo };
  return {
    name: row.name,
    logo: row.logo,
    description: row.description,
    address: row.address,
    phone: row.phone,
    currency: row.currency,
    timezone: row.timezone,
    share,
    h5: { share },
    wechat_login_enabled: row.wechatLoginEnabled,
    cancel_window_hours: row.cancelWindowHours,
    booking_window_days: row.bookingWindowDays,
  };
}
