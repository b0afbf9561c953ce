import type { AddressRecord } from '@studio/contract/addresses';
import type { CheckoutCoupon } from '@studio/contract/coupons';
import { freightOf } from '@studio/contract/freight';
import type { LocalizedText } from '@studio/contract/localized-text';
import type { ShopSettings } from '@studio/contract/merchant';
import {
  type CheckoutProblem,
  type Delivery,
  ORDER_TOTAL_MAX,
  type OrderLine,
  type OrderPreview,
  type orderInput,
} from '@studio/contract/orders';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx } from '../../platform/db';
import { fail } from '../../platform/errors';
import type { CallContext } from '../../platform/protocol';
import { findOwnAddress, listAddresses, toAddressRecord } from '../addresses';
import { type PackageTerms, packageTermsOf, type SkuSnapshot, skuSnapshots } from '../catalog';
import { checkoutCoupons, readCheckoutCopies } from '../coupons';
import { findFreightRule } from '../freight';
import { getMerchant, type MerchantRow, shopSettingsOf } from '../merchant';
import { readBalance } from '../wallet';

/*
 * Pricing a checkout: the same reading for previewOrder (which shows every problem) and createOrder
 * (which refuses on the first). Prices, stock and freight come from the tables, never the client.
 */

export interface DraftLine extends OrderLine {
  goodsNameI18n: LocalizedText;
  skuNameI18n: LocalizedText;
  weight: number;
  terms: PackageTerms | null;
  cartRule: number;
}

export interface Draft {
  kind: 'goods' | 'package';
  delivery: Delivery;
  lines: DraftLine[];
  address: AddressRecord | null;
  goodsAmount: number;
  freightAmount: number;
  couponAmount: number;
  /** The coupon copy applied (usable), else null. */
  couponId: string | null;
  coupons: CheckoutCoupon[];
  points: OrderPreview['points'];
  payAmount: number;
  weight: number;
  problems: CheckoutProblem[];
  /** The heaviest parcel a freight rule of this order allows, for OVER_MAX_WEIGHT's message. */
  maxWeight: number;
}

const problem = (reason: CheckoutProblem['reason'], skuId: string | null = null, stock: number | null = null) => ({
  reason,
  sku_id: skuId,
  stock,
});

