import type { Dashboard, GoLiveLine } from '@studio/contract/dashboard';
import { EXPIRING_WITHIN_DAYS, FILL_RATE_DAYS } from '@studio/contract/dashboard';
import { inZone } from '@studio/contract/format';
import type { Locale } from '@studio/contract/locale';
import { localize } from '@studio/contract/localized-text';
import type { Config } from '../../config';
import { DAY } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db';
import { countUsersSince, namesOf } from '../account';
import { goodsOnSaleCounts } from '../catalog';
import { countPendingFeedback } from '../feedback';
import { countFreightRules } from '../freight';
import { getMerchant, type MerchantRow, shopSettingsOf, studioProfileGaps } from '../merchant';
import { expiringPackages } from '../packages';
import { isTestMode } from '../payments';
import { takingsOn } from '../reports';
import { calendarSessions, checkedInCounts } from '../reservations';

const EXPIRING_SHOWN = 8;

/**
 * The go-live checklist (contract GO_LIVE_STEPS), each line from the module that owns it; null once
 * every line is done. `classesAhead`: the scheduled classes of the week ahead.
 */
async function goLiveChecklist(
  db: DbOrTx,
  config: Config,
  studio: MerchantRow,
  classesAhead: number,
): Promise<GoLiveLine[] | null> {
  const [onSale, freightRules] = await Promise.all([goodsOnSaleCounts(db), countFreightRules(db)]);
  const missing = studioProfileGaps(studio);
  const lines: GoLiveLine[] = [
    { step: 'studio', done: missing.length === 0, missing },
    { step: 'payments', done: !isTestMode(config, shopSettingsOf(studio).pay_types) },
    { step: 'freight', done: onSale.physical === 0 || freightRules > 0, count: onSale.physical },
    // The app's own user agreement, privacy policy and top-up terms: there is nothing to write.
    { step: 'agreements', done: true },
    { step: 'packages', done: onSale.packages > 0, count: onSale.packages },
    { step: 'timetable', done: classesAhead > 0, count: classesAhead },
  ];
  return lines.every((l) => l.done) ? null : lines;
}

/**
 * The dashboard, from the modules that own each part (no table of theirs read here): the go-live
 * checklist until it is done, today's classes with their fill and check-ins, the fill rate of the
 * week ahead, new members since Monday, packages with credits left that end within
 * EXPIRING_WITHIN_DAYS days; the takings (the reports' revenue) only for a reader holding reports.view.
 */
export async function getDashboard(
  db: DbOrTx,
  config: Config,
  now: Date,
  options: { locale?: Locale; takings: boolean },
): Promise<Dashboard> {
  const { locale } = options;
  const studio = await getMerchant(db);
  const { timezone } = studio;
  const today = inZone(now, timezone);
  const date = today.format('YYYY-MM-DD');
  const weekEnd = inZone(now.getTime() + (FILL_RATE_DAYS - 1) * DAY, timezone).format('YYYY-MM-DD');
  const monday = today
    .subtract((today.day() + 6) % 7, 'day')
    .startOf('day')
    .toDate();

  const [todays, ahead, newMembers, expiring, feedbackPending, takings] = await Promise.all([
    calendarSessions(db, { from: date, to: date }, now, locale),
    calendarSessions(db, { from: date, to: weekEnd }, now, locale),
    countUsersSince(db, monday),
    expiringPackages(db, now, new Date(now.getTime() + EXPIRING_WITHIN_DAYS * DAY), EXPIRING_SHOWN),
    countPendingFeedback(db),
    options.takings ? takingsOn(db, date, timezone) : null,
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
    go_live: await goLiveChecklist(db, config, studio, upcoming.length),
    today: todays.rows.map((s) => ({ ...s, checked_in_count: checkedIn.get(s._id) ?? 0 })),
    fill_rate: seats > 0 ? booked / seats : null,
    upcoming_sessions: upcoming.length,
    new_members_this_week: newMembers,
    feedback_pending: feedbackPending,
    takings,
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
