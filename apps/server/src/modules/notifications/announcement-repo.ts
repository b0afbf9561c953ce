import type { LocalizedText } from '@studio/contract/localized-text';
import {
  type ANNOUNCEMENT_STATUSES,
  type AnnouncementAudience,
  NOTICE_CATEGORY_OF,
  type NoticeCategory,
} from '@studio/contract/notifications';
import { and, count, desc, eq, inArray, isNotNull, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, unionAll } from 'drizzle-orm/pg-core';
import { type DbOrTx, instant, type Tx } from '../../platform/db';
import { offsetOf } from '../../platform/paging';
import { announcementReads, announcements, memberNotifications } from './schema';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type NewAnnouncement = typeof announcements.$inferInsert;
type Page = { pageIndex: number; pageSize: number };

// Who reads what ---------------------------------------------------------------------------------
// An announcement's audience is judged when it is read, from what the reader is at that moment: a
// visitor, or a member with or without a valid package and with their bookings of the coming weeks
// (audience.ts asks the packages and reservations modules). One SQL condition then picks every
// announcement the reader may see, so a list stays one statement whatever the audiences.

/** The reader as the audiences see them. */
export type Viewer =
  | { kind: 'visitor' }
  | {
      kind: 'member';
      userId: string;
      /** Holds a package valid now with credits left. */
      holdsPackage: boolean;
      /** Their registered bookings of the coming weeks: each course once, with its first class's start. */
      bookings: readonly { courseId: string; startsAt: Date }[];
    };

const MEMBER_AUDIENCES: AnnouncementAudience[] = ['all', 'members'];

/** Announcements of the audiences the viewer belongs to at `now`. */
function audienceWhere(viewer: Viewer, now: Date): SQL | undefined {
  if (viewer.kind === 'visitor') return eq(announcements.audience, 'all');
  // Booked on one of its courses, the class starting within its course_days from now.
  const booked = viewer.bookings.map(
    (b) =>
      sql`(${b.courseId}::text = any(${announcements.courseIds}) and ${instant(b.startsAt)} <= ${instant(now)} + make_interval(hours => ${announcements.courseDays} * 24))`,
  );
  return or(
    inArray(announcements.audience, MEMBER_AUDIENCES),
    viewer.holdsPackage ? eq(announcements.audience, 'package_holders') : undefined,
    booked.length ? and(eq(announcements.audience, 'course'), or(...booked)) : undefined,
  );
}

/** Its time came and it is not withdrawn, at `now`. */
const isVisibleAt = (now: Date) =>
  and(isNull(announcements.withdrawnAt), sql`${announcements.publishAt} <= ${instant(now)}`);

/** What the viewer may read at `now`. */
const visibleTo = (viewer: Viewer, now: Date) => and(isVisibleAt(now), audienceWhere(viewer, now));

/** Whether the member opened the announcement of the enclosing statement. */
const readBy = (userId: string) =>
  sql<boolean>`exists (select 1 from ${announcementReads} where ${announcementReads.announcementId} = ${announcements.id} and ${announcementReads.userId} = ${userId})`;

// The notice centre's list ------------------------------------------------------------------------
// A member's personal notices and the announcements they may read, in one statement (union all),
// pinned first, then newest first: personal notices by when they were written, announcements by
// when they appeared (publish_at).

/** Which of the member's personal notices a tab shows: their type's tab (NOTICE_CATEGORY_OF). */
function personalWhere(category: NoticeCategory | undefined): SQL | undefined {
  if (!category) return undefined;
  const typed = Object.entries(NOTICE_CATEGORY_OF) as [string, NoticeCategory][];
  // A type the contract does not list reads as the studio's (noticeCategoryOf), so "studio" is "none of the others".
  if (category === 'studio') {
    return notInArray(
      memberNotifications.type,
      typed.filter(([, c]) => c !== 'studio').map(([t]) => t),
    );
  }
  return inArray(
    memberNotifications.type,
    typed.filter(([, c]) => c === category).map(([t]) => t),
  );
}

/** Announcements belong to the studio's tab. */
const showsAnnouncements = (category: NoticeCategory | undefined) => !category || category === 'studio';

/** One row of the list: a personal notice (`kind` notice) or an announcement. */
export type FeedRow = {
  id: string;
  kind: 'notice' | 'announcement';
  type: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
  titleI18n: LocalizedText | null;
  contentI18n: LocalizedText | null;
  image: string;
  link: string;
  pinned: boolean;
  read: boolean;
  at: Date;
};

