import type { Locale } from '@studio/contract/locale';
import { localize } from '@studio/contract/localized-text';
import {
  type MemberNotification,
  type NoticeCategory,
  type NoticeEvent,
  noticeCategoryOf,
  noticeText,
} from '@studio/contract/notifications';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { pageOf } from '../../platform/paging';
import type { AuthedContext, CallContext } from '../../platform/protocol';
import type { Realtime, RealtimeEvent } from '../../platform/realtime';
import { runUnitOfWork, type UnitOfWorkDeps } from '../../platform/unit-of-work';
import { studioRow } from '../merchant';
import type { FeedRow, Viewer } from './announcement-repo';
import * as announcementRepo from './announcement-repo';
import { viewerOf } from './audience';
import * as repo from './repo';
import { plainPreview } from './rich-text';
import { noticeParams } from './texts';

/** A notice for one member: a type of the contract with its data (rendered in the reader's language). */
export type NewNotice = NoticeEvent & {
  userId: string;
  /** Stored as the fallback text of a type that has none in the contract. */
  title?: string;
  body?: string;
};

/**
 * Stores notices that tell of the domain event `sourceId`, says `notice.created` of each in the
 * same unit of work (the channels deliver it), and pushes each to its member's open apps, once: a repeated delivery of the event (the outbox delivers at least once) finds the notice
 * already there and neither writes nor pushes it again.
 */
export async function tellMembers(
  ctx: { db: Db; realtime: Realtime; deps?: UnitOfWorkDeps['deps']; log?: FastifyBaseLogger },
  sourceId: string,
  notices: NewNotice[],
  now: Date,
): Promise<void> {
  if (notices.length === 0) return;
  const rows = notices.map((n) => ({
    id: newId(),
    userId: n.userId,
    type: n.type,
    title: n.title ?? '',
    body: n.body ?? '',
    data: n.data,
    sourceId,
    createdAt: now,
  }));
  // The notices and what the channels hear of them (notice.created) commit together, so a stored
  // notice always reaches the members' e-mail, text and push (the event outbox delivers at least once).
  const stored = new Set(
    await runUnitOfWork(ctx, async (work) => {
      const inserted = await repo.insertNotificationsOnce(work.tx, rows);
      const ids = new Set(inserted);
      for (const r of rows) {
        if (!ids.has(r.id)) continue;
        await work.emit('notice.created', { notice_id: r.id, user_id: r.userId, type: r.type, data: r.data }, now);
      }
      return inserted;
    }),
  );
  await Promise.all(
    rows
      .filter((r) => stored.has(r.id))
      .map((r) =>
        ctx.realtime
          .notifyUser(r.userId, { type: r.type, data: r.data, id: r.id } as RealtimeEvent)
          .catch((err: unknown) =>
            // The notice is stored: the member reads it on their next visit.
            ctx.log?.warn({ err, userId: r.userId }, 'notice push failed'),
          ),
      ),
  );
}

// Reading -----------------------------------------------------------------------------------------

/** How texts read for this caller: their language, the studio's default one, its zone and currency. */
interface Reading {
  locale: Locale;
  fallback: Locale;
  tz: string;
  currency: string;
}

async function readingOf(ctx: CallContext): Promise<Reading> {
  const studio = await studioRow(ctx);
  return { locale: ctx.locale, fallback: studio.defaultLocale, tz: studio.timezone, currency: studio.currency };
}

/** A personal notice, written in the reader's language from its type and data (texts.ts formats its params). */
function renderNotice(row: FeedRow, { locale, tz, currency }: Reading): MemberNotification {
  const params = noticeParams(row.data, locale, tz, currency);
  const { title, body } = noticeText(row.type, locale, params, { title: row.title, body: row.body });
  return {
    _id: row.id,
    type: row.type,
    category: noticeCategoryOf(row.type),
    title,
    body,
    data: row.data,
    pinned: false,
    read: row.read,
    created_at: row.at.toISOString(),
  };
}

/**
 * An announcement in the reader's language (else the studio's default one). The list carries its
 * plain-text preview (`body`); opening it (`withContent`) adds the sanitised HTML.
 */
function renderAnnouncement(row: FeedRow, reading: Reading, withContent: boolean): MemberNotification {
  const content = localize(row.contentI18n, reading.locale, reading.fallback);
  return {
    _id: row.id,
    type: 'announcement',
    category: 'studio',
    title: localize(row.titleI18n, reading.locale, reading.fallback),
    body: plainPreview(content),
    ...(withContent ? { content } : {}),
    ...(row.image ? { image: row.image } : {}),
    data: { notice_id: row.id, ...(row.link ? { link: row.link } : {}) },
    pinned: row.pinned,
    read: row.read,
    created_at: row.at.toISOString(),
  };
}

const render = (row: FeedRow, reading: Reading, withContent = false) =>
  row.kind === 'announcement' ? renderAnnouncement(row, reading, withContent) : renderNotice(row, reading);

const feedRowOf = (row: repo.NotificationRow): FeedRow => ({
  id: row.id,
  kind: 'notice',
  type: row.type,
  title: row.title,
  body: row.body,
  data: row.data,
  titleI18n: null,
  contentI18n: null,
  image: '',
  link: '',
  pinned: false,
  read: row.readAt !== null,
  at: row.createdAt,
});

