import { describe, expect, it } from 'vitest';
import { lineShares, type PricedLine, quoteRefund } from './refund-amounts';

const line = (skuId: string, price: number, buyNum: number, refunded = 0): PricedLine => ({
  skuId,
  price,
  buyNum,
  refunded,
});

describe('refund amounts', () => {
  it.each([
    // Nothing off: each line's share is what it cost.
    [{ payAmount: 5000, freightAmount: 0 }, [line('a', 1000, 2), line('b', 3000, 1)], [2000, 3000]],
    // £5 coupon + £2 points on £30 + £20 of goods, £4.50 freight: £43 of goods paid, shared 3:2.
    [{ payAmount: 4750, freightAmount: 450 }, [line('a', 3000, 1), line('b', 1000, 2)], [2580, 1720]],
    // Pennies that do not divide go by largest remainder, ties to the earlier line.
    [{ payAmount: 100, freightAmount: 0 }, [line('a', 1, 1), line('b', 1, 1), line('c', 1, 1)], [34, 33, 33]],
    // The coupon took off more than the goods: nothing is left for them.
    [{ payAmount: 300, freightAmount: 450 }, [line('a', 1000, 1)], [0]],
  ])('shares what was paid for goods across the lines (%o)', (order, lines, shares) => {
    expect(lineShares(order, lines)).toEqual(shares);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(Math.max(0, order.payAmount - order.freightAmount));
  });

  it('prices units as equal parts of their line, the freight with the last units', () => {
    const order = { payAmount: 4750, freightAmount: 450 };
    const lines = [line('a', 3000, 1), line('b', 1000, 2)];
    expect(quoteRefund(order, lines, new Map([['b', 1]]))).toEqual({
      lines: [{ sku_id: 'b', quantity: 1, amount: 860 }],
      amount: 860,
      freight: 0,
      full: false,
    });
    expect(
      quoteRefund(
        order,
        lines,
        new Map([
          ['a', 1],
          ['b', 2],
        ]),
      ),
    ).toEqual({
      lines: [
        { sku_id: 'a', quantity: 1, amount: 2580 },
        { sku_id: 'b', quantity: 2, amount: 1720 },
      ],
      amount: 4750,
      freight: 450,
      full: true,
    });
  });

  it('refunding everything in any number of parts gives back exactly what was paid', () => {
    const order = { payAmount: 1001, freightAmount: 0 };
    let refunded = 0;
    let total = 0;
    for (let i = 0; i < 3; i++) {
      const quote = quoteRefund(order, [line('a', 500, 3, refunded)], new Map([['a', 1]]));
      expect(quote.full).toBe(i === 2);
      refunded += 1;
      total += quote.amount;
    }
    // 333, 334, 334: the penny that does not divide goes with the last units.
    expect(total).toBe(1001);
  });

  it('an order paid with nothing comes to nothing', () => {
    expect(quoteRefund({ payAmount: 0, freightAmount: 0 }, [line('a', 1000, 1)], new Map([['a', 1]]))).toMatchObject({
      amount: 0,
      full: true,
    });
  });
});