/** A column under its name, typed alike on both sides of the union (drizzle's unions ask for one type per field). */
const as = <T>(column: AnyPgColumn, name: string) => sql`${column}`.mapWith(column).as(name) as SQL.Aliased<T>;
const constant = <T>(value: SQL, name: string) => sql<T>`${value}`.as(name);

function personalFeed(db: DbOrTx, userId: string, category: NoticeCategory | undefined) {
  const n = memberNotifications;
  return db
    .select({
      id: as<string>(n.id, 'id'),
      kind: constant<FeedRow['kind']>(sql`'notice'`, 'kind'),
      type: as<string>(n.type, 'type'),
      title: as<string>(n.title, 'title'),
      body: as<string>(n.body, 'body'),
      data: as<Record<string, unknown>>(n.data, 'data'),
      titleI18n: constant<LocalizedText | null>(sql`null::jsonb`, 'title_i18n'),
      contentI18n: constant<LocalizedText | null>(sql`null::jsonb`, 'content_i18n'),
      image: constant<string>(sql`''`, 'image'),
      link: constant<string>(sql`''`, 'link'),
      pinned: constant<boolean>(sql`false`, 'pinned'),
      read: constant<boolean>(sql`${n.readAt} is not null`, 'read'),
      at: as<Date>(n.createdAt, 'at'),
    })
    .from(n)
    .where(and(eq(n.userId, userId), personalWhere(category)));
}

function announcementFeed(db: DbOrTx, viewer: Viewer, now: Date, where?: SQL) {
  const a = announcements;
  return db
    .select({
      id: as<string>(a.id, 'id'),
      kind: constant<FeedRow['kind']>(sql`'announcement'`, 'kind'),
      type: constant<string>(sql`'announcement'`, 'type'),
      title: constant<string>(sql`''`, 'title'),
      body: constant<string>(sql`''`, 'body'),
      data: constant<Record<string, unknown>>(sql`'{}'::jsonb`, 'data'),
      titleI18n: as<LocalizedText | null>(a.title, 'title_i18n'),
      contentI18n: as<LocalizedText | null>(a.content, 'content_i18n'),
      image: as<string>(a.image, 'image'),
      link: as<string>(a.link, 'link'),
      pinned: as<boolean>(a.pinned, 'pinned'),
      read: constant<boolean>(viewer.kind === 'member' ? readBy(viewer.userId) : sql`false`, 'read'),
      at: as<Date>(a.publishAt, 'at'),
    })
    .from(a)
    .where(and(visibleTo(viewer, now), where));
}

/** A page of what the viewer reads: a visitor the public announcements, a member their notices and announcements. */
export async function feedPage(
  db: DbOrTx,
  viewer: Viewer,
  now: Date,
  category: NoticeCategory | undefined,
  page: Page,
): Promise<FeedRow[]> {
  const order = [sql`"pinned" desc`, sql`"at" desc`, sql`"id" desc`];
  const announced = showsAnnouncements(category) ? announcementFeed(db, viewer, now) : undefined;
  const personal = viewer.kind === 'member' ? personalFeed(db, viewer.userId, category) : undefined;
  // Both selections have the same fields and types; drizzle's types only tell the two tables apart.
  const query =
    personal && announced ? unionAll(personal, announced as unknown as typeof personal) : (personal ?? announced);
  if (!query) return [];
  return (await query
    .orderBy(...order)
    .limit(page.pageSize)
    .offset(offsetOf(page))) as FeedRow[];
}

/** The announcement `id` if the viewer may read it now, as the list shows it. */
export async function visibleAnnouncement(
  db: DbOrTx,
  viewer: Viewer,
  now: Date,
  id: string,
): Promise<FeedRow | undefined> {
  const [row] = await announcementFeed(db, viewer, now, eq(announcements.id, id)).limit(1);
  return row as FeedRow | undefined;
}

/** How many announcements the viewer may read now (in the tab), and how many of them they have not opened. */
export async function announcementCounts(
  db: DbOrTx,
  viewer: Viewer,
  now: Date,
  category?: NoticeCategory,
): Promise<{ total: number; unread: number }> {
  const unread =
    viewer.kind === 'member' ? sql<number>`count(*) filter (where not ${readBy(viewer.userId)})::int` : count();
  const [row] = await db.select({ total: count(), unread }).from(announcements).where(visibleTo(viewer, now));
  return { total: showsAnnouncements(category) ? (row?.total ?? 0) : 0, unread: row?.unread ?? 0 };
}

