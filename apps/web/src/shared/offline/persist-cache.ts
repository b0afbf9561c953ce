import { knowZoneOffsets } from '@studio/contract/zone-offsets';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
import {
  type PersistQueryClientOptions,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { APP_VERSION } from '@/shared/config';
import { mchInfoQuery } from '@/shared/merchant/mch-info';
import { SAVED_MAX_AGE_MS, shouldSaveQuery } from './saved-queries';

/*
 * The saved copy of the member's door-side answers (saved-queries.ts), loaded only for a logged-in
 * member, after the first render (use-saved-cache.ts). It lives in IndexedDB through idb-keyval:
 * writes happen off the main thread's critical path (localStorage would serialise and write
 * synchronously on every save, and shares its few megabytes with the session in lifeData).
 */

const STORAGE_KEY = 'studio-saved-queries';
/** Set in localStorage while a copy may exist, so a launch without a session knows to delete it. */
export const SAVED_MARKER = 'studio-saved-queries';

const persister = createAsyncStoragePersister({
  storage: {
    getItem: (key) => get<string>(key),
    setItem: (key, value: string) => set(key, value),
    removeItem: (key) => del(key),
  },
  key: STORAGE_KEY,
  throttleTime: 1000,
});

/** The saved copy belongs to one version of the app and one member: any other is discarded unread. */
export function busterOf(member: string): string {
  return `${APP_VERSION}:${member}`;
}

export function persistOptions(queryClient: QueryClient, member: string): PersistQueryClientOptions {
  return {
    queryClient,
    persister,
    buster: busterOf(member),
    maxAge: SAVED_MAX_AGE_MS,
    dehydrateOptions: { shouldDehydrateQuery: shouldSaveQuery, shouldDehydrateMutation: () => false },
  };
}

let current: { member: string; ready: Promise<void>; stop: () => void } | null = null;

/**
 * Restores `member`'s saved answers into the cache (another member's or another version's copy is
 * deleted instead), then keeps the copy up to date as the cache changes. Idempotent per member.
 */
export function startSaving(queryClient: QueryClient, member: string): Promise<void> {
  if (current?.member === member) return current.ready;
  stopSaving();
  markSaved(true);
  let stopped = false;
  let unsubscribe = () => {};
  const options = persistOptions(queryClient, member);
  const ready = persistQueryClientRestore(options)
    .catch(() => undefined) // unreadable or no IndexedDB (a private window): start with nothing
    .then(() => {
      // Restored answers skip their queryFn: the studio's timezone offsets are learned here instead.
      const studio = queryClient.getQueryData(mchInfoQuery.queryKey)?.mchInfo;
      if (studio?.utc_offsets) knowZoneOffsets(studio.timezone, studio.utc_offsets);
      if (!stopped) unsubscribe = persistQueryClientSubscribe(options);
    });
  current = {
    member,
    ready,
    stop: () => {
      stopped = true;
      unsubscribe();
    },
  };
  return ready;
}

/** Stops saving (the cache goes on as it is). */
export function stopSaving(): void {
  current?.stop();
  current = null;
}

/** Signing out (or a session that ended while the app was closed): nothing of the member's stays on the phone. */
export async function forgetSaved(): Promise<void> {
  stopSaving();
  try {
    await persister.removeClient();
    markSaved(false);
  } catch {
    // No IndexedDB: nothing was saved.
  }
}

function markSaved(saved: boolean): void {
  try {
    if (saved) localStorage.setItem(SAVED_MARKER, '1');
    else localStorage.removeItem(SAVED_MARKER);
  } catch {
    // No storage (a private window): nothing to remember.
  }
}
