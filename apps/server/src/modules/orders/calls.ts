import { adminOrderCalls, orderCalls } from '@studio/contract/orders';
import type { AppDeps } from '../../platform/deps';
import { handle } from '../../platform/protocol';
import { handleSerialized } from '../../platform/serialized-answer';
import type { Sweep } from '../../platform/sweeper';
import * as desk from './desk';
import * as refunds from './refunds';
import * as orders from './service';
import * as staff from './staff';

export const orderHandlers = [
  handle(orderCalls.previewOrder, async (input, ctx) => ({ preview: await orders.previewOrder(ctx, input) })),
  handle(orderCalls.createOrder, (input, ctx) => orders.createOrder(ctx, input)),
  handle(orderCalls.pay, (input, ctx) => orders.payOrder(ctx, input.order_no, input.pay_type)),
  handle(orderCalls.getInfo, async (input, ctx) => ({ orderInfo: await orders.getOwnOrder(ctx, input.order_no) })),
  handleSerialized(orderCalls.getList, (input, ctx) => orders.listOwnOrdersAnswer(ctx, input.tab, input)),
  handle(orderCalls.getCounts, async (_input, ctx) => ({ counts: await orders.countOwnOrders(ctx) })),
  handle(orderCalls.cancel, async (input, ctx) => ({ order: await orders.cancelOwnOrder(ctx, input.order_no) })),
  handle(orderCalls.confirmReceipt, async (input, ctx) => ({
    order: await orders.confirmReceipt(ctx, input.order_no),
  })),
  handle(orderCalls.comment, async (input, ctx) => ({ order: await orders.commentOrder(ctx, input) })),
  handle(orderCalls.previewRefund, async (input, ctx) => ({ quote: await refunds.previewRefund(ctx, input) })),
  handle(orderCalls.applyRefund, async (input, ctx) => ({ order: await refunds.applyRefund(ctx, input) })),
  handle(orderCalls.cancelRefund, async (input, ctx) => ({ order: await refunds.cancelRefund(ctx, input.order_no) })),
  handle(adminOrderCalls.approveRefund, async (input, ctx) => ({ order: await refunds.approveRefund(ctx, input) })),
  handle(adminOrderCalls.refuseRefund, async (input, ctx) => ({ order: await refunds.refuseRefund(ctx, input) })),
  handle(adminOrderCalls.repayRefund, async (input, ctx) => ({ order: await refunds.repayRefund(ctx, input) })),
  handle(adminOrderCalls.getRefunds, (input, ctx) => refunds.refundQueue(ctx, input.status, input)),
  handle(adminOrderCalls.getList, (input, ctx) => staff.adminListOrders(ctx, input)),
  handle(adminOrderCalls.getInfo, async (input, ctx) => ({
    order: await staff.adminGetOrder(ctx.db, input.order_no, ctx.locale),
  })),
  handle(adminOrderCalls.markPaid, async (input, ctx) => ({
    order: await staff.markPaidOffline(ctx, input),
  })),
  handle(adminOrderCalls.getDeskSale, (input, ctx) => desk.deskSaleOptions(ctx, input.user_id)),
  handle(adminOrderCalls.sellPackage, async (input, ctx) => ({ order: await desk.sellPackage(ctx, input) })),
  handle(adminOrderCalls.ship, async (input, ctx) => ({ order: await staff.shipOrder(ctx, input) })),
  handle(adminOrderCalls.cancel, async (input, ctx) => ({ order: await staff.staffCancelOrder(ctx, input) })),
  handle(adminOrderCalls.extendDeadline, async (input, ctx) => ({ order: await staff.extendDeadline(ctx, input) })),
];

/**
 * The orders' scheduled work: members told of unpaid orders about to cancel themselves, unpaid orders
 * past their countdown or desk deadline cancelled, shipped ones past the receipt days received.
 */
export const orderSweeps = (deps: AppDeps): Sweep[] => [
  { name: 'orders.tellExpiring', run: (db, now) => staff.tellExpiringOrders({ db, deps }, now) },
  { name: 'orders.cancelExpired', run: (db, now) => staff.cancelExpiredOrders({ db, deps }, now) },
  { name: 'orders.receiveDue', run: (db, now) => staff.receiveDueOrders({ db, deps }, now) },
];
