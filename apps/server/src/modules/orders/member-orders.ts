import type { Locale } from '@studio/contract/locale';
import type { DbOrTx } from '../../platform/db';
import { orderRecords } from './records';
import * as repo from './repo';

/** Whether `orderNo` is an order of `userId` (what a member's message may be about). */
export async function isOrderOf(db: DbOrTx, orderNo: string, userId: string): Promise<boolean> {
  return (await repo.findOrder(db, orderNo))?.userId === userId;
}

/** A member's last orders, newest first, briefly: what staff see beside the member's message. */
export async function lastOrdersOf(db: DbOrTx, userId: string, limit: number, locale?: Locale) {
  const { rows } = await repo.listForStaff(db, { userId }, { pageIndex: 1, pageSize: limit });
  return (await orderRecords(db, rows, locale)).map((o) => ({
    order_no: o.order_no,
    status: o.status,
    title: o.lines.map((l) => l.goods_name).join(', '),
    pay_amount: o.pay_amount,
    created_at: o.created_at,
  }));
}
