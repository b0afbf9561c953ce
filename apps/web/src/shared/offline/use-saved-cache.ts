import { useEffect, useRef, useState } from 'react';
import { queryClient } from '@/shared/api/query-client';
import { useIsLoggedIn, useUserInfo } from '@/shared/session/session';

/** The longest the app's queries wait for the saved copy at launch before they fetch anyway. */
export const RESTORE_WAIT_MS = 1000;

type PersistModule = typeof import('./persist-cache');
let persistModule: Promise<PersistModule> | null = null;
/** The persister's code (and IndexedDB's) loads only for a logged-in member, never in the shell. */
const loadPersist = (): Promise<PersistModule> => {
  persistModule ??= import('./persist-cache');
  return persistModule;
};

/**
 * Keeps the logged-in member's door-side answers on the phone (saved-queries.ts) and restores them at
 * launch. Answers true while the queries should wait for that restore (for IsRestoringProvider): only
 * at launch, at most RESTORE_WAIT_MS, and never for a visitor, so the first paint never waits for it.
 * Signing out deletes the saved copy; another member's copy is deleted unread.
 */
export function useSavedCache(): boolean {
  const loggedIn = useIsLoggedIn();
  const uid = useUserInfo()?._id;
  const member = loggedIn ? (uid ?? 'member') : null;
  // Only the member the app launched with waits: a later login has its pages on screen already.
  const launchMember = useRef(member);
  const [restored, setRestored] = useState(member === null);

  useEffect(() => {
    if (member === null) {
      // Signed out (or never in): forget what a member saved, if the persister was ever loaded.
      void persistModule?.then((m) => m.forgetSaved());
      return;
    }
    let live = true;
    const done = () => {
      if (live) setRestored(true);
    };
    const timer = setTimeout(done, RESTORE_WAIT_MS);
    loadPersist()
      .then((m) => m.startSaving(queryClient, member))
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(timer);
        done();
      });
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [member]);

  return member !== null && member === launchMember.current && !restored;
}
