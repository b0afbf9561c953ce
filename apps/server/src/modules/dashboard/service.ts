import type { Dashboard } from '@studio/contract/dashboard';
import { EXPIRING_WITHIN_DAYS, FILL_RATE_DAYS } from '@studio/contract/dashboard';
import { inZone } from '@studio/contract/format';
import type { Locale } from '@studio/contract/locale';
import { localize } from '@studio/contract/localized-text';
import { DAY } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db';
import { countUsersSince, namesOf } from '../account';
import { getMerchant } from '../merchant';
import { expiringPackages } from '../packages';
import { calendarSessions, checkedInCounts } from '../reservations';

const EXPIRING_SHOWN = 8;

/**
 * The dashboard, from the modules that own each part (no table of theirs read here): today's
 * classes with their fill and check-ins, the fill rate of the week ahead, new members since Monday,
 * packages with credits left that end within EXPIRING_WITHIN_DAYS days.
 */
export async function getDashboard(db: DbOrTx, now: Date, locale?: Locale): Promise<Dashboard> {
  const { timezone } = await getMerchant(db);
  const today = inZone(now, timezone);
  const date = today.format('YYYY-MM-DD');
  const weekEnd = inZone(now.getTime() + (FILL_RATE_DAYS - 1) * DAY, timezone).format('YYYY-MM-DD');
  const monday = today
    .subtract((today.day() + 6) % 7, 'day')
    .startOf('day')
    .toDate();

  const [todays, ahead, newMembers, expiring] = await Promise.all([
    calendarSessions(db, { from: date, to: date }, now, locale),
    calendarSessions(db, { from: date, to: weekEnd }, now, locale),
    countUsersSince(db, monday),
    expiringPackages(db, now, new Date(now.getTime() + EXPIRING_WITHIN_DAYS * DAY), EXPIRING_SHOWN),
  ]);
  const checkedIn = await checkedInCounts(
    db,
    todays.rows.map((s) => s._id),
  );
  const upcoming = ahead.rows.filter((s) => s.status === 'scheduled' && new Date(s.ends_at) > now);
  const seats = upcoming.reduce((sum, s) => sum + s.capacity, 0);
  const booked = upcoming.reduce((sum, s) => sum + s.booked_count, 0);
  const names = await namesOf(db, [...new Set(expiring.rows.map((p) => p.userId))]);

  return {
    today: todays.rows.map((s) => ({ ...s, checked_in_count: checkedIn.get(s._id) ?? 0 })),
    fill_rate: seats > 0 ? booked / seats : null,
    upcoming_sessions: upcoming.length,
    new_members_this_week: newMembers,
    expiring: {
      total: expiring.total,
      rows: expiring.rows.map((p) => ({
        _id: p.id,
        name: locale ? localize(p.nameI18n, locale) || p.name : p.name,
        user_id: p.userId,
        member_name: names.get(p.userId) ?? '',
        remaining_count: p.remainingCount,
        valid_until: p.validUntil!.toISOString(),
      })),
    },
  };
}
