import type { DbOrTx } from '../../platform/db';
import { freightRules } from './schema';

/** The demo's freight rule: its physical goods name it, so delivery is charged by weight. */
export const DEMO_FREIGHT_RULE_ID = 'demo-freight-parcel';

/**
 * The demo studio's weight-based freight: a parcel up to 1 kg for £3.95, each further 500 g £1.00,
 * at most 20 kg. Written once; a rule staff have edited since is left as it is.
 */
export async function seedFreightRule(db: DbOrTx, now: Date): Promise<string> {
  await db
    .insert(freightRules)
    .values({
      id: DEMO_FREIGHT_RULE_ID,
      name: 'Standard parcel',
      firstWeight: 1000,
      firstWeightPrice: 395,
      continuousWeight: 500,
      continuousWeightPrice: 100,
      maxWeight: 20_000,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  return DEMO_FREIGHT_RULE_ID;
}
