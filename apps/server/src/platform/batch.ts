import DataLoader from 'dataloader';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './db';

/** The most keys one statement or unit of work takes. */
const MAX_BATCH = 500;

/**
 * Gathers what the calls of one round ask for: every key given while the server reads one round of
 * requests (one turn of the event loop) is handed to `run` at once, and each caller gets its own
 * answer (an Error in the answers rejects that caller only). Nothing is remembered between rounds.
 */
function rounds<K, V>(run: (db: Db, keys: readonly K[]) => Promise<(V | Error)[]>) {
  const loaders = new WeakMap<Db, DataLoader<K, V>>();
  return (db: Db, key: K): Promise<V> => {
    let loader = loaders.get(db);
    if (!loader) {
      loader = new DataLoader<K, V>((keys) => run(db, keys), {
        cache: false,
        maxBatchSize: MAX_BATCH,
        // After the round of requests the server is reading, not after each one's first await.
        batchScheduleFn: (dispatch) => setImmediate(dispatch),
      });
      loaders.set(db, loader);
    }
    return loader.load(key);
  };
}

/**
 * A lookup that the calls arriving together share: the keys of one round are looked up in one
 * statement. A rush of a thousand calls then costs a few dozen round trips to the database instead
 * of a thousand (the booking and coupon races of issue 26: each round trip cost the server a third
 * of a millisecond in the kernel alone). Every call still reads the database as it stands.
 *
 * `loadMany` answers one value per key, in the keys' order (undefined: none). Inside a transaction
 * the lookup runs alone on the transaction's connection.
 */
export function batchedLookup<K, V>(loadMany: (db: DbOrTx, keys: readonly K[]) => Promise<(V | undefined)[]>) {
  const shared = rounds<K, V | undefined>(loadMany);
  return (db: DbOrTx, key: K): Promise<V | undefined> => {
    if (db instanceof PgTransaction) return loadMany(db, [key]).then((values) => values[0]);
    return shared(db, key);
  };
}

/**
 * A change that the calls arriving together make in one unit of work (group commit): `run` gets the
 * requests of one round, in arrival order, and answers each one's result or its refusal (an Error).
 * A hot row (a coupon's counter) is then locked once per round instead of once per call, and the
 * round's refusals cost nothing of their own.
 */
export function groupedWork<K, V>(run: (db: Db, requests: readonly K[]) => Promise<(V | Error)[]>) {
  return rounds<K, V>(run);
}
