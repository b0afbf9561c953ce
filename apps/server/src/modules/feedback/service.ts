import type { adminFeedbackListInput, feedbackAddInput } from '@studio/contract/feedback';
import {
  type AdminFeedback,
  type AdminFeedbackSummary,
  excerptOf,
  type FeedbackMove,
  type FeedbackSummary,
  feedbackStatusAfter,
  type MemberFeedback,
} from '@studio/contract/feedback';
import { inZone } from '@studio/contract/format';
import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { offsetOf, type Page, pageOf } from '../../platform/paging';
import type { AuthedContext } from '../../platform/protocol';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { briefsOf, lockMember, namesOf, uploadedImage } from '../account';
import { auditBy, recordAudit } from '../audit';
import { shopSettingsOf, studioRow } from '../merchant';
import { isOrderOf } from '../orders';
import { findReservation } from '../reservations';
import { feedback, feedbackMessages } from './schema';

type Row = typeof feedback.$inferSelect;
type MessageRow = typeof feedbackMessages.$inferSelect;

const summaryOf = (row: Row): FeedbackSummary => ({
  _id: row.id,
  category: row.category,
  content: row.content,
  images: row.images,
  order_no: row.orderNo,
  reservation_id: row.reservationId,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

async function messagesOf(db: DbOrTx, feedbackId: string, withInternal: boolean): Promise<MessageRow[]> {
  return db
    .select()
    .from(feedbackMessages)
    .where(
      and(eq(feedbackMessages.feedbackId, feedbackId), withInternal ? undefined : eq(feedbackMessages.internal, false)),
    )
    .orderBy(asc(feedbackMessages.createdAt), asc(feedbackMessages.id));
}

async function memberRecord(db: DbOrTx, row: Row): Promise<MemberFeedback> {
  const messages = await messagesOf(db, row.id, false);
  return {
    ...summaryOf(row),
    messages: messages.map((m) => ({
      _id: m.id,
      author: m.author,
      content: m.content,
      created_at: m.createdAt.toISOString(),
    })),
  };
}

async function adminSummaries(db: DbOrTx, rows: Row[]): Promise<AdminFeedbackSummary[]> {
  const members = await briefsOf(db, [...new Set(rows.map((r) => r.userId))]);
  return rows.map((row) => {
    const m = members.get(row.userId);
    return {
      ...summaryOf(row),
      member: { _id: row.userId, nickname: m?.nickname ?? '', mobile: m?.mobile ?? '', avatar: m?.avatar ?? '' },
    };
  });
}

async function adminRecord(db: DbOrTx, row: Row): Promise<AdminFeedback> {
  const [[summary], messages] = await Promise.all([adminSummaries(db, [row]), messagesOf(db, row.id, true)]);
  const names = await namesOf(db, [...new Set(messages.map((m) => m.authorId))]);
  return {
    ...summary!,
    messages: messages.map((m) => ({
      _id: m.id,
      author: m.author,
      content: m.content,
      internal: m.internal,
      author_name: names.get(m.authorId) ?? '',
      created_at: m.createdAt.toISOString(),
    })),
  };
}

/** Messages the member wrote since `since` (new threads and follow-ups): what the daily limit counts. */
async function writtenSince(tx: Tx, userId: string, since: Date): Promise<number> {
  const [threads] = await tx
    .select({ n: count() })
    .from(feedback)
    .where(and(eq(feedback.userId, userId), gte(feedback.createdAt, since)));
  const [followUps] = await tx
    .select({ n: count() })
    .from(feedbackMessages)
    .where(
      and(
        eq(feedbackMessages.authorId, userId),
        eq(feedbackMessages.author, 'member'),
        gte(feedbackMessages.createdAt, since),
      ),
    );
  return (threads?.n ?? 0) + (followUps?.n ?? 0);
}

/** The daily limit and the start of the studio's day: read before the unit of work (it holds the connection). */
async function dailyWindow(ctx: AuthedContext, now: Date) {
  const studio = await studioRow(ctx);
  return {
    max: shopSettingsOf(studio).service_center.feedback_daily_limit,
    since: inZone(now, studio.timezone).startOf('day').toDate(),
  };
}

/**
 * Refuses the member's message when they already wrote their daily number (the studio's
 * feedback_daily_limit, counted from midnight in the studio's timezone). Takes the member's row
 * lock first, so two messages sent at once are counted one after the other.
 */
async function holdDailyLimit(tx: Tx, userId: string, window: { max: number; since: Date }) {
  await lockMember(tx, userId);
  const { max, since } = window;
  if ((await writtenSince(tx, userId, since)) >= max) fail('FEEDBACK_DAILY_LIMIT', { max }, { max });
}

/** client/feedback.add: the member's new thread, about their own order or booking if they name one. */
export async function addFeedback(ctx: AuthedContext, input: z.output<typeof feedbackAddInput>) {
  const uid = ctx.user.uid;
  const images: string[] = [];
  for (const url of input.images) images.push(await uploadedImage(ctx.db, url, 'images', uid));
  if (input.order_no && !(await isOrderOf(ctx.db, input.order_no, uid))) {
    fail('INVALID_PARAM', { field: 'order_no' }, { field: 'order_no', reason: 'notYours' });
  }
  if (input.reservation_id && (await findReservation(ctx.db, input.reservation_id))?.userId !== uid) {
    fail('INVALID_PARAM', { field: 'reservation_id' }, { field: 'reservation_id', reason: 'notYours' });
  }
  const now = ctx.clock.now();
  const window = await dailyWindow(ctx, now);
  const row = await runUnitOfWork(ctx, async ({ tx }) => {
    await holdDailyLimit(tx, uid, window);
    const [inserted] = await tx
      .insert(feedback)
      .values({
        id: newId(),
        userId: uid,
        category: input.category,
        content: input.content,
        images,
        orderNo: input.order_no ?? null,
        reservationId: input.reservation_id ?? null,
        status: 'pending_reply',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return inserted!;
  });
  return { feedback: await memberRecord(ctx.db, row) };
}

/** The thread locked for a change, moved by `move` (refused when the move is not allowed from its status). */
async function lockThread(tx: Tx, id: string, userId?: string): Promise<Row> {
  const [row] = await tx
    .select()
    .from(feedback)
    .where(and(eq(feedback.id, id), userId ? eq(feedback.userId, userId) : undefined))
    .for('update');
  return row ?? fail('FEEDBACK_NOT_FOUND');
}

async function moveThread(tx: Tx, row: Row, move: FeedbackMove | null, now: Date): Promise<Row> {
  const status = move ? feedbackStatusAfter(row.status, move) : row.status;
  if (!status) fail('FEEDBACK_CLOSED');
  const [moved] = await tx
    .update(feedback)
    .set({ status: status!, updatedAt: now })
    .where(eq(feedback.id, row.id))
    .returning();
  return moved!;
}

/** client/feedback.reply: the member's follow-up; the thread waits for the studio again. */
export async function followUp(ctx: AuthedContext, input: { _id: string; content: string }) {
  const now = ctx.clock.now();
  const window = await dailyWindow(ctx, now);
  const row = await runUnitOfWork(ctx, async ({ tx }) => {
    // Find it before the member's lock, so another member's id answers FEEDBACK_NOT_FOUND, not the limit.
    const [found] = await tx
      .select({ status: feedback.status })
      .from(feedback)
      .where(and(eq(feedback.id, input._id), eq(feedback.userId, ctx.user.uid)));
    if (!found) fail('FEEDBACK_NOT_FOUND');
    if (found!.status === 'closed') fail('FEEDBACK_CLOSED');
    await holdDailyLimit(tx, ctx.user.uid, window);
    const thread = await lockThread(tx, input._id, ctx.user.uid);
    await tx.insert(feedbackMessages).values({
      id: newId(),
      feedbackId: thread.id,
      author: 'member',
      authorId: ctx.user.uid,
      content: input.content,
      internal: false,
      createdAt: now,
    });
    return moveThread(tx, thread, 'memberFollowedUp', now);
  });
  return { feedback: await memberRecord(ctx.db, row) };
}

export async function listMine(ctx: AuthedContext, page: Page) {
  const where = eq(feedback.userId, ctx.user.uid);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(feedback)
      .where(where)
      .orderBy(desc(feedback.updatedAt), desc(feedback.id))
      .limit(page.pageSize)
      .offset(offsetOf(page)),
    ctx.db.select({ n: count() }).from(feedback).where(where),
  ]);
  return pageOf(rows.map(summaryOf), total?.n ?? 0, page);
}

/** One of the member's own threads; anyone else's is FEEDBACK_NOT_FOUND (spec: not found or no permission). */
export async function getMine(ctx: AuthedContext, id: string) {
  const [row] = await ctx.db
    .select()
    .from(feedback)
    .where(and(eq(feedback.id, id), eq(feedback.userId, ctx.user.uid)));
  return { feedback: await memberRecord(ctx.db, row ?? fail('FEEDBACK_NOT_FOUND')) };
}

// ---------------------------------------------------------------------------------------------
// Staff
// ---------------------------------------------------------------------------------------------

export async function adminList(ctx: AuthedContext, input: z.output<typeof adminFeedbackListInput>) {
  const where = and(
    input.status ? eq(feedback.status, input.status) : undefined,
    input.category ? eq(feedback.category, input.category) : undefined,
    input.from ? gte(feedback.createdAt, new Date(input.from)) : undefined,
    input.to ? lt(feedback.createdAt, new Date(input.to)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(feedback)
      .where(where)
      // Waiting threads first, the oldest wait at the top; then the rest, last active first.
      .orderBy(
        sql`(${feedback.status} = 'pending_reply') desc`,
        sql`case when ${feedback.status} = 'pending_reply' then ${feedback.updatedAt} end asc`,
        desc(feedback.updatedAt),
        desc(feedback.id),
      )
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    ctx.db.select({ n: count() }).from(feedback).where(where),
  ]);
  return pageOf(await adminSummaries(ctx.db, rows), total?.n ?? 0, input);
}

async function findThread(db: DbOrTx, id: string): Promise<Row> {
  const [row] = await db.select().from(feedback).where(eq(feedback.id, id));
  return row ?? fail('FEEDBACK_NOT_FOUND');
}

export async function adminGet(db: DbOrTx, id: string): Promise<AdminFeedback> {
  return adminRecord(db, await findThread(db, id));
}

/**
 * admin/feedback.reply: a reply the member reads (the thread becomes replied and feedback.replied
 * tells them), or an internal note only staff read (nothing moves, nobody is told).
 */
export async function staffReply(ctx: AuthedContext, input: { _id: string; content: string; internal: boolean }) {
  const now = ctx.clock.now();
  const row = await runUnitOfWork(ctx, async ({ tx, emit }) => {
    const thread = await lockThread(tx, input._id);
    const messageId = newId();
    await tx.insert(feedbackMessages).values({
      id: messageId,
      feedbackId: thread.id,
      author: 'staff',
      authorId: ctx.user.uid,
      content: input.content,
      internal: input.internal,
      createdAt: now,
    });
    const after = input.internal ? thread : await moveThread(tx, thread, 'staffReplied', now);
    // The audit log tells who answered whom (or wrote a note); the words stay in the thread.
    await recordAudit(tx, auditBy(ctx), {
      objectType: 'feedback',
      objectId: thread.id,
      before: { userId: thread.userId, status: thread.status },
      after: { userId: thread.userId, status: after.status, internal: input.internal, message_id: messageId },
    });
    if (!input.internal) {
      await emit(
        'feedback.replied',
        { feedback_id: thread.id, message_id: messageId, user_id: thread.userId, excerpt: excerptOf(input.content) },
        now,
      );
    }
    return after;
  });
  return { feedback: await adminRecord(ctx.db, row) };
}

/** admin/feedback.close: the thread ends (a member who needs more writes a new one). */
export async function closeThread(ctx: AuthedContext, id: string) {
  const now = ctx.clock.now();
  const row = await runUnitOfWork(ctx, async ({ tx }) => {
    const thread = await lockThread(tx, id);
    if (thread.status === 'closed') return thread;
    const closed = await moveThread(tx, thread, 'staffClosed', now);
    await recordAudit(tx, auditBy(ctx), {
      objectType: 'feedback',
      objectId: thread.id,
      before: { userId: thread.userId, status: thread.status },
      after: { userId: thread.userId, status: closed.status },
    });
    return closed;
  });
  return { feedback: await adminRecord(ctx.db, row) };
}

/** Threads waiting for the studio's reply: the dashboard's count. */
export async function countPendingFeedback(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(feedback).where(eq(feedback.status, 'pending_reply'));
  return row?.n ?? 0;
}
