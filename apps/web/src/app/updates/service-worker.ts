import { Workbox } from 'workbox-window';

/*
 * The app's service worker (src/sw.ts, built into dist/sw.js). Registered by the app once it is
 * running (updates.ts), never by the dev server's app. Push subscriptions (W3C Push API) use the
 * same registration through navigator.serviceWorker.ready.
 */

let workbox: Workbox | null = null;

/** Registers the worker; `onWaiting` is told when a new version of it is installed and waits. */
export async function registerServiceWorker(onWaiting: () => void): Promise<void> {
  if (workbox || !('serviceWorker' in navigator)) return;
  workbox = new Workbox(`${import.meta.env.BASE_URL}sw.js`);
  // Also fired at registration for a worker that was already waiting (installed in an earlier visit).
  workbox.addEventListener('waiting', onWaiting);
  await workbox.register();
}

/** Asks the server for a newer worker (on resume: a phone app may stay open for days). */
export async function checkForNewWorker(): Promise<void> {
  await workbox?.update().catch(() => undefined);
}

/**
 * Makes a waiting worker take over, then reloads into its version. Without a waiting worker (none
 * registered, or the server's new build is not installed yet) it looks for one first; with none
 * at all the page just reloads from the network.
 */
export async function activateAndReload(reload: () => void = () => window.location.reload()): Promise<void> {
  const registration = workbox ? await navigator.serviceWorker.getRegistration().catch(() => undefined) : undefined;
  if (!registration || !navigator.serviceWorker.controller) return reload();
  await registration.update().catch(() => undefined);
  const waiting = registration.waiting ?? (await installed(registration.installing));
  if (!waiting) return reload();
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    reload();
  };
  navigator.serviceWorker.addEventListener('controllerchange', once, { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
  // Should the new worker never take over (another tab holding it back, a failed activation), the
  // page still reloads: a prompt whose button does nothing would be worse.
  setTimeout(once, TAKE_OVER_MS);
}

/** How long a waiting worker gets to take over before the page reloads anyway. */
const TAKE_OVER_MS = 4000;

/** The worker once it has installed (then it waits); null when it fails or there is none. */
function installed(worker: ServiceWorker | null): Promise<ServiceWorker | null> {
  if (!worker) return Promise.resolve(null);
  return new Promise((resolve) => {
    const settle = () => {
      if (worker.state === 'installed' || worker.state === 'activated') resolve(worker);
      else if (worker.state === 'redundant') resolve(null);
    };
    worker.addEventListener('statechange', settle);
    settle();
  });
}
