import { type SQL, sql } from 'drizzle-orm';
import { rowsVersion } from '../../platform/rows-version';
import { paymentRefunds, payments } from './schema';

/**
 * A cache stamp's part for what the payments module says about some orders (their paid amounts,
 * what went back and where each refund's money stands): the count and xmin sum of the orders'
 * payments and of their refund rows. `orderNos` is an SQL text[] (e.g. `array_agg(...)`); the
 * text changes with every committed payment or refund row of those orders (orders' list cache).
 */
export const orderMoneyVersion = (orderNos: SQL): SQL<string> =>
  sql<string>`concat_ws('/', ${rowsVersion(
    sql`${payments}`,
    'pv',
    sql`pv.purpose = 'order' and pv.ref = any(${orderNos})`,
  )}, ${rowsVersion(sql`${paymentRefunds}`, 'prv', sql`prv.ref = any(${orderNos})`)})`;
