import type { LocalizedText } from '@studio/contract/localized-text';
import {
  type AdminAnnouncement,
  ANNOUNCEMENT_COURSE_DAYS,
  type ANNOUNCEMENT_STATUSES,
  type AnnouncementSaveInput,
} from '@studio/contract/notifications';
import { sweepClaimed } from '../../platform/claimed-sweep';
import type { Db } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { fail } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { pageOf } from '../../platform/paging';
import type { AuthedContext } from '../../platform/protocol';
import type { Sweep } from '../../platform/sweeper';
import { runUnitOfWork, type Work } from '../../platform/unit-of-work';
import { uploadedImage } from '../account';
import { auditBy, recordAudit } from '../audit';
import { assertCoursesExist } from '../schedule';
import * as repo from './announcement-repo';
import { audienceCounts } from './audience';
import { plainText, sanitizeContent } from './rich-text';

/*
 * The studio's announcements as staff manage them (notices.manage). Saving one whose publish time
 * has come makes it visible at once; one set for later appears at its time, when the sweep below
 * announces it. Either way `announcement.published` is emitted in the change's unit of work, and
 * withdrawing emits `announcement.withdrawn`: open apps hear of both and refetch
 * (announcement-subscribers.ts). Visibility itself never waits for the sweep: readers compare
 * publish_at with their clock.
 */

type Status = (typeof ANNOUNCEMENT_STATUSES)[number];

export function statusOf(row: repo.AnnouncementRow, now: Date): Status {
  if (row.withdrawnAt) return 'withdrawn';
  return row.publishAt > now ? 'scheduled' : 'published';
}

