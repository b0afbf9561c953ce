import { formatDateTime } from '@studio/contract/format';
import type { Locale } from '@studio/contract/locale';
import { type MemberNotification, type NoticeEvent, noticeText } from '@studio/contract/notifications';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { pageOf } from '../../platform/paging';
import type { Realtime, RealtimeEvent } from '../../platform/realtime';
import type { Work } from '../../platform/unit-of-work';
import * as repo from './repo';

/** A realtime push to make once the transaction that caused it has committed. */
export interface Delivery {
  userId: string;
  event: RealtimeEvent;
}

/** A notice for one member: a type of the contract with its data (rendered in the reader's language). */
export type NewNotice = NoticeEvent & {
  userId: string;
  /** Stored as the fallback text of a type that has none in the contract. */
  title?: string;
  body?: string;
};

/**
 * Stores notices in the caller's transaction (so they exist exactly when the change does) and
 * answers the realtime pushes to send after commit: `{type, data}` to each member.
 */
export async function storeNotices(tx: DbOrTx, notices: NewNotice[], now: Date): Promise<Delivery[]> {
  await insertNotices(tx, notices, now);
  return notices.map((n) => ({ userId: n.userId, event: { type: n.type, data: n.data } as NoticeEvent }));
}

async function insertNotices(tx: DbOrTx, notices: NewNotice[], now: Date): Promise<string[]> {
  const rows = notices.map((n) => ({
    id: newId(),
    userId: n.userId,
    type: n.type,
    title: n.title ?? '',
    body: n.body ?? '',
    data: n.data,
    createdAt: now,
  }));
  await repo.insertNotifications(tx, rows);
  return rows.map((r) => r.id);
}

/** Notices whose push must not be lost: a member who got a seat has to learn it (the outbox delivers it). */
const DURABLE_NOTICES = new Set<string>(['waitlistPromoted'] satisfies NoticeEvent['type'][]);

/**
 * Stores notices in the unit of work's transaction and asks for their pushes after commit: a
 * durable one through the outbox, with the notice's id as the event id (a client ignores a
 * repeat), the others best effort.
 */
export async function sendNotices(work: Work, notices: NewNotice[], now: Date): Promise<void> {
  const ids = await insertNotices(work.tx, notices, now);
  for (const [i, n] of notices.entries()) {
    const event = { type: n.type, data: n.data } as NoticeEvent;
    if (DURABLE_NOTICES.has(n.type)) await work.pushDurable(n.userId, { ...event, id: ids[i]! }, now);
    else work.push(n.userId, event);
  }
}

/** Pushes after commit. A failed push is logged, never thrown: the stored notice remains. */
export async function deliver(realtime: Realtime, deliveries: Delivery[], log?: FastifyBaseLogger): Promise<void> {
  await Promise.all(
    deliveries.map((d) =>
      realtime
        .notifyUser(d.userId, d.event)
        .catch((err: unknown) => log?.warn({ err, userId: d.userId }, 'push failed')),
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
    title,
    body,
    data: row.data,
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
