import { ORDER_STATUS } from '@studio/contract/orders';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, isAnyOf, preparedQuery } from '../../platform/db';
import { orderRefundLines, orderRefunds } from './schema';

/* The queries of refund applications' lines (refunds.ts). */

export type RefundLineRow = typeof orderRefundLines.$inferSelect;
/** Application lines with their application's status. */
export type RefundLineRows = (RefundLineRow & { status: (typeof orderRefunds.$inferSelect)['status'] })[];

/** Units of each line (sku id) that approved applications sent back. Under the order's lock, exact. */
export async function refundedUnits(db: DbOrTx, orderNo: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ skuId: orderRefundLines.skuId, units: sql<number>`sum(${orderRefundLines.quantity})`.mapWith(Number) })
    .from(orderRefundLines)
    .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundLines.refundId))
    .where(and(eq(orderRefundLines.orderId, orderNo), eq(orderRefunds.status, 'approved')))
    .groupBy(orderRefundLines.skuId);
  return new Map(rows.map((r) => [r.skuId, r.units]));
}

/**
 * What approved applications of the order paid back: in all, and before it completed (those applied
 * for from an earlier status: an application from a completed order goes back to completed).
 */
export async function approvedAmounts(db: DbOrTx, orderNo: string): Promise<{ all: number; beforeCompletion: number }> {
  const [row] = await db
    .select({
      all: sql<number>`coalesce(sum(${orderRefunds.approvedAmount}), 0)`.mapWith(Number),
      beforeCompletion:
        sql<number>`coalesce(sum(${orderRefunds.approvedAmount}) filter (where ${orderRefunds.previousStatus} <> ${ORDER_STATUS.completed}), 0)`.mapWith(
          Number,
        ),
    })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderNo), eq(orderRefunds.status, 'approved')));
  return { all: row?.all ?? 0, beforeCompletion: row?.beforeCompletion ?? 0 };
}

export async function insertRefundLines(
  db: DbOrTx,
  refundId: string,
  orderNo: string,
  lines: readonly { sku_id: string; quantity: number; amount: number }[],
): Promise<void> {
  if (!lines.length) return;
  await db
    .insert(orderRefundLines)
    .values(
      lines.map((l) => ({ refundId, orderId: orderNo, skuId: l.sku_id, quantity: l.quantity, amount: l.amount })),
    );
}

const linesOfOrdersStatement = preparedQuery('order_refund_lines_of', (db) =>
  db
    .select({ line: orderRefundLines, status: orderRefunds.status })
    .from(orderRefundLines)
    .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundLines.refundId))
    .where(isAnyOf(orderRefundLines.orderId, sql.placeholder('ids')))
    .orderBy(asc(orderRefundLines.orderId), asc(orderRefundLines.refundId), asc(orderRefundLines.skuId)),
);

/** The lines of every application of these orders, each with its application's status. */
export async function refundLinesOfOrders(db: DbOrTx, orderNos: readonly string[]): Promise<RefundLineRows> {
  if (!orderNos.length) return [];
  const rows = await linesOfOrdersStatement(db, { ids: [...orderNos] });
  return rows.map((r) => ({ ...r.line, status: r.status }));
}
