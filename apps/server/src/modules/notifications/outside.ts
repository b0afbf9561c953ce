import type { Locale } from '@studio/contract/locale';
import { localize } from '@studio/contract/localized-text';
import { noticeLink, noticePageRoute } from '@studio/contract/notice-links';
import { noticeText } from '@studio/contract/notifications';
import { type Clock, DAY } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { memberIdsAfter } from '../account';
import { studioRow } from '../merchant';
import { packageHolderIdsAfter } from '../packages';
import { upcomingBookedCourses } from '../reservations';
import * as announcementRepo from './announcement-repo';
import * as repo from './repo';
import { plainPreview } from './rich-text';
import { noticeParams } from './texts';

/*
 * Notices as they leave the app (the channels module: e-mail, SMS, Web Push): written at send time in
 * the member's language, as the notice centre would show them, and who an announcement reaches.
 */

/** A notice as a message: its title and text, and where it leads (an app route `/pages/...`, or an https page). */
export interface OutgoingNotice {
  title: string;
  body: string;
  link: string;
  /** The notice's data (an announcement's: none): what it is about. */
  data: Record<string, unknown>;
}

type Reader = { db: Db; deps: AppDeps; clock: Clock };

/** A member's notice in `locale` (null: the studio's language); null when it no longer exists. */
export async function renderNoticeFor(
  ctx: Reader,
  noticeId: string,
  locale: Locale | null,
): Promise<OutgoingNotice | null> {
  const row = await repo.findNotice(ctx.db, noticeId);
  if (!row) return null;
  const studio = await studioRow(ctx);
  const reading = locale ?? studio.defaultLocale;
  const params = noticeParams(row.data, reading, studio.timezone, studio.currency);
  const { title, body } = noticeText(row.type, reading, params, { title: row.title, body: row.body });
  return { title, body, link: noticeLink(row.data)?.to ?? noticePageRoute(row.id), data: row.data };
}

/**
 * An announcement in `locale` (else the studio's default language): its title, a plain preview of
 * its content, and its page in the notice centre. Null when withdrawn or gone.
 */
export async function renderAnnouncementFor(
  ctx: Reader,
  announcementId: string,
  locale: Locale | null,
): Promise<OutgoingNotice | null> {
  const row = await announcementRepo.findAnnouncement(ctx.db, announcementId);
  if (!row || row.withdrawnAt) return null;
  const studio = await studioRow(ctx);
  const reading = locale ?? studio.defaultLocale;
  return {
    title: localize(row.title, reading, studio.defaultLocale),
    body: plainPreview(localize(row.content, reading, studio.defaultLocale)),
    link: noticePageRoute(row.id),
    data: {},
  };
}

/**
 * The members an announcement reaches at `now` (its audience judged now, as a reader's list would),
 * handed to `each` in batches of at most `batch` ids; nothing when it is withdrawn or not visible yet.
 */
export async function forEachAnnouncementReader(
  db: DbOrTx,
  announcementId: string,
  now: Date,
  batch: number,
  each: (userIds: string[]) => Promise<void>,
): Promise<void> {
  const row = await announcementRepo.findAnnouncement(db, announcementId);
  if (!row || row.withdrawnAt || row.publishAt > now) return;
  if (row.audience === 'course') {
    const until = now.getTime() + row.courseDays * DAY;
    const booked = await upcomingBookedCourses(db, { from: now, to: new Date(until), courseIds: row.courseIds });
    const ids = [...new Set(booked.filter((b) => b.startsAt && b.startsAt.getTime() <= until).map((b) => b.userId))];
    for (let i = 0; i < ids.length; i += batch) await each(ids.slice(i, i + batch));
    return;
  }
  const page =
    row.audience === 'package_holders'
      ? (after: string) => packageHolderIdsAfter(db, now, after, batch)
      : (after: string) => memberIdsAfter(db, after, batch);
  for (let after = ''; ; ) {
    const ids = await page(after);
    if (ids.length > 0) await each(ids);
    if (ids.length < batch) return;
    after = ids[ids.length - 1]!;
  }
}
