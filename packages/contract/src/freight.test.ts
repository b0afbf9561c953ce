import { describe, expect, it } from 'vitest';
import { freightOf } from './freight';

// 1 kg for £4.00, then £1.50 per 500 g, up to 10 kg.
const rule = {
  first_weight: 1000,
  first_weight_price: 400,
  continuous_weight: 500,
  continuous_weight_price: 150,
  max_weight: 10_000,
};

describe('freightOf', () => {
  it.each([
    [0, 0],
    [1, 400],
    [1000, 400],
    [1001, 550],
    [1500, 550],
    [1501, 700],
    [10_000, 400 + 18 * 150],
  ])('%i g costs %i', (weight, amount) => {
    expect(freightOf(rule, weight)).toBe(amount);
  });

  it('refuses a parcel over the max weight', () => {
    expect(freightOf(rule, 10_001)).toBeNull();
  });
});
