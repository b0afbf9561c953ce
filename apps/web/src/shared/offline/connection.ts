import { onlineManager } from '@tanstack/react-query';

/*
 * Whether the app can reach its server: the browser says it is online (navigator.onLine and its
 * online/offline events) and the last call got an answer. A call whose request never reached the
 * server (the phone on a dead Wi-Fi that still reports "online", the studio's basement) counts as
 * offline too, until a probe of /healthz gets through again. TanStack Query follows this state
 * (onlineManager): queries pause instead of retrying, and everything on screen refetches once the
 * server is reachable again.
 */

/** Waits between probes while the server cannot be reached: the first soon, then less often. */
const PROBE_DELAYS_MS = [5_000, 10_000, 20_000, 30_000];

let browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine !== false;
let unreachable = false;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probes = 0;
const listeners = new Set<() => void>();

/** Whether the server can be reached now, as far as the app knows. */
export function isOnline(): boolean {
  return browserOnline && !unreachable;
}

/** Calls `listener` whenever isOnline() may have changed; answers the function that stops it. */
export function subscribeOnline(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function set(next: { browserOnline?: boolean; unreachable?: boolean }): void {
  const before = isOnline();
  browserOnline = next.browserOnline ?? browserOnline;
  unreachable = next.unreachable ?? unreachable;
  if (!unreachable) {
    clearTimeout(probeTimer);
    probeTimer = undefined;
    probes = 0;
  }
  if (isOnline() !== before) for (const listener of [...listeners]) listener();
}

/** A call got an answer from the server (any answer, even a refusal). */
export function reportReached(): void {
  if (unreachable) set({ unreachable: false });
}

/** A call's request did not reach the server: offline until a probe gets through. */
export function reportUnreachable(): void {
  set({ unreachable: true });
  scheduleProbe();
}

function scheduleProbe(): void {
  if (probeTimer !== undefined || !unreachable) return;
  const delay = PROBE_DELAYS_MS[Math.min(probes, PROBE_DELAYS_MS.length - 1)];
  probes += 1;
  probeTimer = setTimeout(() => {
    probeTimer = undefined;
    void probe();
  }, delay);
}

/** Asks the server's health check whether it can be reached again (only while the browser is online). */
async function probe(): Promise<void> {
  if (!unreachable) return;
  if (!browserOnline) return; // the online event probes once the browser is back
  try {
    const response = await fetch('/healthz', { cache: 'no-store' });
    if (response.status < 502) {
      reportReached();
      return;
    }
  } catch {
    // Still unreachable.
  }
  scheduleProbe();
}

/**
 * The app's fetch for its calls: tells the connection state whether the request reached the
 * server. A gateway's 502/503/504 (the server behind it is down) counts as not reaching it; a
 * request the caller cancelled (or that timed out) says nothing either way.
 */
export async function connectionAwareFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  try {
    const response = await fetch(input, init);
    if (response.status >= 502 && response.status <= 504) reportUnreachable();
    else reportReached();
    return response;
  } catch (error) {
    if (!init?.signal?.aborted) reportUnreachable();
    throw error;
  }
}

let watching = false;

/**
 * Follows the browser's online/offline events and hands the state to TanStack Query, whose own
 * listener (the same events, but never navigator.onLine at start) it replaces. Idempotent.
 */
export function watchConnection(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('online', () => {
    set({ browserOnline: true });
    if (unreachable) void probe();
  });
  window.addEventListener('offline', () => set({ browserOnline: false }));
  onlineManager.setEventListener((setOnline) => {
    setOnline(isOnline());
    return subscribeOnline(() => setOnline(isOnline()));
  });
}

/** Back to "online, nothing known" (tests only). */
export function resetConnectionForTest(online = true): void {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  probes = 0;
  set({ browserOnline: online, unreachable: false });
}
