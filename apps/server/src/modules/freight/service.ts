import type { FreightRule, FreightRuleRecord, freightSaveInput } from '@studio/contract/freight';
import { count, eq, ilike } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { containsPattern, offsetOf, orderOf, type Page } from '../../platform/paging';
import type { CallContext } from '../../platform/protocol';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { auditBy, recordAudit } from '../audit';
import { freightRules } from './schema';

type Row = typeof freightRules.$inferSelect;

export function toFreightRuleRecord(row: Row): FreightRuleRecord {
  return {
    _id: row.id,
    name: row.name,
    first_weight: row.firstWeight,
    first_weight_price: row.firstWeightPrice,
    continuous_weight: row.continuousWeight,
    continuous_weight_price: row.continuousWeightPrice,
    max_weight: row.maxWeight,
    created_at: row.createdAt.toISOString(),
  };
}

/** The rule as freightOf (contract) takes it. */
export async function findFreightRule(db: DbOrTx, id: string): Promise<(FreightRule & { _id: string }) | undefined> {
  const [row] = await db.select().from(freightRules).where(eq(freightRules.id, id));
  return row ? toFreightRuleRecord(row) : undefined;
}

/** How many freight rules the studio has (the go-live checklist). */
export async function countFreightRules(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(freightRules);
  return row?.n ?? 0;
}

/** Refuses a freight rule id that names none (a goods item's freight_id). */
export async function assertFreightRule(db: DbOrTx, id: string, field: string): Promise<void> {
  if (!(await findFreightRule(db, id))) fail('NOT_FOUND', {}, { field });
}

/** Creates or edits a rule, audited. Orders already placed keep the freight they were charged. */
export async function saveFreightRule(ctx: CallContext, input: z.output<typeof freightSaveInput>): Promise<Row> {
  const now = ctx.clock.now();
  return runUnitOfWork(ctx, async ({ tx }) => {
    const [existing] = input._id ? await tx.select().from(freightRules).where(eq(freightRules.id, input._id)) : [];
    if (input._id && !existing) fail('NOT_FOUND', {}, { field: '_id' });
    const values = {
      name: input.name,
      firstWeight: input.first_weight,
      firstWeightPrice: input.first_weight_price,
      continuousWeight: input.continuous_weight,
      continuousWeightPrice: input.continuous_weight_price,
      maxWeight: input.max_weight,
      updatedAt: now,
    };
    const [saved] = await tx
      .insert(freightRules)
      .values({ id: existing?.id ?? newId(), createdAt: now, ...values })
      .onConflictDoUpdate({ target: freightRules.id, set: values })
      .returning();
    await recordAudit(tx, auditBy(ctx), {
      objectType: 'freight',
      objectId: saved!.id,
      before: existing ?? null,
      after: saved,
    });
    return saved!;
  });
}

export async function listFreightRules(
  db: DbOrTx,
  query: Page & { keyword?: string; sort?: string; order?: 'asc' | 'desc' },
): Promise<{ rows: Row[]; total: number }> {
  const where = query.keyword ? ilike(freightRules.name, containsPattern(query.keyword)) : undefined;
  const rows = await db
    .select()
    .from(freightRules)
    .where(where)
    .orderBy(
      ...orderOf({ name: freightRules.name, created_at: freightRules.createdAt }, query, [
        freightRules.name,
        freightRules.id,
      ]),
    )
    .limit(query.pageSize)
    .offset(offsetOf(query));
  const [total] = await db.select({ n: count() }).from(freightRules).where(where);
  return { rows, total: total?.n ?? 0 };
}
