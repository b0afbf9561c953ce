import type { Locale } from '@studio/contract/locale';
import {
  type AdminOrderRecord,
  type DeskPaymentRecord,
  ORDER_REFUNDABLE,
  ORDER_STATUS,
  type OrderAction,
  type OrderRecord,
  orderStatusNameOf,
} from '@studio/contract/orders';
import type { RefundRecord } from '@studio/contract/refunds';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db';
import { textIn } from '../../platform/localized-text';
import { briefsOf } from '../account';
import { paidAmounts, type RefundMoney, refundMoney, type StaffTakenPayment, staffTakenPayments } from '../payments';
import * as refundRepo from './refund-repo';
import * as repo from './repo';

const S = ORDER_STATUS;

/** Statuses a member may apply for a refund from (ORDER_MOVES.apply_refund). */
const REFUNDABLE: readonly number[] = ORDER_REFUNDABLE.map((name) => S[name]);

/** What the member may do with an order in its status (spec section 4's actions). */
export function actionsOf(row: repo.OrderRow, refund?: repo.RefundRow, left = 0): OrderAction[] {
  const actions: OrderAction[] = [];
  if (row.status === S.completed && !row.reviewedAt) actions.push('review');
  if (row.status === S.unpaid) {
    if (row.payType !== 'offline') actions.push('pay');
    actions.push('cancel');
  }
  if (row.status === S.shipped) actions.push('confirm_receipt', 'logistics');
  if (row.status === S.paid && row.delivery === 'pickup' && row.pickupCode) actions.push('pickup_code');
  if ((row.status === S.received || row.status === S.completed) && row.expressNo) actions.push('logistics');
  // Something left to refund, or (paid with nothing) points or a package to give back.
  if (REFUNDABLE.includes(row.status) && (left > 0 || (row.payAmount === 0 && !refund))) actions.push('apply_refund');
  if (row.status === S.refund_requested) actions.push('cancel_refund');
  if (refund) actions.push('refund_details');
  if (row.status === S.completed) actions.push('invite');
  return actions;
}

