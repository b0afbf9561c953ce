import { useSyncExternalStore } from 'react';
import { isOnline, subscribeOnline } from './connection';

/**
 * Whether the server can be reached now: the browser is online and calls get answers (a call that
 * failed for the network counts as offline until the server answers again). Re-renders on change.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, isOnline);
}
