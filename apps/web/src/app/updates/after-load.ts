/**
 * Runs `work` once the page has loaded (its first paint, scripts, styles and images are in) and the
 * browser next has a moment to spare: for work that must not compete with the first load, such as
 * registering the service worker, whose precache then downloads every page's code.
 */
export function afterLoadAndIdle(work: () => void, win: Window = window): void {
  const whenIdle = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => work(), { timeout: 5000 });
    else win.setTimeout(work, 1000);
  };
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}
