import type { Locale } from '@studio/contract/locale';
import type { LocalizedText } from '@studio/contract/localized-text';
import type { AdminReviewRecord, RatingSummary, ReviewRecord } from '@studio/contract/reviews';
import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { textIn } from '../../platform/localized-text';
import { offsetOf, orderOf, type Page, pageOf } from '../../platform/paging';
import type { CallContext } from '../../platform/protocol';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { briefsOf } from '../account';
import { auditBy, recordAudit } from '../audit';
import { reviews } from './schema';

type Row = typeof reviews.$inferSelect;

/** A reviewed line as the orders module hands it in (it checked the order is the member's and completed). */
export interface NewReview {
  goodsId: string;
  skuId: string;
  goodsName: string;
  skuName: string;
  skuNameI18n: LocalizedText;
  rate: number;
  content: string;
  images: string[];
}

/** Writes an order's reviews in the caller's transaction (the order's lock keeps it to once). */
export async function writeReviews(tx: Tx, orderNo: string, userId: string, items: NewReview[], now: Date) {
  await tx.insert(reviews).values(
    items.map((r) => ({
      id: newId(),
      orderNo,
      userId,
      ...r,
      createdAt: now,
    })),
  );
}

async function records(db: DbOrTx, rows: Row[], locale?: Locale) {
  const members = await briefsOf(db, [...new Set(rows.map((r) => r.userId))]);
  return rows.map((row) => {
    const m = members.get(row.userId);
    const record: ReviewRecord = {
      _id: row.id,
      goods_id: row.goodsId,
      sku_name: textIn(row.skuName, row.skuNameI18n, locale),
      rate: row.rate,
      content: row.content,
      images: row.images,
      reply: row.reply,
      replied_at: row.repliedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      member: { nickname: m?.nickname ?? '', avatar: m?.avatar ?? '' },
    };
    const admin: AdminReviewRecord = {
      ...record,
      order_no: row.orderNo,
      goods_name: row.goodsName,
      hidden: row.hidden,
      member: { _id: row.userId, nickname: m?.nickname ?? '', avatar: m?.avatar ?? '' },
    };
    return { record, admin };
  });
}

export async function ratingOf(db: DbOrTx, goodsId: string): Promise<RatingSummary> {
  const [row] = await db
    .select({
      average: sql<number>`coalesce(round(avg(${reviews.rate}), 1), 0)::float`,
      count: count(),
      withImages: sql<number>`count(*) filter (where jsonb_array_length(${reviews.images}) > 0)::int`,
    })
    .from(reviews)
    .where(and(eq(reviews.goodsId, goodsId), eq(reviews.hidden, false)));
  return { average: row?.average ?? 0, count: row?.count ?? 0, with_images: row?.withImages ?? 0 };
}

/** A goods item's visible reviews, newest first ("with photos" keeps those that have some). */
export async function listGoodsReviews(ctx: CallContext, input: Page & { goods_id: string; with_images: boolean }) {
  const where = and(
    eq(reviews.goodsId, input.goods_id),
    eq(reviews.hidden, false),
    input.with_images ? sql`jsonb_array_length(${reviews.images}) > 0` : undefined,
  );
  const [rows, summary] = await Promise.all([
    ctx.db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    ratingOf(ctx.db, input.goods_id),
  ]);
  const total = input.with_images ? summary.with_images : summary.count;
  return {
    ...pageOf(
      (await records(ctx.db, rows, ctx.locale)).map((r) => r.record),
      total,
      input,
    ),
    summary,
  };
}

export async function adminListReviews(
  ctx: CallContext,
  input: Page & {
    goods_id?: string;
    hidden?: boolean;
    max_rate?: number;
    keyword?: string;
    sort?: string;
    order?: 'asc' | 'desc';
  },
) {
  const where = and(
    input.goods_id ? eq(reviews.goodsId, input.goods_id) : undefined,
    input.hidden !== undefined ? eq(reviews.hidden, input.hidden) : undefined,
    input.max_rate ? lte(reviews.rate, input.max_rate) : undefined,
  );
  const rows = await ctx.db
    .select()
    .from(reviews)
    .where(where)
    .orderBy(
      ...(input.sort
        ? orderOf({ created_at: reviews.createdAt, rate: reviews.rate }, input, [reviews.id])
        : [desc(reviews.createdAt), desc(reviews.id)]),
    )
    .limit(input.pageSize)
    .offset(offsetOf(input));
  const [total] = await ctx.db.select({ n: count() }).from(reviews).where(where);
  return pageOf(
    (await records(ctx.db, rows, ctx.locale)).map((r) => r.admin),
    total?.n ?? 0,
    input,
  );
}

/** Hides or shows a review, or sets the studio's reply; audited with before and after. */
export async function moderate(ctx: CallContext, id: string, change: { hidden?: boolean; reply?: string }) {
  const now = ctx.clock.now();
  const row = await runUnitOfWork(ctx, async ({ tx }) => {
    const [before] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!before) fail('NOT_FOUND', {}, { field: '_id' });
    const [after] = await tx
      .update(reviews)
      .set({
        ...(change.hidden !== undefined && { hidden: change.hidden }),
        ...(change.reply !== undefined && { reply: change.reply, repliedAt: change.reply ? now : null }),
      })
      .where(eq(reviews.id, id))
      .returning();
    await recordAudit(tx, auditBy(ctx), {
      objectType: 'review',
      objectId: id,
      before: { hidden: before!.hidden, reply: before!.reply },
      after: { hidden: after!.hidden, reply: after!.reply },
    });
    return after!;
  });
  return (await records(ctx.db, [row], ctx.locale))[0]!.admin;
}

/** Whose review it is and of which goods, by review id: what the audit log's sentences name. */
export async function reviewSubjects(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, { userId: string; goodsName: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: reviews.id, userId: reviews.userId, goodsName: reviews.goodsName })
    .from(reviews)
    .where(inArray(reviews.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { userId: r.userId, goodsName: r.goodsName }]));
}
