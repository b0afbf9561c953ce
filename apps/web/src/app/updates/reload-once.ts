/*
 * After a deploy, an app opened before it may ask for a page's code chunk that the server no longer
 * has (its name has the old build's hash). Vite says so with `vite:preloadError`; the app then
 * reloads once into the new build instead of showing an error. Remembered for the tab
 * (sessionStorage), so a chunk that fails again right after the reload (offline, a broken deploy)
 * shows the page's error with Retry instead of reloading in a loop.
 */

const KEY = 'studio:chunk-reload';
/** A second failure within this long of a reload is not met by another one. */
const LOOP_MS = 60_000;

let reloading = false;

/** A reload for a failed chunk is under way: the error boundary shows a skeleton, not an error. */
export function isReloadingForNewBuild(): boolean {
  return reloading;
}

/** Whether an error is a page chunk that failed to load (the browsers' messages for it). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported module/i.test(
    message,
  );
}

/**
 * Reloads the page for a chunk that failed to load, unless it did so within the last minute;
 * answers whether it is reloading.
 */
export function reloadOnce(
  now: number = Date.now(),
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  reload: () => void = () => window.location.reload(),
): boolean {
  if (reloading) return true;
  let last = Number.NaN;
  try {
    last = Number(storage.getItem(KEY));
    if (now - last < LOOP_MS) return false;
    storage.setItem(KEY, String(now));
  } catch {
    // No storage (a private window's quota): without a memory of it, never reload (no loop).
    return false;
  }
  reloading = true;
  reload();
  return true;
}

/** Listens for vite's preload errors for the life of the page. */
export function reloadOnPreloadError(target: Pick<Window, 'addEventListener'> = window, reload?: () => void): void {
  target.addEventListener('vite:preloadError', (event) => {
    // Handled: vite then does not throw, and the page waits for the reload.
    if (reloadOnce(Date.now(), sessionStorage, reload)) event.preventDefault();
  });
}
