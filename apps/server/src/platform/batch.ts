import DataLoader from 'dataloader';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './db';

/** The most keys one statement looks up. */
const MAX_BATCH = 500;

/**
 * A lookup that the calls arriving together share: every key asked for while the server reads one
 * round of requests (one turn of the event loop) is looked up in one statement, answered to each
 * caller apart. A rush of a thousand calls then costs a few dozen round trips to the database
 * instead of a thousand (the booking and coupon races of issue 26: each round trip cost the server
 * a third of a millisecond in the kernel alone). Nothing is remembered between rounds: every call
 * reads the database as it stands, as it did alone.
 *
 * `loadMany` answers one value per key, in the keys' order (undefined: none). Inside a transaction
 * the lookup runs alone on the transaction's connection.
 */
export function batchedLookup<K, V>(loadMany: (db: DbOrTx, keys: readonly K[]) => Promise<(V | undefined)[]>) {
  const loaders = new WeakMap<Db, DataLoader<K, V | undefined, string>>();
  return (db: DbOrTx, key: K): Promise<V | undefined> => {
    if (db instanceof PgTransaction) return loadMany(db, [key]).then((values) => values[0]);
    let loader = loaders.get(db);
    if (!loader) {
      loader = new DataLoader<K, V | undefined, string>((keys) => loadMany(db, keys), {
        cache: false,
        maxBatchSize: MAX_BATCH,
        // After the round of requests the server is reading, not after each one's first await.
        batchScheduleFn: (run) => setImmediate(run),
        cacheKeyFn: (key) => JSON.stringify(key),
      });
      loaders.set(db, loader);
    }
    return loader.load(key);
  };
}
