import { formatDateTime } from '@studio/contract/format';
import type { Locale } from '@studio/contract/locale';
import {
  type MemberNotification,
  type NoticeEvent,
  noticeCategoryOf,
  noticeText,
} from '@studio/contract/notifications';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { pageOf } from '../../platform/paging';
import type { Realtime, RealtimeEvent } from '../../platform/realtime';
import * as repo from './repo';

/** A notice for one member: a type of the contract with its data (rendered in the reader's language). */
export type NewNotice = NoticeEvent & {
  userId: string;
  /** Stored as the fallback text of a type that has none in the contract. */
  title?: string;
  body?: string;
};

/**
 * Stores notices that tell of the domain event `sourceId` and pushes each to its member's open
 * apps, once: a repeated delivery of the event (the outbox delivers at least once) finds the notice
 * already there and neither writes nor pushes it again.
 */
export async function tellMembers(
  ctx: { db: DbOrTx; realtime: Realtime; log?: FastifyBaseLogger },
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
  const stored = new Set(await repo.insertNotificationsOnce(ctx.db, rows));
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

function render(row: repo.NotificationRow, locale: Locale, tz: string): MemberNotification {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(row.data)) {
    if (typeof value === 'string' || typeof value === 'number') params[key] = value;
  }
  if (typeof row.data.starts_at === 'string') params.when = formatDateTime(row.data.starts_at, locale, tz);
  const { title, body } = noticeText(row.type, locale, params, { title: row.title, body: row.body });
  return {
    _id: row.id,
    type: row.type,
    category: noticeCategoryOf(row.type),
    title,
    body,
    data: row.data,
    pinned: false,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listMyNotifications(
  db: DbOrTx,
  userId: string,
  page: { pageIndex: number; pageSize: number },
  locale: Locale,
  tz: string,
) {
  const { rows, total, unread } = await repo.listOfUser(db, userId, page);
  return {
    ...pageOf(
      rows.map((r) => render(r, locale, tz)),
      total,
      page,
    ),
    unread,
  };
}

export async function markRead(db: DbOrTx, userId: string, id: string, now: Date): Promise<void> {
  if (!(await repo.markRead(db, userId, id, now))) fail('NOT_FOUND');
}