export async function priceOrder(
  db: DbOrTx,
  ctx: Pick<CallContext, 'locale' | 'clock'>,
  userId: string,
  input: z.output<typeof orderInput>,
  /** The studio row when the caller has it (createOrder: remembered between saves); else read here. */
  studio?: MerchantRow,
): Promise<Draft> {
  // Outside a transaction the points balance and the member's coupon copies are read beside the
  // SKUs, each on a connection of its own.
  const now = ctx.clock.now();
  const outside = !(db instanceof PgTransaction);
  const balanceRead = outside ? readBalance(db, userId, 'points') : undefined;
  const copiesRead = outside ? readCheckoutCopies(db, userId, now) : undefined;
  balanceRead?.catch(() => undefined);
  copiesRead?.catch(() => undefined);
  const snapshots = await skuSnapshots(
    db,
    input.items.map((i) => i.sku_id),
    ctx.locale,
  );
  const settings = shopSettingsOf(studio ?? (await getMerchant(db)));
  const problems: CheckoutProblem[] = [];
  const lines: DraftLine[] = [];
  const seen = new Set<string>();
  for (const item of input.items) {
    if (seen.has(item.sku_id)) fail('INVALID_PARAM', { field: 'items' }, { field: 'items', reason: 'duplicate' });
    seen.add(item.sku_id);
    const snap = snapshots.get(item.sku_id);
    if (!snap) {
      fail('PRODUCT_OFF_SALE', {}, { sku_id: item.sku_id });
      continue;
    }
    if (!snap.buyable) problems.push(problem('off_sale', item.sku_id));
    else if (snap.sku.stock <= 0) problems.push(problem('sold_out', item.sku_id, 0));
    else if (item.buy_num > maxPerOrder(snap, settings)) {
      problems.push(problem('over_max_per_order', item.sku_id, maxPerOrder(snap, settings)));
    } else if (item.buy_num > snap.sku.stock) problems.push(problem('over_stock', item.sku_id, snap.sku.stock));
    const isPackage = snap.goods.type === 1;
    lines.push({
      sku_id: snap.sku.id,
      goods_id: snap.goods.id,
      goods_type: snap.goods.type,
      goods_name: snap.goodsName,
      sku_name: snap.skuName,
      image: snap.image,
      price: snap.sku.price,
      buy_num: item.buy_num,
      amount: snap.sku.price * item.buy_num,
      class_count: isPackage ? (snap.sku.classCount ?? 0) : null,
      goodsNameI18n: snap.goods.nameI18n,
      skuNameI18n: snap.sku.skuNameI18n,
      weight: isPackage ? 0 : (snap.sku.weight ?? 0) * item.buy_num,
      terms: isPackage ? packageTermsOf(snap.goods, snap.sku) : null,
      cartRule: snap.goods.cartRule,
    });
  }
  // A goods item marked "buy alone" (cart_rule 1), or a course package among physical goods, must
  // be the order's only goods item.
  const goodsIds = new Set(lines.map((l) => l.goods_id));
  const types = new Set(lines.map((l) => l.goods_type));
  if (goodsIds.size > 1) {
    for (const line of lines) {
      if (line.cartRule === 1 || (types.size > 1 && line.goods_type === 1)) {
        problems.push(problem('must_buy_alone', line.sku_id));
      }
    }
  }
  const kind = lines.every((l) => l.goods_type === 1) ? 'package' : 'goods';
  const deliveryMode: Delivery = kind === 'package' ? 'none' : input.delivery;

  let address: AddressRecord | null = null;
  if (deliveryMode === 'express') {
    const row = input.address_id
      ? await findOwnAddress(db, userId, input.address_id)
      : (await listAddresses(db, userId)).find((a) => a.isDefault);
    if (input.address_id && !row) fail('NOT_FOUND', {}, { field: 'address_id' });
    if (row) address = toAddressRecord(row);
    else problems.push(problem('address_required'));
  }

  // Freight per rule: each rule weighs the lines of the goods that name it (RULES.md "Orders").
  let freightAmount = 0;
  let maxWeight = Number.POSITIVE_INFINITY;
  if (deliveryMode === 'express') {
    const byRule = new Map<string, number>();
    for (const line of lines) {
      const ruleId = snapshots.get(line.sku_id)?.goods.freightId;
      if (ruleId && line.weight > 0) byRule.set(ruleId, (byRule.get(ruleId) ?? 0) + line.weight);
    }
    for (const [ruleId, weight] of byRule) {
      const rule = await findFreightRule(db, ruleId);
      if (!rule) continue;
      maxWeight = Math.min(maxWeight, rule.max_weight);
      const freight = freightOf(rule, weight);
      if (freight === null) problems.push(problem('over_max_weight'));
      else freightAmount += freight;
    }
    // Delivery is charged to an address: until the member has one, the checkout says so instead of a sum.
    if (!address) freightAmount = 0;
  }
  const goodsAmount = lines.reduce((sum, l) => sum + l.amount, 0);
  // Refused outright, preview and checkout alike: no stored amount may come near the integer limit.
  if (goodsAmount + freightAmount > ORDER_TOTAL_MAX) {
    fail('ORDER_TOTAL_TOO_LARGE', { max: (ORDER_TOTAL_MAX / 100).toFixed(2) }, { max: ORDER_TOTAL_MAX });
  }

  // One coupon (RULES.md "Coupons"), then points on what is left (RULES.md "Money and points").
  const coupons = await checkoutCoupons(db, userId, lines, now, ctx.locale, copiesRead);
  const chosen = input.coupon_id ? coupons.find((c) => c.member_coupon._id === input.coupon_id) : undefined;
  if (input.coupon_id && !chosen?.usable) problems.push(problem('coupon_invalid'));
  const couponAmount = chosen?.usable ? chosen.deduction : 0;
  const afterCoupon = goodsAmount + freightAmount - couponAmount;
  const rule = deductionRule(settings);
  const points = pointsFor(afterCoupon, await (balanceRead ?? readBalance(db, userId, 'points')), rule);
  const wanted = input.use_points;
  if (wanted % rule.points !== 0) {
    fail('INVALID_PARAM', { field: 'use_points' }, { field: 'use_points', reason: 'pointsStep' });
  }
  const overLimit = wanted > pointsFor(afterCoupon, Number.MAX_SAFE_INTEGER, rule).max;
  if (overLimit) problems.push(problem('points_over_limit'));
  else if (wanted > points.balance) problems.push(problem('points_insufficient'));
  const used = overLimit || wanted > points.balance ? 0 : wanted;
  const pointsAmount = Math.min((used / rule.points) * rule.value, Math.max(0, afterCoupon));
  return {
    kind,
    delivery: deliveryMode,
    lines,
    address,
    goodsAmount,
    freightAmount,
    couponAmount,
    couponId: chosen?.usable ? chosen.member_coupon._id : null,
    coupons,
    points: { ...points, used, amount: pointsAmount },
    payAmount: Math.max(0, afterCoupon - pointsAmount),
    weight: lines.reduce((sum, l) => sum + l.weight, 0),
    problems,
    maxWeight: Number.isFinite(maxWeight) ? maxWeight : 0,
  };
}

