import type { RefundQuote } from '@studio/contract/refunds';

/*
 * What units of an order are worth when they are sent back (contract refunds.ts): pure rules, no
 * database. What was paid for goods (pay amount − freight) is shared out across the lines in
 * proportion to their price × quantity, so the coupon and the points the member used are shared out
 * with it; each unit of a line is an equal part of the line's share, the pennies that do not divide
 * going with its last units (floor(share × units / bought), cumulatively, so the parts add up to the
 * share exactly however the units are split across refunds); the freight goes back with the order's
 * last units. Refunding everything, in one go or in many, gives back exactly what was paid.
 */

export interface PricedLine {
  skuId: string;
  price: number;
  buyNum: number;
  /** Units already refunded (approved applications). */
  refunded: number;
}

export interface PricedOrder {
  payAmount: number;
  freightAmount: number;
}

/**
 * Each line's share of what was paid for goods, in proportion to price × quantity, by largest
 * remainder (ties to the earlier line): the shares add up to it exactly.
 */
export function lineShares(order: PricedOrder, lines: readonly PricedLine[]): number[] {
  const goodsPaid = Math.max(0, order.payAmount - order.freightAmount);
  const values = lines.map((l) => l.price * l.buyNum);
  const total = values.reduce((a, b) => a + b, 0);
  if (total === 0) return lines.map(() => 0);
  const shares = values.map((v) => Math.floor((goodsPaid * v) / total));
  let left = goodsPaid - shares.reduce((a, b) => a + b, 0);
  const byRemainder = values
    .map((v, i) => ({ i, rest: (goodsPaid * v) % total }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** The freight's part of what was paid (all of it, unless the coupon and points took off more than the goods). */
export function freightShare(order: PricedOrder): number {
  return order.payAmount - Math.max(0, order.payAmount - order.freightAmount);
}

/**
 * What sending back `chosen` units (sku id → units, each at most what is left of its line) comes to.
 * Lines not chosen are left out of the quote.
 */
export function quoteRefund(
  order: PricedOrder,
  lines: readonly PricedLine[],
  chosen: ReadonlyMap<string, number>,
): RefundQuote {
  const shares = lineShares(order, lines);
  const quoted: RefundQuote['lines'] = [];
  let full = true;
  lines.forEach((line, i) => {
    const quantity = chosen.get(line.skuId) ?? 0;
    if (line.refunded + quantity < line.buyNum) full = false;
    if (quantity <= 0) return;
    const share = shares[i]!;
    const upTo = (units: number) => Math.floor((share * units) / line.buyNum);
    quoted.push({ sku_id: line.skuId, quantity, amount: upTo(line.refunded + quantity) - upTo(line.refunded) });
  });
  const freight = full ? freightShare(order) : 0;
  return { lines: quoted, amount: quoted.reduce((n, l) => n + l.amount, 0) + freight, freight, full };
}