/** The member's unread personal notices plus the announcements they may read and have not opened. */
async function unreadOf(db: DbOrTx, viewer: Viewer & { kind: 'member' }, now: Date): Promise<number> {
  const [personal, announced] = await Promise.all([
    announcementRepo.personalCounts(db, viewer.userId),
    announcementRepo.announcementCounts(db, viewer, now),
  ]);
  return personal.unread + announced.unread;
}

async function memberViewer(ctx: AuthedContext, now: Date) {
  return (await viewerOf(ctx.db, ctx.user.uid, now)) as Viewer & { kind: 'member' };
}

/** The bell's count changed on one device: every open app of the member shows it (best effort). */
async function tellDevices(ctx: AuthedContext, unread: number): Promise<void> {
  await ctx.realtime
    .notifyUser(ctx.user.uid, { type: 'noticesRead', data: { unread } })
    .catch((err: unknown) => ctx.log.warn({ err }, 'noticesRead push failed'));
}

/**
 * The member's notices and the announcements meant for them, pinned first, then newest first; a
 * tab shows its notice types (classes, orders) or the studio's (announcements). `unread` counts
 * everything unread, whatever the tab: it is the bell's number.
 */
export async function listMyNotifications(
  ctx: AuthedContext,
  input: { pageIndex: number; pageSize: number; category?: NoticeCategory },
) {
  const now = ctx.clock.now();
  const [viewer, reading] = await Promise.all([memberViewer(ctx, now), readingOf(ctx)]);
  const [rows, personal, announced] = await Promise.all([
    announcementRepo.feedPage(ctx.db, viewer, now, input.category, input),
    announcementRepo.personalCounts(ctx.db, viewer.userId, input.category),
    announcementRepo.announcementCounts(ctx.db, viewer, now, input.category),
  ]);
  return {
    ...pageOf(
      rows.map((r) => render(r, reading)),
      personal.total + announced.total,
      input,
    ),
    unread: personal.unread + announced.unread,
  };
}

/**
 * Marks a notice read: one of the member's own, or an announcement they may read now. Answers the
 * notice as it was found (null: neither), and whether this changed it.
 */
async function markOne(ctx: AuthedContext, viewer: Viewer & { kind: 'member' }, id: string, now: Date) {
  const own = await repo.findOfUser(ctx.db, viewer.userId, id);
  if (own) {
    const changed = own.readAt === null && (await repo.markRead(ctx.db, viewer.userId, id, now));
    return { row: { ...feedRowOf(own), read: true }, changed };
  }
  const announced = await announcementRepo.visibleAnnouncement(ctx.db, viewer, now, id);
  if (!announced) return fail('NOT_FOUND', {}, { field: '_id' });
  if (!announced.read) await announcementRepo.markAnnouncementsRead(ctx.db, viewer.userId, [id], now);
  return { row: { ...announced, read: true }, changed: !announced.read };
}

/** One notice, marked read as it is opened; NOT_FOUND for another member's or an announcement not meant for them. */
export async function openNotice(ctx: AuthedContext, id: string) {
  const now = ctx.clock.now();
  const [viewer, reading] = await Promise.all([memberViewer(ctx, now), readingOf(ctx)]);
  const { row, changed } = await markOne(ctx, viewer, id, now);
  const unread = await unreadOf(ctx.db, viewer, now);
  if (changed) await tellDevices(ctx, unread);
  return { notice: render(row, reading, true), unread };
}

export async function markRead(ctx: AuthedContext, id: string): Promise<{ unread: number }> {
  const now = ctx.clock.now();
  const viewer = await memberViewer(ctx, now);
  const { changed } = await markOne(ctx, viewer, id, now);
  const unread = await unreadOf(ctx.db, viewer, now);
  if (changed) await tellDevices(ctx, unread);
  return { unread };
}

/** Every personal notice of the member and every announcement they may read now, marked read together. */
export async function markAllRead(ctx: AuthedContext): Promise<{ unread: number }> {
  const now = ctx.clock.now();
  const viewer = await memberViewer(ctx, now);
  await runUnitOfWork(ctx, async ({ tx }) => {
    await repo.markAllRead(tx, viewer.userId, now);
    await announcementRepo.markVisibleAnnouncementsRead(tx, viewer, now);
  });
  await tellDevices(ctx, 0);
  return { unread: 0 };
}

// Visitors ----------------------------------------------------------------------------------------

const VISITOR: Viewer = { kind: 'visitor' };

/** The studio's public announcements (audience "all"), as anyone reads them: never marked read. */
export async function listPublicAnnouncements(ctx: CallContext, page: { pageIndex: number; pageSize: number }) {
  const now = ctx.clock.now();
  const [reading, rows, { total }] = await Promise.all([
    readingOf(ctx),
    announcementRepo.feedPage(ctx.db, VISITOR, now, undefined, page),
    announcementRepo.announcementCounts(ctx.db, VISITOR, now),
  ]);
  return pageOf(
    rows.map((r) => render(r, reading)),
    total,
    page,
  );
}

export async function openPublicAnnouncement(ctx: CallContext, id: string) {
  const now = ctx.clock.now();
  const [reading, row] = await Promise.all([
    readingOf(ctx),
    announcementRepo.visibleAnnouncement(ctx.db, VISITOR, now, id),
  ]);
  if (!row) return fail('NOT_FOUND', {}, { field: '_id' });
  return { notice: render(row, reading, true) };
}