/** How many of the member's personal notices the tab shows, and how many of all of them are unread. */
export async function personalCounts(
  db: DbOrTx,
  userId: string,
  category?: NoticeCategory,
): Promise<{ total: number; unread: number }> {
  const inTab = personalWhere(category);
  const [row] = await db
    .select({
      total: inTab ? sql<number>`count(*) filter (where ${inTab})::int` : count(),
      unread: sql<number>`count(*) filter (where ${memberNotifications.readAt} is null)::int`,
    })
    .from(memberNotifications)
    .where(eq(memberNotifications.userId, userId));
  return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
}

/** Marks announcements read by the member (once each: the first opening counts). */
export async function markAnnouncementsRead(db: DbOrTx, userId: string, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insert(announcementReads)
    .values(ids.map((announcementId) => ({ announcementId, userId, readAt: now })))
    .onConflictDoNothing();
}

/** Marks every announcement the member may read now as read, in one statement. */
export async function markVisibleAnnouncementsRead(db: DbOrTx, viewer: Viewer & { kind: 'member' }, now: Date) {
  const unopened = db
    .select({
      announcementId: announcements.id,
      userId: sql<string>`${viewer.userId}::text`.as('user_id'),
      readAt: sql<Date>`${instant(now)}`.as('read_at'),
    })
    .from(announcements)
    .where(and(visibleTo(viewer, now), sql`not ${readBy(viewer.userId)}`));
  await db.insert(announcementReads).select(unopened).onConflictDoNothing();
}

// The back office ----------------------------------------------------------------------------------

export async function findAnnouncement(db: DbOrTx, id: string): Promise<AnnouncementRow | undefined> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id)).limit(1);
  return row;
}

export async function lockAnnouncement(tx: Tx, id: string): Promise<AnnouncementRow | undefined> {
  const [row] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
  return row;
}

export async function upsertAnnouncement(tx: Tx, values: NewAnnouncement): Promise<AnnouncementRow> {
  const { id: _id, createdAt: _c, createdBy: _b, ...changes } = values;
  const [row] = await tx
    .insert(announcements)
    .values(values)
    .onConflictDoUpdate({ target: announcements.id, set: changes })
    .returning();
  return row!;
}

export async function setWithdrawn(tx: Tx, id: string, now: Date): Promise<AnnouncementRow> {
  const [row] = await tx
    .update(announcements)
    .set({ withdrawnAt: now, updatedAt: now })
    .where(eq(announcements.id, id))
    .returning();
  return row!;
}

type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

function statusWhere(status: AnnouncementStatus | undefined, now: Date): SQL | undefined {
  switch (status) {
    case undefined:
      return undefined;
    case 'withdrawn':
      return isNotNull(announcements.withdrawnAt);
    case 'scheduled':
      return and(isNull(announcements.withdrawnAt), sql`${announcements.publishAt} > ${instant(now)}`);
    case 'published':
      return isVisibleAt(now);
  }
}

/** Announcements for staff, newest first, optionally of one status at `now`. */
export async function listAnnouncements(
  db: DbOrTx,
  status: AnnouncementStatus | undefined,
  now: Date,
  page: Page,
): Promise<{ rows: AnnouncementRow[]; total: number }> {
  const where = statusWhere(status, now);
  const rows = await db
    .select()
    .from(announcements)
    .where(where)
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  const [total] = await db.select({ n: count() }).from(announcements).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** How many members opened each of the announcements, in one statement. */
export async function readCounts(db: DbOrTx, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: announcementReads.announcementId, n: count() })
    .from(announcementReads)
    .where(inArray(announcementReads.announcementId, ids))
    .groupBy(announcementReads.announcementId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

export const SWEEP_BATCH = 100;

/**
 * Claims announcements whose time came but whose appearance was not announced yet, marking them
 * announced: one statement whose rows are locked with SKIP LOCKED, so instances sweeping at once
 * each claim different ones and every announcement is claimed once.
 */
export async function claimDueAnnouncements(tx: Tx, now: Date): Promise<AnnouncementRow[]> {
  const due = tx
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(isNull(announcements.publishedAt), isVisibleAt(now)))
    .limit(SWEEP_BATCH)
    .for('update', { skipLocked: true });
  return tx
    .update(announcements)
    .set({ publishedAt: now })
    .where(and(inArray(announcements.id, due), isNull(announcements.publishedAt)))
    .returning();
}
