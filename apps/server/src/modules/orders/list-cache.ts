import type { Locale } from '@studio/contract/locale';
import { type OrderTab, orderCalls } from '@studio/contract/orders';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { batchedLookup } from '../../platform/batch';
import { type Db, type DbOrTx, preparedQuery, writeGeneration } from '../../platform/db';
import { offsetOf, type Page } from '../../platform/paging';
import { rowsVersion } from '../../platform/rows-version';
import { SerializedAnswer, serializeAnswer } from '../../platform/serialized-answer';
import { orderMoneyVersion } from '../payments';
import { tabCondition } from './repo';
import { orderEvents, orderLines, orderRefundLines, orderRefunds, orders } from './schema';

// A member's order list, remembered ---------------------------------------------------------------
// client/order.getList read seven statements per call (the page, then its lines, timelines, paid
// amounts, refund applications, refund money and refund lines), built ten records, checked them
// against the contract and serialized 9 KB. A page is now built, checked and serialized once and
// served from memory while its "stamp" is unchanged; the stamp is one small statement read for EVERY
// call, after the call arrived (calls of one round share it: batchedLookup), so a change committed
// on any instance — by the member, by staff, a payment settled, a refund's money moving — shows on
// the very next read everywhere, with no message to lose. The stamp of a page is:
//
// - the page itself: the ids of its orders (the tab's condition, newest first) with each row's xmin
//   (every UPDATE writes a new row version carrying the writing transaction's id) and the total;
// - for those orders: count and xmin sum of their lines, timeline entries, refund applications and
//   their lines (this module's tables) and of their payments and payment refunds (payments module,
//   `orderMoneyVersion`).
//
// Nothing else goes into a record: no clock, no studio setting; the language is part of the key.
// The stamp is read before the page is built: a change between the two leaves a newer page under an
// older stamp, which the next read replaces. A page past the end (no row) is not remembered: its
// total would move with rows the stamp does not see.
//
// On the embedded database (PGlite, one process) nothing changed while its write generation stands
// still, so a page remembered with the generation seen before its stamp was read is served with no
// statement at all.

const MAX_ENTRIES = 512;

interface Entry {
  stamp: string;
  /** PGlite: the write generation seen before `stamp` was read. */
  generation: number | undefined;
  members: string;
}

const TABS: readonly OrderTab[] = ['all', 'unpaid', 'share', 'unshipped', 'unreceived', 'completed', 'refund'];

const pageIds = sql`q.ids`;

/** The page's stamp (see above), one prepared statement per tab. */
const stampStatements = new Map(
  TABS.map((tab) => [
    tab,
    preparedQuery(`order_list_stamp_${tab}`, (db) =>
      db
        .select({
          ids: sql<string | null>`array_to_string(q.ids, ',')`,
          xmins: sql<string | null>`q.xmins`,
          total: sql<string | null>`q.total::text`,
          version: sql<string>`concat_ws('/',
            ${rowsVersion(sql`${orderLines}`, 'l', sql`l.order_id = any(${pageIds})`)},
            ${rowsVersion(sql`${orderEvents}`, 'e', sql`e.order_id = any(${pageIds})`)},
            ${rowsVersion(sql`${orderRefunds}`, 'r', sql`r.order_id = any(${pageIds})`)},
            ${rowsVersion(sql`${orderRefundLines}`, 'rl', sql`rl.order_id = any(${pageIds})`)},
            ${orderMoneyVersion(pageIds)})`,
        })
        .from(
          sql`(select array_agg(p.id order by p.n) as ids, string_agg(p.x, ',' order by p.n) as xmins, max(p.total) as total
            from (select ${orders.id} as id, ${orders}.xmin::text as x, count(*) over () as total,
                    row_number() over (order by ${orders.createdAt} desc, ${orders.id} desc) as n
                  from ${orders}
                  where ${and(eq(orders.userId, sql.placeholder('user')), tabCondition(tab))}
                  order by ${orders.createdAt} desc, ${orders.id} desc
                  limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) p) q`,
        ),
    ),
  ]),
);

interface StampKey {
  userId: string;
  tab: OrderTab;
  page: Page;
}

const stampKeyText = (k: StampKey) => `${k.userId}|${k.tab}|${k.page.pageIndex}|${k.page.pageSize}`;

/** The stamp of each key, null for an empty page; equal keys of one round read one statement. */
const readStamps = batchedLookup<StampKey, string | null>(async (db: DbOrTx, keys) => {
  const distinct = new Map<string, Promise<string | null>>();
  for (const key of keys) {
    const text = stampKeyText(key);
    if (distinct.has(text)) continue;
    distinct.set(
      text,
      stampStatements.get(key.tab)!(db, {
        user: key.userId,
        limit: key.page.pageSize,
        offset: offsetOf(key.page),
      }).then((rows) => {
        const row = (rows as { ids: string | null; xmins: string | null; total: string | null; version: string }[])[0];
        if (!row?.ids) return null;
        return `${row.total}|${row.ids}|${row.xmins}|${row.version}`;
      }),
    );
  }
  return Promise.all(keys.map((key) => distinct.get(stampKeyText(key))!));
});

export type PageAnswer = z.input<typeof orderCalls.getList.output>;

export interface OrderListCache {
  /** The member's page of the tab, built by `build` when missing or stale. */
  read(
    userId: string,
    tab: OrderTab,
    page: Page,
    locale: Locale,
    build: () => Promise<PageAnswer>,
  ): Promise<SerializedAnswer>;
  /** How many reads were answered from memory / built (tests, the bench). */
  readonly stats: { hits: number; builds: number };
}

const caches = new WeakMap<Db, OrderListCache>();

/** One cache per database handle (as prepared statements are): two apps on two databases never share entries. */
export function orderListCache(db: Db): OrderListCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createCache(db);
    caches.set(db, cache);
  }
  return cache;
}

function createCache(db: Db): OrderListCache {
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<string>>();
  const stats = { hits: 0, builds: 0 };

  const remember = (key: string, entry: Entry) => {
    entries.delete(key);
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
  };

  return {
    stats,
    async read(userId, tab, page, locale, build) {
      const key = `${stampKeyText({ userId, tab, page })}|${locale}`;
      const generation = writeGeneration(db);
      const known = entries.get(key);
      if (known && generation !== undefined && known.generation === generation) {
        stats.hits += 1;
        return new SerializedAnswer(known.members);
      }
      const stamp = await readStamps(db, { userId, tab, page });
      if (stamp === null || stamp === undefined) {
        stats.builds += 1;
        return new SerializedAnswer(serializeAnswer(orderCalls.getList, await build()));
      }
      const entry = entries.get(key);
      if (entry && entry.stamp === stamp) {
        stats.hits += 1;
        if (generation !== undefined) entry.generation = generation;
        return new SerializedAnswer(entry.members);
      }
      const flight = `${key}|${stamp}`;
      let pending = building.get(flight);
      if (!pending) {
        stats.builds += 1;
        pending = build()
          .then((answer) => {
            const members = serializeAnswer(orderCalls.getList, answer);
            remember(key, { stamp, generation, members });
            return members;
          })
          .finally(() => building.delete(flight));
        building.set(flight, pending);
      }
      return new SerializedAnswer(await pending);
    },
  };
}
