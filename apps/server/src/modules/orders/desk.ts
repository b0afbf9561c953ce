import type { DeskPackage, deskSaleInput } from '@studio/contract/orders';
import type { z } from 'zod';
import { fail } from '../../platform/errors';
import type { AuthedContext } from '../../platform/protocol';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { getUserOrFail } from '../account';
import { auditBy, recordAudit } from '../audit';
import { holdStock, packagesOnSale } from '../catalog';
import { getMerchant } from '../merchant';
import { recordSettledPayment } from '../payments';
import { postWalletEntry, readBalance } from '../wallet';
import { markPaid } from './flow';
import { assertCheckoutable, priceOrder } from './pricing';
import { adminOrderRecords } from './records';
import * as repo from './repo';
import { newOrderNo, writeOrder } from './service';

/*
 * The front desk's sale of a course package to a member (orders.desk): an order like an online
 * purchase's, written and paid in one unit of work, so that `order.paid` issues the package and
 * `order.completed` earns its points as online. The money is cash or the card terminal (an offline
 * payment recording the method and who took it), or the member's wallet (its normal debit, never
 * below 0). Idempotent by the back office's request id: the order holds it, unique.
 */

/** What a sale to this member offers: the packages on sale, and their wallet balance. */
export async function deskSaleOptions(
  ctx: AuthedContext,
  userId: string,
): Promise<{ packages: DeskPackage[]; balance: number }> {
  await getUserOrFail(ctx.db, userId);
  const [packages, balance] = await Promise.all([packagesOnSale(ctx.db, ctx.locale), readBalance(ctx.db, userId)]);
  return {
    packages: packages.map((p) => ({
      sku_id: p.sku.id,
      goods_id: p.goods.id,
      goods_name: p.goodsName,
      sku_name: p.skuName,
      price: p.sku.price,
      class_count: p.sku.classCount ?? 0,
      stock: p.sku.stock,
    })),
    balance,
  };
}

/** Another transaction wrote an order under the same request id first: this one leaves nothing. */
class SaleRepeated extends Error {}

/** The first sale of a request id, answered again; refused if the id came with another sale. */
async function answerRepeat(ctx: AuthedContext, order: repo.OrderRow, input: z.output<typeof deskSaleInput>) {
  const lines = (await repo.linesOf(ctx.db, [order.id])).get(order.id) ?? [];
  if (order.userId !== input.user_id || lines[0]?.skuId !== input.sku_id) {
    fail('INVALID_PARAM', { field: 'request_id' }, { field: 'request_id', reason: 'reused' });
  }
  return (await adminOrderRecords(ctx.db, [order], ctx.locale))[0]!;
}

export async function sellPackage(ctx: AuthedContext, input: z.output<typeof deskSaleInput>) {
  if (input.user_id === ctx.user.uid) fail('SELF_DESK_PAYMENT_DENIED');
  await getUserOrFail(ctx.db, input.user_id);
  const seen = await repo.findBySaleKey(ctx.db, input.request_id);
  if (seen) return answerRepeat(ctx, seen, input);
  const merchant = await getMerchant(ctx.db);
  const now = ctx.clock.now();
  const staffId = ctx.user.uid;
  let sold: repo.OrderRow;
  try {
    sold = await runUnitOfWork(ctx, async (work) => {
      const { tx } = work;
      const draft = await priceOrder(tx, ctx, input.user_id, {
        items: [{ sku_id: input.sku_id, buy_num: 1 }],
        delivery: 'express',
        remark: '',
        from_cart: false,
        use_points: 0,
      });
      if (draft.kind !== 'package')
        fail('INVALID_PARAM', { field: 'sku_id' }, { field: 'sku_id', reason: 'notPackage' });
      assertCheckoutable(draft);
      await holdStock(tx, [{ skuId: input.sku_id, quantity: 1 }], now);
      const orderNo = newOrderNo(now, merchant.timezone);
      const order = await writeOrder(tx, draft, {
        orderNo,
        userId: input.user_id,
        remark: '',
        expiresAt: null,
        actorId: staffId,
        now,
        saleKey: input.request_id,
      });
      if (!order) throw new SaleRepeated();
      const free = order.payAmount === 0;
      const atDesk = input.method !== 'balance';
      const payType = free ? 'none' : atDesk ? 'offline' : 'balance';
      await recordSettledPayment(tx, {
        userId: order.userId,
        purpose: 'order',
        ref: order.id,
        provider: payType,
        amount: order.payAmount,
        ...(atDesk && !free ? { method: input.method as 'cash' | 'card_terminal' } : {}),
        takenBy: staffId,
        now,
      });
      if (payType === 'balance') {
        // The wallet's own debit, as an online payment from it: BALANCE_INSUFFICIENT rolls it all back.
        await postWalletEntry(tx, {
          userId: order.userId,
          amount: -order.payAmount,
          kind: 'payment',
          key: `payment:${order.id}`,
          ref: order.id,
          at: now,
        });
      }
      const paid = await markPaid(work, order, payType, now, staffId);
      const line = draft.lines[0]!;
      await recordAudit(tx, auditBy(ctx), {
        objectType: 'order',
        objectId: order.id,
        before: null,
        after: {
          status: paid.status,
          amount: order.payAmount,
          method: free ? 'none' : input.method,
          user_id: order.userId,
          sku_id: line.sku_id,
          goods_name: line.goods_name,
          sku_name: line.sku_name,
          class_count: line.class_count,
        },
      });
      return paid;
    });
  } catch (error) {
    if (!(error instanceof SaleRepeated)) throw error;
    return answerRepeat(ctx, (await repo.findBySaleKey(ctx.db, input.request_id))!, input);
  }
  return (await adminOrderRecords(ctx.db, [sold], ctx.locale))[0]!;
}
