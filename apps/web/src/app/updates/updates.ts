import { activateAndReload, checkForNewWorker, registerServiceWorker } from './service-worker';
import { raiseUpdateNeed, useUpdateState } from './update-state';
import { fetchServerVersion, updateNeedOf } from './version-check';

/*
 * Keeping the app current (DESIGN.md "The member app as a PWA"): the server's version is asked at
 * start and on resume (at most every few minutes), and a new service worker is looked for then too;
 * either leads to one "A new version is ready" prompt (update-prompt.tsx), a required one when this
 * app is below the server's min_version. Loaded after the app's first paint (start.tsx).
 */

/** Resuming the app asks again only after this long. */
export const RESUME_CHECK_MS = 5 * 60_000;
/** The server version the member already reloaded for in this tab: not offered again if it did not change things. */
const RELOADED_FOR_KEY = 'studio:reloaded-for';

let lastCheck = Number.NEGATIVE_INFINITY;
let started = false;

/** Asks the server which version it serves and raises the prompt when this app is not it. */
export async function checkVersionNow(now: number = Date.now()): Promise<void> {
  lastCheck = now;
  const answer = await fetchServerVersion();
  const need = answer ? updateNeedOf(answer) : null;
  if (!answer || !need) return;
  if (need === 'available' && reloadedFor() === answer.version) return;
  raiseUpdateNeed(need, answer);
  void showUpdatePrompt();
}

/** On return to the app: asks again when the last check is older than RESUME_CHECK_MS. */
export function onResume(now: number = Date.now()): void {
  if (document.visibilityState !== 'visible' || now - lastCheck < RESUME_CHECK_MS) return;
  void checkVersionNow(now);
  void checkForNewWorker();
}

/** Starts the checks and registers the service worker; once per page. */
export function startAppUpdates(): void {
  if (started) return;
  started = true;
  void checkVersionNow();
  document.addEventListener('visibilitychange', () => onResume());
  void registerServiceWorker(() => {
    raiseUpdateNeed('available');
    void showUpdatePrompt();
  }).catch(() => undefined);
}

function reloadedFor(): string | null {
  try {
    return sessionStorage.getItem(RELOADED_FOR_KEY);
  } catch {
    return null;
  }
}

/**
 * The prompt's Reload: a waiting service worker takes over, then the page reloads into the new
 * version. The server's version is remembered, so an app the reload could not bring to it (a
 * server whose APP_VERSION names no build it serves) is not offered the same reload again.
 */
export function reloadIntoNewVersion(): void {
  const { serverVersion, reloading } = useUpdateState.getState();
  if (reloading) return;
  useUpdateState.setState({ reloading: true });
  try {
    if (serverVersion) sessionStorage.setItem(RELOADED_FOR_KEY, serverVersion);
  } catch {
    // Without storage the prompt may come back after the reload; nothing worse.
  }
  void activateAndReload();
}

let mounted: Promise<void> | null = null;

/** Shows the prompt (its code loads now, the first time an update is found). */
export function showUpdatePrompt(): Promise<void> {
  if (useUpdateState.getState().need === null) return Promise.resolve();
  mounted ??= import('./update-prompt').then((prompt) => prompt.mountUpdatePrompt());
  return mounted;
}