function toLine(line: repo.LineRow, locale: Locale | undefined, refunded: number) {
  return {
    sku_id: line.skuId,
    goods_id: line.goodsId,
    goods_type: line.goodsType,
    goods_name: textIn(line.goodsName, line.goodsNameI18n, locale),
    sku_name: textIn(line.skuName, line.skuNameI18n, locale),
    image: line.image,
    price: line.price,
    buy_num: line.buyNum,
    amount: line.price * line.buyNum,
    class_count: line.terms?.classCount ?? null,
    refunded_num: Math.min(line.buyNum, refunded),
  };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toOrderRecord(
  row: repo.OrderRow,
  lines: repo.LineRow[],
  events: repo.EventRow[],
  paid: number,
  locale?: Locale,
  refund?: repo.RefundRow,
  refunded = 0,
  money: RefundMoney | null = null,
  refundLines: refundRepo.RefundLineRows = [],
): OrderRecord {
  const approvedUnits = new Map<string, number>();
  for (const l of refundLines) {
    if (l.status === 'approved') approvedUnits.set(l.skuId, (approvedUnits.get(l.skuId) ?? 0) + l.quantity);
  }
  const shown = lines.map((l) => toLine(l, locale, approvedUnits.get(l.skuId) ?? 0));
  return {
    _id: row.id,
    order_no: row.id,
    status: row.status,
    status_name: orderStatusNameOf(row.status),
    kind: row.kind,
    delivery: row.delivery,
    pay_type: (row.payType as OrderRecord['pay_type']) ?? null,
    goods_amount: row.goodsAmount,
    freight_amount: row.freightAmount,
    coupon_amount: row.couponAmount,
    points_used: row.pointsUsed,
    points_amount: row.pointsAmount,
    pay_amount: row.payAmount,
    paid_amount: paid,
    refunded_amount: refunded,
    refund: refund
      ? toRefundRecord(
          refund,
          money,
          refundLines.filter((l) => l.refundId === refund.id),
        )
      : null,
    reviewed: row.reviewedAt !== null,
    item_count: shown.reduce((n, l) => n + l.buy_num, 0),
    lines: shown,
    address: row.address ?? null,
    remark: row.remark,
    pickup_code: row.status === S.paid && row.delivery === 'pickup' ? row.pickupCode : null,
    express_info: row.expressNo
      ? {
          express_name: row.expressName,
          express_no: row.expressNo,
          receiver_mobile: row.address?.phone ?? '',
          waybill_token: '',
        }
      : null,
    expires_at: row.status === S.unpaid ? iso(row.expiresAt) : null,
    created_at: row.createdAt.toISOString(),
    paid_at: iso(row.paidAt),
    shipped_at: iso(row.shippedAt),
    completed_at: iso(row.completedAt),
    cancelled_at: iso(row.cancelledAt),
    cancel_reason: row.cancelReason,
    auto_receive_at: row.status === S.shipped ? iso(row.autoReceiveAt) : null,
    timeline: events.map((e) => ({ status: e.status, at: e.at.toISOString(), note: e.note, refund: e.refund ?? null })),
    actions: actionsOf(row, refund, paid - refunded),
  };
}

function toRefundRecord(r: repo.RefundRow, money: RefundMoney | null, lines: refundRepo.RefundLineRows): RefundRecord {
  return {
    _id: r.id,
    status: r.status,
    reason: r.reason,
    images: r.images,
    lines: lines.map((l) => ({ sku_id: l.skuId, quantity: l.quantity, amount: l.amount })),
    requested_amount: r.requestedAmount,
    approved_amount: r.approvedAmount,
    refuse_reason: r.refuseReason,
    message: r.message,
    created_at: r.createdAt.toISOString(),
    decided_at: iso(r.decidedAt),
    money,
  };
}

/** Orders as records: their lines, timelines and paid amounts read in one query each. */
export async function orderRecords(db: DbOrTx, rows: repo.OrderRow[], locale?: Locale): Promise<OrderRecord[]> {
  const ids = rows.map((r) => r.id);
  // Outside a transaction the reads go out at once, each on a connection of the pool.
  const reads = [
    () => repo.linesOf(db, ids),
    () => repo.eventsOf(db, ids),
    () => paidAmounts(db, ids),
    () => repo.latestRefunds(db, ids),
    () => refundMoney(db, ids),
    () => refundRepo.refundLinesOfOrders(db, ids),
  ] as const;
  const [lines, events, paid, refunds, money, refundLines] =
    db instanceof PgTransaction
      ? [await reads[0](), await reads[1](), await reads[2](), await reads[3](), await reads[4](), await reads[5]()]
      : await Promise.all([reads[0](), reads[1](), reads[2](), reads[3](), reads[4](), reads[5]()]);
  return rows.map((r) =>
    toOrderRecord(
      r,
      lines.get(r.id) ?? [],
      events.get(r.id) ?? [],
      paid.get(r.id) ?? 0,
      locale,
      refunds.get(r.id),
      money.refunded.get(r.id) ?? 0,
      money.moneyOf.get(refunds.get(r.id)?.id ?? '') ?? null,
      refundLines.filter((l) => l.orderId === r.id),
    ),
  );
}

/** The desk payment as staff see it: cash or card terminal for an offline payment, else the wallet. */
function deskPaymentOf(taken: StaffTakenPayment | undefined, nickname: string): DeskPaymentRecord | null {
  if (!taken) return null;
  return {
    method: taken.method ?? 'balance',
    taken_by: { _id: taken.takenBy, nickname },
    at: taken.settledAt.toISOString(),
  };
}

/** As staff see them: with the member's name and mobile, and who took a payment made at the desk. */
export async function adminOrderRecords(
  db: DbOrTx,
  rows: repo.OrderRow[],
  locale?: Locale,
): Promise<AdminOrderRecord[]> {
  const records = await orderRecords(db, rows, locale);
  const taken = await staffTakenPayments(
    db,
    rows.map((r) => r.id),
  );
  const people = await briefsOf(db, [
    ...new Set([...rows.map((r) => r.userId), ...[...taken.values()].map((p) => p.takenBy)]),
  ]);
  return records.map((record, i) => {
    const userId = rows[i]!.userId;
    const member = people.get(userId);
    const desk = taken.get(record.order_no);
    return {
      ...record,
      member: { _id: userId, nickname: member?.nickname ?? '', mobile: member?.mobile ?? '' },
      desk_payment: deskPaymentOf(desk, desk ? (people.get(desk.takenBy)?.nickname ?? '') : ''),
    };
  });
}
