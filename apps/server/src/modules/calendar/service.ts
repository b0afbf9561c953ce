import { randomBytes } from 'node:crypto';
import { CALENDAR_PATH_PREFIX } from '@studio/contract/calendar';
import { interpolate } from '@studio/contract/errors';
import type { ReservationStatus } from '@studio/contract/flow';
import type { Locale } from '@studio/contract/locale';
import type { ReservationRecord } from '@studio/contract/reservations';
import { DAY } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { getMerchant, toMchInfo } from '../merchant';
import * as reservationReads from '../reservations';
import * as schedule from '../schedule';
import { type FeedEvent, renderCalendar } from './ics';
import * as repo from './repo';

/** 32 random bytes: a 43-character base64url secret. */
const SECRET_BYTES = 32;
/** A feed file name: the secret and `.ics`. Anything else is not a feed. */
const FEED_FILE = /^([A-Za-z0-9_-]{32,128})\.ics$/;
/** Classes that ended longer ago than this leave the feed, so it stays small for regulars. */
export const FEED_HISTORY_DAYS = 90;
export const FEED_MAX_EVENTS = 1000;
const PAGE_SIZE = 100;

const TEACHER_LINE: Record<Locale, string> = {
  en: 'Teacher: {name}',
  'zh-Hans': '老师：{name}',
  'zh-Hant': '老師：{name}',
};

export function feedUrl(secret: string): string {
  return `${CALENDAR_PATH_PREFIX}${secret}.ics`;
}

/** The secret a feed file name carries (`<secret>.ics`), or null. */
export function secretOfFile(file: string): string | null {
  return FEED_FILE.exec(file)?.[1] ?? null;
}

function newFeed(userId: string, now: Date) {
  return { id: newId(), userId, secret: randomBytes(SECRET_BYTES).toString('base64url'), createdAt: now };
}

/** The member's feed url, creating the feed on first use (two first calls at once answer the same url). */
export async function getFeedUrl(db: DbOrTx, userId: string, now: Date): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const live = await repo.findLiveFeedOfUser(db, userId);
    if (live) return feedUrl(live.secret);
    const created = await repo.insertFeed(db, newFeed(userId, now));
    if (created) return feedUrl(created.secret);
  }
  return fail('RETRYABLE');
}

/** Revokes the member's feed url and answers a new one; the old url answers 404 from now on. */
export async function resetFeed(db: Db, userId: string, now: Date): Promise<string> {
  const created = await runUnitOfWork({ db }, async ({ tx }) => {
    // Two resets at once would each revoke only what they saw and then collide on the new row.
    await repo.lockFeedsOfUser(tx, userId);
    await repo.revokeLiveFeeds(tx, userId, now);
    return repo.insertFeed(tx, newFeed(userId, now));
  });
  return created ? feedUrl(created.secret) : fail('RETRYABLE');
}

/**
 * The member's reservations for the feed: registered and done (never cancelled), from
 * FEED_HISTORY_DAYS ago on, through the reservations service's own list.
 */
async function feedReservations(db: DbOrTx, userId: string, now: Date, locale: Locale): Promise<ReservationRecord[]> {
  const since = now.getTime() - FEED_HISTORY_DAYS * DAY;
  const out: ReservationRecord[] = [];
  for (const status of ['registered', 'done'] satisfies ReservationStatus[]) {
    // registered comes soonest first, done newest first: stop at the first class older than `since`.
    for (let pageIndex = 1; out.length < FEED_MAX_EVENTS; pageIndex++) {
      const page = await reservationReads.getMyReservations(
        db,
        userId,
        { pageIndex, pageSize: PAGE_SIZE, status },
        now,
        locale,
      );
      const recent = page.rows.filter((r) => new Date(r.session.starts_at).getTime() >= since);
      out.push(...recent);
      if (!page.hasMore || recent.length < page.rows.length) break;
    }
  }
  return out
    .filter((r) => r.status !== 'cancelled' && r.session.status !== 'cancelled')
    .slice(0, FEED_MAX_EVENTS)
    .sort((a, b) => a.session.starts_at.localeCompare(b.session.starts_at));
}

/** The iCalendar text of the feed a secret names, or null when it names no live feed. */
export async function renderFeed(db: Db, secret: string, now: Date, locale: Locale): Promise<string | null> {
  const feed = await repo.findLiveFeedBySecret(db, secret);
  if (!feed) return null;
  const [merchant, rooms, rows] = await Promise.all([
    getMerchant(db),
    schedule.listRooms(db, {}),
    feedReservations(db, feed.userId, now, locale),
  ]);
  const addressOf = new Map(rooms.rows.map((r) => [r.id, schedule.toRoomRecord(r, locale).address]));
  const events: FeedEvent[] = rows.map((r) => ({
    uid: `reservation-${r._id}@studio`,
    start: new Date(r.session.starts_at),
    end: new Date(r.session.ends_at),
    summary: r.session.course_name,
    location: [r.session.room_name, addressOf.get(r.session.room_id)].filter(Boolean).join(', '),
    description: interpolate(TEACHER_LINE[locale], { name: r.session.teacher_name }),
    created: new Date(r.created_at),
  }));
  return renderCalendar({ name: toMchInfo(merchant, locale).name, now, events });
}
