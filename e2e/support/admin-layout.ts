import type { APIRequestContext } from '@playwright/test';
import { accountCalls } from '@studio/contract/account';
import { adminCouponCalls } from '@studio/contract/coupons';
import { adminFreightCalls } from '@studio/contract/freight';
import { adminNoticeCalls } from '@studio/contract/notifications';
import { adminOrderCalls, orderCalls } from '@studio/contract/orders';
import { adminReviewCalls } from '@studio/contract/reviews';
import { adminScheduleCalls } from '@studio/contract/schedule';
import { verifyCalls } from '@studio/contract/teacher';
import { adminWalletCalls } from '@studio/contract/wallet';
import { callApi, DEMO, registerMember, tokenOf } from './api';
import { bookThroughApi, type ClassSetup, createSession, grantPackage, studioSessionTimes } from './classes';
import { createGoods, uploadImage } from './shop';

/** Texts at (or near) their longest, as a studio that writes a lot would have them. */
export const LONG = {
  goods: 'Natural cork yoga block with a rounded edge, extra firm, for kneeling (large)',
  sku: 'Sand, large, with a cotton carrying strap',
  nickname: 'Wilhelmina Fitzgerald-Montgomery',
  reason:
    'The block arrived with a crack along the rounded edge and a strong smell of glue that did not go away after airing it for three days on the balcony; I would like my money back, please. Thank you!',
  review:
    'Firm and light, perfect for my practice at home, although the edge could be a little softer for kneeling poses and the strap came loose after a week of daily use. Still, for the price it is a good block, the cork grips well even with sweaty hands, and I would buy it again for the studio and for friends who are just starting out with yoga at home.',
  reply:
    'Thank you for such a thorough review! We have passed your note about the strap to the maker, and the next batch comes with a stitched loop. Come and tell us at the desk if yours gives way again: we will swap it.',
  coupon: 'Spring welcome back: £5 off every mat',
  course: 'Slow Flow and Yin for Stiff Backs (all levels)',
  room: 'The Long Garden Studio Upstairs',
  address: 'Second floor, 14 Willow Lane, behind the bakery courtyard, entrance by the blue door on the left',
  notice: 'The studio closes early on Friday for the floor to be sanded and oiled: evening classes move online',
  freight: 'Heavy parcels, tracked and signed for',
} as const;

export interface LayoutRows {
  member: { _id: string; token: string };
  /** An order with a refund waiting (the Approve / Refuse buttons show on its row). */
  refundOrderNo: string;
  sessionId: string;
  goodsId: string;
}

/**
 * Fills every back-office table with rows whose texts are as long as the studio may write them: an
 * order refunded, one refused and one waiting; a review with a reply; a coupon, a course, a room,
 * a teacher, a freight rule and an announcement with long names; a member with a long name who holds
 * a package, has a wallet entry and a booking on a session.
 */
