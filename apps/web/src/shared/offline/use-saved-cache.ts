import { useEffect, useRef, useState } from 'react';
import { queryClient } from '@/shared/api/query-client';
import { useIsLoggedIn, useUserInfo } from '@/shared/session/session';

/** The longest the app's queries wait for the saved copy at launch before they fetch anyway. */
export const RESTORE_WAIT_MS = 1000;

/** persist-cache.ts's SAVED_MARKER (read here without loading that module). */
const SAVED_MARKER = 'studio-saved-queries';

function hasSavedCopy(): boolean {
  try {
    return localStorage.getItem(SAVED_MARKER) !== null;
  } catch {
    return false;
  }
}

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
      // Signed out, or the session ended while the app was closed: delete what a member saved. A
      // visitor who never logged in on this phone loads nothing for it.
      if (persistModule || hasSavedCopy()) void loadPersist().then((m) => m.forgetSaved());
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
