import type { LocalizedText } from '@studio/contract/localized-text';
import type { Db } from '../../platform/db';
import { coupons } from './schema';

/** The demo studio's coupons on offer: a welcome reduction, a discount on mats and props, and a pass offer. */
const DEMO_COUPONS: {
  id: string;
  name: LocalizedText & { en: string };
  type: 1 | 2;
  minAmount: number;
  discountAmount?: number;
  discountTenths?: number;
  endDays: number;
  goodsIds?: string[];
  total: number;
}[] = [
  {
    id: 'demo-coupon-welcome',
    name: { en: 'Welcome: £5 off £30', 'zh-Hans': '新人券：满 £30 减 £5', 'zh-Hant': '新人券：滿 £30 減 £5' },
    type: 1,
    minAmount: 3000,
    discountAmount: 500,
    endDays: 30,
    total: 500,
  },
  {
    id: 'demo-coupon-props',
    name: { en: '15% off mats and props', 'zh-Hans': '瑜伽垫与辅具 8.5 折', 'zh-Hant': '瑜伽墊與輔具 8.5 折' },
    type: 2,
    minAmount: 0,
    discountTenths: 85,
    endDays: 14,
    goodsIds: ['demo-goods-cork-mat', 'demo-goods-travel-mat', 'demo-goods-block', 'demo-goods-strap'],
    total: 200,
  },
  {
    id: 'demo-coupon-pass',
    name: { en: '£10 off a 10-class pass', 'zh-Hans': '10 次课程卡立减 £10', 'zh-Hant': '10 次課程卡立減 £10' },
    type: 1,
    minAmount: 10000,
    discountAmount: 1000,
    endDays: 60,
    goodsIds: ['demo-goods-pass-10'],
    total: 50,
  },
];

export async function seedCoupons(db: Db, now: Date): Promise<void> {
  await db
    .insert(coupons)
    .values(
      DEMO_COUPONS.map((c) => ({
        id: c.id,
        name: c.name.en,
        nameI18n: c.name,
        type: c.type,
        minAmount: c.minAmount,
        discountAmount: c.discountAmount ?? 0,
        discountTenths: c.discountTenths ?? 100,
        timeType: 1,
        startDays: 0,
        endDays: c.endDays,
        goodsIds: c.goodsIds ?? [],
        total: c.total,
        perMemberLimit: 1,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}
