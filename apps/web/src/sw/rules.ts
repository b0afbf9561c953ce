/*
 * The service worker's decisions as plain functions (sw.ts wires them to the worker's events), so
 * they are unit-tested without a worker. Nothing here touches a worker global.
 */

/** Paths the server answers itself: a navigation there is never given the app's index.html. */
const SERVER_PATHS = [
  '/api',
  '/admin',
  '/uploads',
  '/ws',
  '/unsubscribe',
  '/healthz',
  '/manifest.webmanifest',
  '/icons',
];

/**
 * The member app is hash-routed: every page of it is `/` (or `/index.html`) with the route after
 * `#`. A navigation to any other path that is not the server's own, and names no file (`.ext`),
 * is still the app's, e.g. a link shared with its hash dropped, so it gets the app too.
 */
export function isAppNavigation(pathname: string): boolean {
  if (SERVER_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return last === '' || last === 'index.html' || !last.includes('.');
}

/** What the server's push carries (apps/server platform/web-push.ts PushMessage), as JSON. */
export interface PushNotice {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

/** The notice of a push's data; null when it is not one (then nothing is shown but a generic line). */
export function pushNoticeOf(data: unknown): PushNotice | null {
  if (typeof data !== 'object' || data === null) return null;
  const { title, body, url, tag } = data as Record<string, unknown>;
  if (typeof title !== 'string' || title === '') return null;
  return {
    title,
    body: typeof body === 'string' ? body : '',
    url: typeof url === 'string' ? url : '/',
    ...(typeof tag === 'string' && tag !== '' ? { tag } : {}),
  };
}

/**
 * The address a notification's click opens. An app route (`/pages/course/detail?_id=…`) becomes the
 * hash-router URL of the app at `scope` (`<scope>#/pages/course/detail?_id=…`); a URL of the app that
 * already has its hash, or any other page of this origin, is kept; an https page elsewhere (an
 * announcement's link) is opened as it is; anything else opens the app's home.
 */
export function clickTargetOf(url: string, scope: string): string {
  const app = new URL(scope);
  if (url.startsWith('#/')) return `${app.origin}${app.pathname}${url}`;
  if (url.startsWith('/') && !url.startsWith('//') && !url.includes('\\')) {
    if (url.startsWith('/#/') || !isAppNavigation(url.split(/[?#]/)[0] ?? '/')) return `${app.origin}${url}`;
    // `/` alone is home; `/index.html#/x` and the like fall through to the URL checks below.
    if (!url.includes('#')) return url === '/' ? `${app.origin}${app.pathname}` : `${app.origin}${app.pathname}#${url}`;
  }
  try {
    const target = new URL(url, app);
    if (target.origin === app.origin || target.protocol === 'https:') return target.href;
  } catch {
    // Not a URL: the app's home below.
  }
  return `${app.origin}${app.pathname}`;
}
