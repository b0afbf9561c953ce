import type { Role } from '@studio/contract/account';
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db';
import { findUserByUsername } from './account/repo';
import { users } from './account/schema';
import { createUser } from './account/service';
import { merchants } from './merchant/schema';
import { MERCHANT_ID } from './merchant/service';
import { seedClasses } from './reservations/seed';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS: { username: string; nickname: string; roles: Role[]; isVerifyStaff?: boolean }[] = [
  { username: 'member', nickname: 'Mia Member', roles: ['member'] },
  { username: 'teacher', nickname: 'Tara Teacher', roles: ['member', 'teacher'] },
  { username: 'staff', nickname: 'Sam Staff', roles: ['member'], isVerifyStaff: true },
  { username: 'admin', nickname: 'Ada Admin', roles: ['member', 'admin'] },
];

/**
 * The demo studio: merchant info and the demo accounts, their passwords hashed at `hashCost`
 * (config PASSWORD_HASH_COST). Idempotent: runs at every start.
 */
export async function seedDemo(db: Db, now: Date, hashCost: number): Promise<void> {
  await db
    .insert(merchants)
    .values({
      id: MERCHANT_ID,
      name: 'Lotus Flow Studio',
      logo: '/demo/logo.svg',
      description: 'Yoga, pilates and mindful movement in the heart of town.',
      address: '12 Willow Lane, London',
      phone: '+44 20 7946 0000',
      currency: 'GBP',
      timezone: 'Europe/London',
      shareTitle: 'Move with us at Lotus Flow Studio',
      shareImage: '/demo/share.svg',
    })
    .onConflictDoNothing();

  for (const demo of DEMO_ACCOUNTS) {
    if (await findUserByUsername(db, demo.username)) continue;
    const row = await createUser(
      db,
      { username: demo.username, password: DEMO_PASSWORD, hashCost, nickname: demo.nickname, roles: demo.roles },
      now,
    );
    if (demo.isVerifyStaff) await db.update(users).set({ isVerifyStaff: true }).where(eq(users.id, row.id));
  }
  await seedClasses(db, now, { password: DEMO_PASSWORD, hashCost });
}