type DeductionRule = OrderPreview['points']['rule'];

/** The most units of one SKU an order may hold: the goods' own limit, else the studio's (max_units_per_sku). */
export function maxPerOrder(snap: Pick<SkuSnapshot, 'goods'>, settings: ShopSettings): number {
  return snap.goods.maxPerOrder ?? settings.max_units_per_sku;
}

function deductionRule(settings: ShopSettings): DeductionRule {
  return {
    per_amount: settings.points_deduct_per_units * 100,
    points: settings.points_deduct_points,
    value: settings.points_deduct_value,
  };
}

/**
 * The spec's "per X use Y points to deduct Z": an order of `amount` may use floor(amount / X) steps
 * of Y points, each taking Z off, within the member's balance and never past the amount itself.
 */
export function pointsFor(amount: number, balance: number, rule: DeductionRule) {
  const steps =
    rule.value > 0 ? Math.max(0, Math.min(Math.floor(amount / rule.per_amount), Math.floor(balance / rule.points))) : 0;
  return { balance, max: steps * rule.points, max_amount: Math.min(steps * rule.value, Math.max(0, amount)), rule };
}

/** Refuses a draft with a problem, naming the first one. */
export function assertCheckoutable(draft: Draft): void {
  const first = draft.problems[0];
  if (!first) return;
  const line = draft.lines.find((l) => l.sku_id === first.sku_id);
  switch (first.reason) {
    case 'off_sale':
      fail('PRODUCT_OFF_SALE', {}, { sku_id: first.sku_id ?? '' });
      return;
    case 'sold_out':
    case 'over_stock':
      fail('STOCK_INSUFFICIENT', {}, { sku_id: first.sku_id ?? '', stock: first.stock ?? 0 });
      return;
    case 'must_buy_alone':
      fail('MUST_BUY_ALONE', { name: line?.goods_name ?? '' }, { sku_id: first.sku_id ?? '' });
      return;
    case 'over_max_weight':
      fail('OVER_MAX_WEIGHT', { max: draft.maxWeight });
      return;
    case 'address_required':
      fail('ADDRESS_REQUIRED');
      return;
    case 'coupon_invalid':
      fail('COUPON_INVALID');
      return;
    case 'points_insufficient':
      fail('POINTS_INSUFFICIENT');
      return;
    case 'over_max_per_order':
      fail(
        'OVER_MAX_PER_ORDER',
        { max: first.stock ?? 0, name: line?.goods_name ?? '' },
        { sku_id: first.sku_id ?? '', max: first.stock ?? 0 },
      );
      return;
    case 'points_over_limit':
      fail('INVALID_PARAM', { field: 'use_points' }, { field: 'use_points', reason: 'overLimit' });
      return;
  }
}
