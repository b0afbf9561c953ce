/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { clickTargetOf, isAppNavigation, pushNoticeOf } from './sw/rules';

/*
 * The member app's service worker (DESIGN.md "The member app as a PWA"), built by vite-plugin-pwa
 * (injectManifest) into dist/sw.js:
 * - the app frame (index.html) and every page's code and styles precached, so the app opens
 *   offline and a page opened later needs no network for its code;
 * - navigations to the app answered with the precached index.html (the server's own paths never);
 * - images cached at run time; the API never: calls always go to the network (the app keeps what
 *   it must show offline in its own persisted query cache);
 * - Web Push notifications shown, and their click opening the page they are about;
 * - a new version waits until the app asks it to take over (the "new version" prompt's Reload).
 */

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A first install takes the open page at once (it was loaded from the same build); an update
// waits for the prompt (SKIP_WAITING below), so no page runs against another build's files.
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Every page of the hash-routed app is index.html; the server's own paths (the API, the back office,
// uploads, the manifest, an unsubscribe link) go to the network as they are.
const appFrame = createHandlerBoundToURL('index.html');
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && isAppNavigation(url.pathname),
  appFrame,
);

// Uploaded images never change under their name: the cached copy is the image.
registerRoute(
  ({ request, url }) =>
    request.destination === 'image' && url.origin === self.location.origin && url.pathname.startsWith('/uploads/'),
  new CacheFirst({
    cacheName: 'uploads',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);
// The app's other images (the demo artwork, the studio's icons): shown from the cache, refreshed behind.
registerRoute(
  ({ request, url }) =>
    request.destination === 'image' && url.origin === self.location.origin && !url.pathname.startsWith('/api/'),
  new StaleWhileRevalidate({
    cacheName: 'images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

const ICON = '/icons/icon-192.png';

self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    // Not JSON: its text is shown as it is.
  }
  const notice = pushNoticeOf(data);
  // Every push must show something (Chrome's userVisibleOnly); the server only sends notices, so a
  // push without one (not from this server's channels) shows its text under the app's host.
  const title = notice?.title ?? (event.data?.text() || new URL(self.registration.scope).host);
  event.waitUntil(
    self.registration.showNotification(title, {
      body: notice?.body ?? '',
      ...(notice?.tag ? { tag: notice.tag } : {}),
      data: { url: notice?.url ?? '/' },
      icon: ICON,
      badge: ICON,
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: unknown } | null)?.url;
  const target = clickTargetOf(typeof url === 'string' ? url : '/', self.registration.scope);
  event.waitUntil(openOrFocus(target));
});

/** Shows `target` in the app's open window when there is one (focused), else in a new window. */
async function openOrFocus(target: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const sameOrigin = new URL(target).origin === self.location.origin;
  const open = sameOrigin ? windows.find((w) => new URL(w.url).origin === self.location.origin) : undefined;
  if (open) {
    const focused = await open.focus().catch(() => open);
    // navigate() works on a window this worker controls; another one is left as it is and a new one opened.
    const moved = await focused.navigate(target).catch(() => null);
    if (moved) return;
  }
  await self.clients.openWindow(target);
}
