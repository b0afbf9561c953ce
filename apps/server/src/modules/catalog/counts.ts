import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { goods } from './schema';

/** How many goods are on sale, physical (type 0) and course packages (type 1): the go-live checklist's. */
export async function goodsOnSaleCounts(db: DbOrTx): Promise<{ physical: number; packages: number }> {
  const rows = await db
    .select({ type: goods.type, n: count() })
    .from(goods)
    .where(eq(goods.isOnSale, true))
    .groupBy(goods.type);
  const of = (type: number) => rows.find((r) => r.type === type)?.n ?? 0;
  return { physical: of(0), packages: of(1) };
}
