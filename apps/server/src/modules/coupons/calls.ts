import { adminCouponCalls, couponCalls } from '@studio/contract/coupons';
import { handle, handlePub } from '../../platform/protocol';
import * as admin from './admin';
import * as coupons from './service';

export const couponHandlers = [
  handlePub(couponCalls.getCenter, (input, ctx) => coupons.listCenter(ctx, input)),
  handlePub(couponCalls.getCoupon, async (input, ctx) => ({
    coupon: await coupons.getCenterCoupon(ctx, input.coupon_id),
  })),
  handle(couponCalls.claim, async (input, ctx) => ({ member_coupon: await coupons.claim(ctx, input.coupon_id) })),
  handle(couponCalls.exchange, async (input, ctx) => ({ member_coupon: await coupons.exchange(ctx, input.code) })),
  handle(couponCalls.getList, (input, ctx) => coupons.listMine(ctx, input.tab, input)),
  handle(couponCalls.getDetail, async (input, ctx) => ({ member_coupon: await coupons.getMine(ctx, input._id) })),
  handle(couponCalls.getCounts, async (_input, ctx) => ({ usable: await coupons.countUsable(ctx) })),
  handle(adminCouponCalls.save, async (input, ctx) => ({ coupon: await admin.saveCoupon(ctx, input) })),
  handle(adminCouponCalls.getList, (input, ctx) => admin.adminListCoupons(ctx, input)),
  handle(adminCouponCalls.getInfo, async (input, ctx) => ({ coupon: await admin.adminGetCoupon(ctx, input._id) })),
  handle(adminCouponCalls.generateCodes, async (input, ctx) => ({
    codes: await admin.generateCodes(ctx, input.coupon_id, input.count),
  })),
  handle(adminCouponCalls.getCodes, (input, ctx) => admin.listCodes(ctx.db, input.coupon_id, input)),
];
