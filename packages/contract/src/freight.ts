import { z } from 'zod';
import { defineCall } from './protocol';
import { id, isoDateTime, moneyMinor, paged, sortableListQuery } from './validators';

/*
 * The freight module: weight-based shipping rules for physical goods (spec section 3 "Freight rule",
 * RULES.md "Orders"). Course packages and pickup orders pay no freight.
 */

export interface FreightRule {
  first_weight: number;
  first_weight_price: number;
  continuous_weight: number;
  continuous_weight_price: number;
  max_weight: number;
}

/**
 * The freight of a parcel weighing `weight` grams (spec section 9, RULES.md): first price × first
 * count + continuous price × continuous count, where the first count is 1 for any weight above 0 and
 * the continuous count is ceil((weight − first weight) / continuous weight) above the first weight.
 * Above the rule's max weight the parcel cannot be sent: `null`.
 */
export function freightOf(rule: FreightRule, weight: number): number | null {
  if (weight <= 0) return 0;
  if (weight > rule.max_weight) return null;
  const continuous = weight > rule.first_weight ? Math.ceil((weight - rule.first_weight) / rule.continuous_weight) : 0;
  return rule.first_weight_price + rule.continuous_weight_price * continuous;
}

const grams = z.number().int().min(1).max(1_000_000);
const price = moneyMinor.max(10_000_000);

export const freightRuleRecord = z.object({
  _id: z.string(),
  name: z.string(),
  first_weight: z.number().int(),
  first_weight_price: z.number().int(),
  continuous_weight: z.number().int(),
  continuous_weight_price: z.number().int(),
  max_weight: z.number().int(),
  created_at: isoDateTime,
});
export type FreightRuleRecord = z.infer<typeof freightRuleRecord>;

export const freightSaveInput = z
  .object({
    _id: id.optional(),
    name: z.string().trim().min(1).max(40),
    first_weight: grams,
    first_weight_price: price,
    continuous_weight: grams,
    continuous_weight_price: price,
    max_weight: grams,
  })
  .strict()
  .refine((r) => r.max_weight >= r.first_weight, { path: ['max_weight'], message: 'belowFirstWeight' });

export const FREIGHT_SORTS = ['name', 'created_at'] as const;

const manage = { permission: 'orders.manage' } as const;

export const adminFreightCalls = {
  save: defineCall('admin/freight.save', freightSaveInput, z.object({ rule: freightRuleRecord }), manage),
  getList: defineCall(
    'admin/freight.getList',
    z.object(sortableListQuery(FREIGHT_SORTS)).strict(),
    paged(freightRuleRecord),
    manage,
  ),
} as const;
