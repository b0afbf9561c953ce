import type { Role } from '@studio/contract/account';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { hashPassword } from '../../platform/passwords';
import { findUserByUsername } from './repo';
import { users } from './schema';
import { createUser } from './service';

/** ADMIN_USERNAME + ADMIN_PASSWORD: that admin exists after start, created or its password reset. */
export async function ensureAdmin(
  db: Db,
  username: string,
  password: string,
  now: Date,
  hashCost: number,
): Promise<void> {
  const existing = await findUserByUsername(db, username);
  if (!existing) {
    await createUser(db, { username, password, hashCost, nickname: username, roles: ['member', 'admin'] }, now);
    return;
  }
  const roles: Role[] = existing.roles.includes('admin') ? existing.roles : [...existing.roles, 'admin'];
  await db
    .update(users)
    .set({
      passwordHash: await hashPassword(password, hashCost),
      roles,
      failedLogins: 0,
      lockedUntil: null,
      disabled: false,
      updatedAt: now,
    })
    .where(eq(users.id, existing.id));
}
