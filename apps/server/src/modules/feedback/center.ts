import { type FeedbackMemberCard, MEMBER_CARD_ROWS, mapLinkOf, type ServiceCenter } from '@studio/contract/feedback';
import type { Locale } from '@studio/contract/locale';
import { localize } from '@studio/contract/localized-text';
import type { DbOrTx } from '../../platform/db';
import type { CallContext } from '../../platform/protocol';
import { briefsOf } from '../account';
import { shopSettingsOf, studioRow, toMchInfo } from '../merchant';
import { lastOrdersOf } from '../orders';
import { listMyPackages } from '../packages';

/** client/pub.getServiceCenter: the studio's contact details, hours and FAQ in the caller's language. */
export async function serviceCenterOf(ctx: CallContext): Promise<ServiceCenter> {
  const studio = await studioRow(ctx);
  const info = toMchInfo(studio, ctx.locale);
  const settings = shopSettingsOf(studio).service_center;
  return {
    name: info.name,
    phone: info.phone,
    email: settings.email,
    address: info.address,
    map_url: mapLinkOf(info.address, settings.map_url),
    timezone: studio.timezone,
    hours: settings.hours,
    faq: settings.faq
      .map((entry) => ({
        question: localize(entry.question, ctx.locale, studio.defaultLocale),
        answer: localize(entry.answer, ctx.locale, studio.defaultLocale),
      }))
      .filter((entry) => entry.question !== ''),
  };
}

/** The member beside a thread in the inbox: their packages and last orders, from the modules that own them. */
export async function memberCardOf(
  db: DbOrTx,
  userId: string,
  now: Date,
  locale?: Locale,
): Promise<FeedbackMemberCard> {
  const [briefs, packages, orders] = await Promise.all([
    briefsOf(db, [userId]),
    listMyPackages(db, userId, now, undefined, locale),
    lastOrdersOf(db, userId, MEMBER_CARD_ROWS, locale),
  ]);
  const brief = briefs.get(userId);
  return {
    _id: userId,
    nickname: brief?.nickname ?? '',
    mobile: brief?.mobile ?? '',
    avatar: brief?.avatar ?? '',
    packages: packages.slice(0, MEMBER_CARD_ROWS).map((p) => ({
      _id: p._id,
      name: p.name,
      remaining_count: p.remaining_count,
      status: p.status,
      valid_until: p.valid_until,
    })),
    orders,
  };
}
