import { sql } from 'drizzle-orm';
import { type Db, preparedQuery } from '../../platform/db';
import { rowsVersion } from '../../platform/rows-version';
import { SerializedAnswer } from '../../platform/serialized-answer';
import { selectOnStudioRow } from '../merchant';
import { coursesRowsVersion } from '../schedule';
import { goods, goodsCategories, goodsSkus } from './schema';

// The shop's reads, shared by every visitor --------------------------------------------------------
// A page of goods and a goods item's page are the same for everyone (but for "is it among my
// favourites"), read far more often than staff change them. Built, checked and serialized once, they
// are served from memory while the catalog's stamp is unchanged: the count and xmin sum of goods,
// SKUs and categories, the courses (a package names those that accept it) and the studio row (its
// default language). The stamp is read at most every STAMP_MS per database handle, not per request:
// a change made on this instance through the catalog's services shows at once (they call
// `invalidate`), one made on another instance (or by an order taking stock, through the same
// services elsewhere) within STAMP_MS. Nothing is sold from these answers: adding to the cart and
// checking out read stock and prices from the tables.
//
// Reads count views; counting them with an UPDATE per read would make every page view a write of
// the same row. Views are added up in memory and written by the sweeper (`flushViews`), a few
// seconds late.

const STAMP_MS = 500;
const MAX_ENTRIES = 256;

const stampStatement = preparedQuery('catalog_stamp', (db) =>
  selectOnStudioRow(db, {
    version: sql<string>`concat_ws('/', ${rowsVersion(sql`${goods}`, 'g')}, ${rowsVersion(sql`${goodsSkus}`, 'k')},
      ${rowsVersion(sql`${goodsCategories}`, 'c')}, ${coursesRowsVersion()})`,
  }),
);

export interface CatalogReadCache {
  /** The answer under `key`, built by `build` (the answer's members, serialized) when missing or stale. */
  read(key: string, now: number, build: () => Promise<string>): Promise<SerializedAnswer>;
  /** Forgets every entry: the catalog changed on this instance. */
  invalidate(): void;
  countView(goodsId: string): void;
  /** The views counted since the last call, per goods item. */
  takeViews(): Map<string, number>;
  readonly stats: { hits: number; builds: number };
}

const caches = new WeakMap<Db, CatalogReadCache>();

/** One cache per database handle, so two apps in one process on two databases never share entries. */
export function catalogReadCache(db: Db): CatalogReadCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createCache(db);
    caches.set(db, cache);
  }
  return cache;
}

function createCache(db: Db): CatalogReadCache {
  const entries = new Map<string, { version: string; members: string }>();
  const building = new Map<string, Promise<string>>();
  const stats = { hits: 0, builds: 0 };
  let views = new Map<string, number>();
  let stamp: { version: string; readAt: number } | null = null;
  let stampRead: Promise<string> | null = null;

  const currentVersion = async (now: number): Promise<string> => {
    if (stamp && now - stamp.readAt < STAMP_MS && now >= stamp.readAt) return stamp.version;
    stampRead ??= (async () => {
      try {
        const [row] = (await stampStatement(db, { merchant: 'default' })) as {
          studioVersion: string;
          version: string;
        }[];
        const version = row ? `${row.studioVersion}/${row.version}` : '';
        stamp = { version, readAt: now };
        return version;
      } finally {
        stampRead = null;
      }
    })();
    return stampRead;
  };

  return {
    stats,
    async read(key, now, build) {
      const version = await currentVersion(now);
      const entry = entries.get(key);
      if (entry && entry.version === version) {
        stats.hits += 1;
        return new SerializedAnswer(entry.members);
      }
      const flight = `${version}|${key}`;
      let pending = building.get(flight);
      if (!pending) {
        stats.builds += 1;
        pending = build()
          .then((members) => {
            if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
            entries.set(key, { version, members });
            return members;
          })
          .finally(() => building.delete(flight));
        building.set(flight, pending);
      }
      return new SerializedAnswer(await pending);
    },
    invalidate() {
      entries.clear();
      stamp = null;
    },
    countView(goodsId) {
      views.set(goodsId, (views.get(goodsId) ?? 0) + 1);
    },
    takeViews() {
      const taken = views;
      views = new Map();
      return taken;
    },
  };
}
