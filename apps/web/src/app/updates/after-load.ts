/** How long after the load event the work waits, so the page's own late requests (images below the fold, a second page of data) go first. */
export const AFTER_LOAD_MS = 3000;

/**
 * Runs `work` a few seconds after the page has loaded (its first paint, scripts, styles and images
 * are in), when the browser next has a moment to spare: for work that must not compete with the
 * first load, such as registering the service worker, whose precache then downloads every page's
 * code, and the version check. Measured: started at the load event itself, its chunk and call fell
 * inside Lighthouse's trace of the first load (bench/lighthouse.mjs), and so into the simulated
 * phone's network before its LCP.
 */
export function afterLoadAndIdle(work: () => void, win: Window = window): void {
  const whenIdle = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => work(), { timeout: 5000 });
    else work();
  };
  const later = () => win.setTimeout(whenIdle, AFTER_LOAD_MS);
  if (win.document.readyState === 'complete') later();
  else win.addEventListener('load', later, { once: true });
}
