import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { cartLines } from './schema';

export type CartLineRow = typeof cartLines.$inferSelect;

export const listLines = (db: DbOrTx, userId: string, mid: string) =>
  db
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.userId, userId), eq(cartLines.mid, mid)))
    .orderBy(desc(cartLines.addedAt), desc(cartLines.skuId));

export async function countLines(db: DbOrTx, userId: string, mid: string): Promise<number> {
  return db.$count(cartLines, and(eq(cartLines.userId, userId), eq(cartLines.mid, mid)));
}

/**
 * Adds `buyNum` to the member's line of a SKU (or starts it), never past `cap`, in one statement:
 * however many adds race, the line ends at most at `cap`. Answers the line as it is now.
 */
export async function addToLine(
  db: DbOrTx,
  line: { userId: string; mid: string; skuId: string; buyNum: number; price: number; now: Date },
  cap: number,
): Promise<CartLineRow> {
  const [row] = await db
    .insert(cartLines)
    .values({
      userId: line.userId,
      mid: line.mid,
      skuId: line.skuId,
      buyNum: Math.min(line.buyNum, cap),
      actionChecked: true,
      seenPrice: line.price,
      addedAt: line.now,
      updatedAt: line.now,
    })
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.mid, cartLines.skuId],
      set: {
        buyNum: sql`least(${cartLines.buyNum} + ${line.buyNum}, ${cap})`,
        actionChecked: true,
        seenPrice: line.price,
        updatedAt: line.now,
      },
    })
    .returning();
  return row!;
}

/** Sets a line to exactly these values (the whole-cart sync). */
export async function putLine(
  db: DbOrTx,
  line: {
    userId: string;
    mid: string;
    skuId: string;
    buyNum: number;
    actionChecked: boolean;
    price: number;
    now: Date;
  },
): Promise<void> {
  await db
    .insert(cartLines)
    .values({
      userId: line.userId,
      mid: line.mid,
      skuId: line.skuId,
      buyNum: line.buyNum,
      actionChecked: line.actionChecked,
      seenPrice: line.price,
      addedAt: line.now,
      updatedAt: line.now,
    })
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.mid, cartLines.skuId],
      set: { buyNum: line.buyNum, actionChecked: line.actionChecked, seenPrice: line.price, updatedAt: line.now },
    });
}

export async function removeLinesExcept(db: DbOrTx, userId: string, mid: string, keep: readonly string[]) {
  await db
    .delete(cartLines)
    .where(
      and(
        eq(cartLines.userId, userId),
        eq(cartLines.mid, mid),
        keep.length ? notInArray(cartLines.skuId, [...keep]) : undefined,
      ),
    );
}

/** Lowers lines to what is left in stock (a read found them over it); never raises one. */
export async function capLine(db: DbOrTx, userId: string, mid: string, skuId: string, cap: number, now: Date) {
  await db
    .update(cartLines)
    .set({ buyNum: sql`least(${cartLines.buyNum}, ${cap})`, updatedAt: now })
    .where(and(eq(cartLines.userId, userId), eq(cartLines.mid, mid), eq(cartLines.skuId, skuId)));
}

export async function removeLines(db: DbOrTx, userId: string, mid: string, skuIds: readonly string[]) {
  if (!skuIds.length) return;
  await db
    .delete(cartLines)
    .where(and(eq(cartLines.userId, userId), eq(cartLines.mid, mid), inArray(cartLines.skuId, [...skuIds])));
}
