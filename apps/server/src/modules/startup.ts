import type { Config } from '../config';
import type { Clock } from '../platform/clock';
import type { Db } from '../platform/db';
import type { UploadStorage } from '../platform/storage';
import { ensureAdmin } from './account';
import { seedDemo } from './seed';

/** Work done once at start: the ADMIN_USERNAME account, then the demo studio when enabled. */
export async function runStartupTasks(db: Db, config: Config, clock: Clock, uploads: UploadStorage): Promise<void> {
  if (config.ADMIN_USERNAME && config.ADMIN_PASSWORD) {
    await ensureAdmin(db, config.ADMIN_USERNAME, config.ADMIN_PASSWORD, clock.now(), config.PASSWORD_HASH_COST);
  }
  if (config.SEED_DEMO) await seedDemo(db, clock.now(), config.PASSWORD_HASH_COST, uploads);
}