function toAdminRecord(
  row: repo.AnnouncementRow,
  now: Date,
  counts: { read: number; audience: number },
): AdminAnnouncement {
  return {
    _id: row.id,
    title: row.title,
    content: row.content,
    audience: row.audience,
    course_ids: row.courseIds,
    course_days: row.courseDays,
    pinned: row.pinned,
    image: row.image,
    link: row.link,
    publish_at: row.publishAt.toISOString(),
    withdrawn_at: row.withdrawnAt?.toISOString() ?? null,
    status: statusOf(row, now),
    read_count: counts.read,
    audience_count: counts.audience,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Staff's records of these announcements, with their read and audience counts (a few reads for the lot). */
async function adminRecords(db: Db, rows: repo.AnnouncementRow[], now: Date): Promise<AdminAnnouncement[]> {
  const [reads, audiences] = await Promise.all([
    repo.readCounts(
      db,
      rows.map((r) => r.id),
    ),
    audienceCounts(db, rows, now),
  ]);
  return rows.map((r) => toAdminRecord(r, now, { read: reads.get(r.id) ?? 0, audience: audiences.get(r.id) ?? 0 }));
}

/** Per-language values with the blank ones dropped. */
const filled = (values: LocalizedText, map: (v: string) => string = (v) => v.trim()): LocalizedText =>
  Object.fromEntries(
    Object.entries(values)
      .map(([locale, v]) => [locale, map(v ?? '')] as const)
      .filter(([, v]) => v !== ''),
  );

const invalid = (field: string, reason: string) => fail('INVALID_PARAM', { field }, { field, reason });

/** Says the announcement is visible now, so open apps refetch their lists. */
const announcePublished = (work: Work, row: repo.AnnouncementRow, now: Date) =>
  work.emit('announcement.published', { notice_id: row.id, audience: row.audience }, now);

/**
 * Writes an announcement (a new one without `_id`). Titles are trimmed, content sanitised, blank
 * languages dropped (a reader of one falls back to the studio's default language). `publish_at`
 * absent or past: visible now (an edit without it keeps its time); in the future: scheduled.
 * A withdrawn one is not changed again (NOTICE_WITHDRAWN).
 */
export async function saveAnnouncement(ctx: AuthedContext, input: AnnouncementSaveInput): Promise<AdminAnnouncement> {
  const now = ctx.clock.now();
  const title = filled(input.title);
  if (Object.keys(title).length === 0) invalid('title', 'required');
  const content = filled(input.content, sanitizeContent);
  // Content that was all markup (or all script) says nothing.
  if (!Object.values(content).some((html) => plainText(html ?? '') !== '')) invalid('content', 'required');
  const courseIds = input.audience === 'course' ? [...new Set(input.course_ids ?? [])] : [];
  if (input.audience === 'course' && courseIds.length === 0) invalid('course_ids', 'required');
  const requested = input.publish_at === undefined ? undefined : new Date(input.publish_at);

  const row = await runUnitOfWork(ctx, async (work) => {
    const existing = input._id
      ? ((await repo.lockAnnouncement(work.tx, input._id)) ?? fail('NOT_FOUND', {}, { field: '_id' }))
      : undefined;
    if (existing?.withdrawnAt) fail('NOTICE_WITHDRAWN');
    await assertCoursesExist(work.tx, courseIds);
    const image = input.image ? await uploadedImage(work.tx, input.image, 'image') : '';
    // Set for later: scheduled. Published already, or edited without a time: it keeps its time (and
    // its place in lists). Otherwise it appears now.
    const publishAt =
      requested && requested > now
        ? requested
        : existing && (existing.publishAt <= now || requested === undefined)
          ? existing.publishAt
          : now;
    const visible = publishAt <= now;
    const saved = await repo.upsertAnnouncement(work.tx, {
      id: existing?.id ?? newId(),
      title,
      content,
      audience: input.audience,
      courseIds,
      courseDays: input.course_days ?? existing?.courseDays ?? ANNOUNCEMENT_COURSE_DAYS.default,
      pinned: input.pinned ?? existing?.pinned ?? false,
      image,
      link: input.link ?? '',
      publishAt,
      publishedAt: visible ? (existing?.publishedAt ?? now) : null,
      createdBy: ctx.user.uid,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    });
    await recordAudit(work.tx, auditBy(ctx), {
      objectType: 'announcement',
      objectId: saved.id,
      before: existing ?? null,
      after: saved,
    });
    // Visible after this save (new, or changed while visible): open lists refetch.
    if (visible) await announcePublished(work, saved, now);
    return saved;
  });
  const [record] = await adminRecords(ctx.db, [row], now);
  return record!;
}

export async function listAnnouncements(
  ctx: AuthedContext,
  input: { pageIndex: number; pageSize: number; status?: Status },
) {
  const now = ctx.clock.now();
  const { rows, total } = await repo.listAnnouncements(ctx.db, input.status, now, input);
  return pageOf(await adminRecords(ctx.db, rows, now), total, input);
}

/** Withdraws an announcement from every reader; withdrawing it again answers it unchanged. */
export async function withdrawAnnouncement(ctx: AuthedContext, id: string): Promise<AdminAnnouncement> {
  const now = ctx.clock.now();
  const row = await runUnitOfWork(ctx, async (work) => {
    const existing = (await repo.lockAnnouncement(work.tx, id)) ?? fail('NOT_FOUND', {}, { field: '_id' });
    if (existing.withdrawnAt) return existing;
    const withdrawn = await repo.setWithdrawn(work.tx, id, now);
    await recordAudit(work.tx, auditBy(ctx), {
      objectType: 'announcement',
      objectId: id,
      before: existing,
      after: withdrawn,
    });
    await work.emit('announcement.withdrawn', { notice_id: id }, now);
    return withdrawn;
  });
  const [record] = await adminRecords(ctx.db, [row], now);
  return record!;
}

/**
 * Announces the scheduled announcements whose time came: each is claimed (marked announced) and its
 * `announcement.published` emitted in one unit of work, so instances sweeping together announce
 * each once, and a crash before commit leaves it for the next sweep.
 */
export async function publishDueAnnouncements(deps: { db: Db; deps: AppDeps }, now: Date): Promise<number> {
  return sweepClaimed(deps, repo.SWEEP_BATCH, async (work) => {
    const rows = await repo.claimDueAnnouncements(work.tx, now);
    for (const row of rows) await announcePublished(work, row, now);
    return rows;
  });
}

/** The notices module's scheduled work (platform/sweeper.ts). */
export const notificationSweeps = (deps: AppDeps): Sweep[] => [
  { name: 'announcements.publishDue', run: (db, now) => publishDueAnnouncements({ db, deps }, now) },
];