export async function seedLongRows(request: APIRequestContext): Promise<LayoutRows> {
  const admin = await tokenOf(request, DEMO.admin);
  const staff = await tokenOf(request, DEMO.staff);
  const goods = await createGoods(request, admin, {
    name: LONG.goods,
    type: 0,
    sku_list: [
      { sku_name: LONG.sku, price: 1500, stock: 50, weight: 600, image: await uploadImage(request, admin) },
      { sku_name: 'Moss', price: 1500, stock: 50, weight: 600 },
    ],
  });
  const [sand, moss] = goods.sku_list as [(typeof goods.sku_list)[0], (typeof goods.sku_list)[0]];
  const member = await registerMember(request, { prefix: 'wilhelminafitzger' });
  await callApi(request, accountCalls.updateUser, { nickname: LONG.nickname }, member.token);
  await callApi(
    request,
    adminWalletCalls.adjust,
    { user_id: member.uid, amount: 100_000, reason: `${LONG.reason.slice(0, 60)}` },
    admin,
  );

  const paidOrder = async (
    items = [
      { sku_id: sand._id, buy_num: 1 },
      { sku_id: moss._id, buy_num: 2 },
    ],
  ) => {
    const { order_no } = await callApi(request, orderCalls.createOrder, { items, delivery: 'pickup' }, member.token);
    const { order } = await callApi(request, orderCalls.pay, { order_no, pay_type: 'balance' }, member.token);
    return { order_no, pickup: order?.pickup_code ?? '' };
  };
  const applyRefund = (order_no: string) =>
    callApi(request, orderCalls.applyRefund, { order_no, reason: LONG.reason }, member.token);
  const refused = await paidOrder();
  await applyRefund(refused.order_no);
  await callApi(request, adminOrderCalls.refuseRefund, { order_no: refused.order_no, reason: LONG.reason }, admin);
  const approved = await paidOrder();
  await applyRefund(approved.order_no);
  await callApi(request, adminOrderCalls.approveRefund, { order_no: approved.order_no, amount: 1500 }, admin);
  const waiting = await paidOrder();
  await applyRefund(waiting.order_no);

  const reviewed = await paidOrder([{ sku_id: sand._id, buy_num: 1 }]);
  await callApi(request, verifyCalls.scan, { code: reviewed.pickup }, staff);
  await callApi(
    request,
    orderCalls.comment,
    { order_no: reviewed.order_no, items: [{ sku_id: sand._id, rate: 2, content: LONG.review }] },
    member.token,
  );
  const { rows: reviews } = await callApi(
    request,
    adminReviewCalls.getList,
    { pageIndex: 1, pageSize: 10, order: 'desc' },
    admin,
  );
  const review = reviews.find((r) => r.order_no === reviewed.order_no);
  if (review) await callApi(request, adminReviewCalls.reply, { _id: review._id, reply: LONG.reply }, admin);

  await callApi(
    request,
    adminCouponCalls.save,
    {
      name: LONG.coupon,
      type: 1,
      coupon_rule: { min_amount: 3000, discount_amount: 500 },
      effective_time_rule: {
        type: 0,
        start_fixed_time: new Date(Date.now() - 86_400_000).toISOString(),
        end_fixed_time: new Date(Date.now() + 90 * 86_400_000).toISOString(),
      },
      goods_ids: [goods._id],
      total: 1000,
    },
    admin,
  );
  await callApi(
    request,
    adminFreightCalls.save,
    {
      name: LONG.freight,
      first_weight: 1000,
      first_weight_price: 495,
      continuous_weight: 500,
      continuous_weight_price: 150,
      max_weight: 30_000,
    },
    admin,
  );
  await callApi(
    request,
    adminNoticeCalls.save,
    { title: { en: LONG.notice }, content: { en: '<p>See you on Saturday.</p>' }, audience: 'all' },
    admin,
  );

  const { course } = await callApi(
    request,
    adminScheduleCalls.saveCourse,
    { name: LONG.course, duration_min: 75, default_capacity: 12, level: 'all' },
    admin,
  );
  const { room } = await callApi(
    request,
    adminScheduleCalls.saveRoom,
    { name: LONG.room, capacity: 12, address: LONG.address },
    admin,
  );
  const teacher = await registerMember(request, { prefix: 'layoutteacher' });
  await callApi(
    request,
    adminScheduleCalls.saveTeacher,
    {
      user_id: teacher.uid,
      name: 'Anastasia Konstantinopoulou',
      introduction: 'Teaches slowly.',
      specialties: ['Yin', 'Restorative', 'Mobility', 'Breathwork', 'Pre-natal'],
    },
    admin,
  );
  const setup: ClassSetup = {
    adminToken: admin,
    stamp: '',
    course,
    room,
    teacher: { ...teacher, name: 'Anastasia Konstantinopoulou' },
  };
  const session = await createSession(request, setup, studioSessionTimes(1, '18:30', 75));
  await grantPackage(request, admin, member.uid, 'Ten classes, valid for a year, any course', 10);
  await bookThroughApi(request, member, session._id);

  return {
    member: { _id: member.uid, token: member.token },
    refundOrderNo: waiting.order_no,
    sessionId: session._id,
    goodsId: goods._id,
  };
}
