import { normalisePhone, type PhoneKind } from '@studio/contract/phone';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { fail } from '../../platform/errors';
import { merchants } from './schema';
import { getMerchant, MERCHANT_ID, shopSettingsOf, studioRow } from './service';

/** The studio's country (setting `country`): numbers typed without a "+" are of it. */
export async function studioCountry(ctx: { db: Db; deps: AppDeps; clock: Clock }): Promise<string> {
  return shopSettingsOf(await studioRow(ctx)).country;
}

/**
 * A phone number as a member typed it, in E.164, read with the studio's country: a `mobile` where a
 * text must reach it (MOBILE_INVALID otherwise), any number for an address (PHONE_INVALID).
 */
export async function studioPhone(
  ctx: { db: Db; deps: AppDeps; clock: Clock },
  typed: string,
  kind: PhoneKind = 'mobile',
): Promise<string> {
  return (
    normalisePhone(typed, await studioCountry(ctx), kind) ??
    fail(kind === 'mobile' ? 'MOBILE_INVALID' : 'PHONE_INVALID')
  );
}

/** The demo's country: written only where staff have not chosen one (as seedPayTypes). */
export async function seedStudioCountry(db: DbOrTx, country: string): Promise<void> {
  await getMerchant(db);
  await db
    .update(merchants)
    .set({ settings: sql`${merchants.settings} || ${JSON.stringify({ country })}::jsonb` })
    .where(and(eq(merchants.id, MERCHANT_ID), sql`${merchants.settings} -> 'country' is null`));
}
