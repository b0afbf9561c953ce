import type { AddressRecord, addressSaveInput } from '@studio/contract/addresses';
import { MAX_ADDRESSES } from '@studio/contract/addresses';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { newId } from '../../platform/ids';
import type { AuthedContext } from '../../platform/protocol';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { lockMember } from '../account';
import { addresses } from './schema';

type Row = typeof addresses.$inferSelect;

export function toAddressRecord(row: Row): AddressRecord {
  return {
    _id: row.id,
    contact: row.contact,
    phone: row.phone,
    country: row.country,
    province: row.province,
    city: row.city,
    area: row.area,
    address: row.address,
    postcode: row.postcode,
    unit: row.unit,
    company: row.company,
    id_number: row.idNumber,
    is_default: row.isDefault,
  };
}

/** The member's addresses, the default first, then the most recently saved. */
export function listAddresses(db: DbOrTx, userId: string): Promise<Row[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.updatedAt), desc(addresses.id));
}

/** One of the member's addresses (an order names it); another member's answers NOT_FOUND. */
export async function findOwnAddress(db: DbOrTx, userId: string, id: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  return row;
}

const ownOrFail = async (tx: Tx, userId: string, id: string) =>
  (await findOwnAddress(tx, userId, id)) ?? fail('NOT_FOUND', {}, { field: '_id' });

async function makeDefault(tx: Tx, userId: string, id: string, now: Date): Promise<Row> {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, id)));
  const [row] = await tx
    .update(addresses)
    .set({ isDefault: true, updatedAt: now })
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return row!;
}

/**
 * Creates or edits an address. The member's row is locked first, so two saves at once never make
 * two defaults or pass the limit of MAX_ADDRESSES together.
 */
export function saveAddress(ctx: AuthedContext, input: z.output<typeof addressSaveInput>): Promise<Row> {
  const userId = ctx.user.uid;
  const now = ctx.clock.now();
  return runUnitOfWork(ctx, async ({ tx }) => {
    await lockMember(tx, userId);
    const existing = input._id ? await ownOrFail(tx, userId, input._id) : undefined;
    const mine = await listAddresses(tx, userId);
    if (!existing && mine.length >= MAX_ADDRESSES) {
      fail('INVALID_PARAM', { field: '_id' }, { field: '_id', reason: 'tooManyAddresses' });
    }
    const values = {
      contact: input.contact,
      phone: input.phone,
      country: input.country,
      province: input.province,
      city: input.city,
      area: input.area,
      address: input.address,
      postcode: input.postcode,
      unit: input.unit,
      company: input.company,
      idNumber: input.id_number,
      updatedAt: now,
    };
    const id = existing?.id ?? newId();
    const [saved] = await tx
      .insert(addresses)
      .values({ id, userId, isDefault: false, createdAt: now, ...values })
      .onConflictDoUpdate({ target: addresses.id, set: values })
      .returning();
    const first = mine.length === 0;
    if (first || input.is_default) return makeDefault(tx, userId, id, now);
    return saved!;
  });
}

export function setDefaultAddress(ctx: AuthedContext, id: string): Promise<Row> {
  return runUnitOfWork(ctx, async ({ tx }) => {
    await lockMember(tx, ctx.user.uid);
    await ownOrFail(tx, ctx.user.uid, id);
    return makeDefault(tx, ctx.user.uid, id, ctx.clock.now());
  });
}

/** Deletes one; when it was the default, the most recently saved of the others becomes the default. */
export function deleteAddress(ctx: AuthedContext, id: string): Promise<void> {
  const userId = ctx.user.uid;
  return runUnitOfWork(ctx, async ({ tx }) => {
    await lockMember(tx, userId);
    const row = await ownOrFail(tx, userId, id);
    await tx.delete(addresses).where(eq(addresses.id, row.id));
    if (row.isDefault) {
      const [next] = await listAddresses(tx, userId);
      if (next) await makeDefault(tx, userId, next.id, ctx.clock.now());
    }
  });
}
