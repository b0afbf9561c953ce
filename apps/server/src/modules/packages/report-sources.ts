// Members' packages as a row source the reports compose (issue 26): the orders module prices their
// credits at what was paid for them. Read only.
import { type SQL, sql } from 'drizzle-orm';
import { instant } from '../../platform/db';
import { memberPackages } from './schema';

/**
 * Packages that still owe classes at `now`: not refunded, credits left, not ended. Columns: id,
 * user_id, goods_id, source ('order' | 'grant'), source_id (the order number), total_count,
 * remaining_count, valid_until.
 */
export function packagesOwingCredits(now: Date): SQL {
  return sql`(
    select id, user_id, goods_id, source, source_id, total_count, remaining_count, valid_until
    from ${memberPackages}
    where refunded_at is null and remaining_count > 0 and (valid_until is null or valid_until > ${instant(now)})
  )`;
}
