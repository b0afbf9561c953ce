import { sweepClaimed } from '../../platform/claimed-sweep';
import { DAY } from '../../platform/clock';
import type { AppDeps } from '../../platform/deps';
import type { Sweep } from '../../platform/sweeper';
import type { UnitOfWorkDeps } from '../../platform/unit-of-work';
import { getMerchant, shopSettingsOf } from '../merchant';
import * as repo from './repo';

/*
 * The packages' notices that no single change makes (platform/sweeper.ts): a package with credits
 * left whose last day comes within the studio's package_expiry_notice_days (0: off), and a package
 * whose last credit a booking took (the booking is one statement without a transaction of its own:
 * it only stamps used_up_at, and the member is told here, a sweep later). Each package is claimed
 * and its event emitted in one unit of work (sweepClaimed): told once, whatever the instances.
 */

const BATCH = 100;

export async function tellExpiringPackages(deps: UnitOfWorkDeps, now: Date): Promise<number> {
  const days = shopSettingsOf(await getMerchant(deps.db)).package_expiry_notice_days;
  if (days <= 0) return 0;
  const window = days * DAY;
  return sweepClaimed(deps, BATCH, async (work) => {
    const rows = await repo.claimExpiring(work.tx, now, new Date(now.getTime() + window), window, BATCH);
    for (const row of rows) {
      await work.emit(
        'package.expiringSoon',
        {
          package_id: row.id,
          user_id: row.userId,
          name: row.name,
          name_i18n: row.nameI18n,
          remaining: row.remainingCount,
          expires_at: row.validUntil!.toISOString(),
        },
        now,
      );
    }
    return rows;
  });
}

export function tellUsedUpPackages(deps: UnitOfWorkDeps, now: Date): Promise<number> {
  return sweepClaimed(deps, BATCH, async (work) => {
    const rows = await repo.claimUsedUp(work.tx, now, BATCH);
    for (const row of rows) {
      await work.emit(
        'package.usedUp',
        { package_id: row.id, user_id: row.userId, name: row.name, name_i18n: row.nameI18n, total: row.totalCount },
        row.usedUpAt ?? now,
      );
    }
    return rows;
  });
}

/** The packages' scheduled work (modules/index.ts allSweeps). */
export const packageSweeps = (deps: AppDeps): Sweep[] => [
  { name: 'packages.tellExpiring', run: (db, now) => tellExpiringPackages({ db, deps }, now) },
  { name: 'packages.tellUsedUp', run: (db, now) => tellUsedUpPackages({ db, deps }, now) },
];
