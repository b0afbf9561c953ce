import type { channelCalls } from '@studio/contract/channels';
import { callRef } from '@studio/contract/protocol-core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { call, callQuery } from '@/shared/api/call-function';

/*
 * Web Push on this device: whether the browser can, what the member allowed, and the subscription
 * the server sends to (client/push.*). The service worker that shows the pushes is registered by the
 * app's start-up; these helpers only wait for it.
 */

/** By reference: the settings page and the booking prompt parse nothing with zod. */
export const pushCalls = {
  getPushConfig: callRef<typeof channelCalls.getPushConfig>('client/pub.getPushConfig'),
  subscribe: callRef<typeof channelCalls.subscribePush>('client/push.subscribe'),
  unsubscribe: callRef<typeof channelCalls.unsubscribePush>('client/push.unsubscribe'),
};

/**
 * unsupported: no service worker or PushManager (an iPhone's Safari outside the Home Screen app,
 * an old browser); denied: the member blocked notifications for the site (only the browser's
 * settings can undo it); off: allowed or not asked yet, but not subscribed; on: subscribed.
 */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** How long to wait for the service worker before saying push cannot be turned on. */
const SERVICE_WORKER_WAIT_MS = 10_000;

/** A push that could not be set up on this device (no service worker, the push service refused). */
export class PushDeviceError extends Error {}

export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** An iPhone or iPad outside the installed app: Safari offers push only to Home Screen apps. */
export function needsHomeScreen(): boolean {
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent);
  return ios && !window.matchMedia?.('(display-mode: standalone)').matches;
}

/** The notification permission, or null where the browser has no push. */
export function pushPermission(): NotificationPermission | null {
  return pushSupported() ? Notification.permission : null;
}

/** A VAPID key (base64url, as getPushConfig gives it) as the bytes PushManager.subscribe takes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, i) => byte === b[i]);
}

/** This device's subscription, without waiting for a service worker that may never come. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

function serviceWorkerReady(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushDeviceError('no service worker')), SERVICE_WORKER_WAIT_MS);
  });
  return Promise.race([navigator.serviceWorker.ready, late]).finally(() => clearTimeout(timer));
}

function subscriptionInput(subscription: PushSubscription) {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new PushDeviceError('incomplete subscription');
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/**
 * Asks for permission, subscribes this device with the studio's VAPID key and tells the server.
 * Call it straight from the member's tap: browsers only ask for permission from a user gesture, so
 * nothing may be awaited before requestPermission. Answers the state it ends in (denied when the
 * member said no); throws a PushDeviceError or the server's ApiError (silent: the caller shows it).
 */
export async function turnOnPush(vapidPublicKey: string): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const key = base64UrlToBytes(vapidPublicKey);
  const registration = await serviceWorkerReady();
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the studio's keys changed) cannot be reused.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (cause) {
    throw new PushDeviceError('the push service refused', { cause });
  }
  try {
    await call(pushCalls.subscribe, subscriptionInput(subscription), { silent: true });
  } catch (error) {
    // The server will not send to it (PUSH_ENDPOINT_REFUSED, PUSH_OFF): keep no subscription it does not know.
    await subscription.unsubscribe();
    throw error;
  }
  return 'on';
}

/**
 * Tells the server again about this device's subscription (it may have been made while another
 * member was signed in here); a second subscribe of the same endpoint only updates it.
 */
export async function resendPushSubscription(): Promise<void> {
  const subscription = await currentSubscription();
  if (subscription) await call(pushCalls.subscribe, subscriptionInput(subscription), { silent: true, loading: false });
}

/** Unsubscribes this device: first in the browser, so nothing more arrives even if the server is not reached. */
export async function turnOffPush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  await call(pushCalls.unsubscribe, { endpoint }, { silent: true });
}

/**
 * On sign-out, before the token goes: this device stops getting the member's pushes, since whoever
 * signs in here next may be someone else. Never throws: signing out goes on whatever happens here.
 */
export async function endPushOnSignOut(): Promise<void> {
  if (!pushSupported()) return;
  try {
    await turnOffPush();
  } catch {
    // Unsubscribed in the browser first; a server that was not reached drops the endpoint when it is gone.
  }
}

/** The studio's VAPID key; null when it has push off. Kept for the visit (it changes only with the server's keys). */
export const pushConfigQuery = () =>
  queryOptions({ ...callQuery(pushCalls.getPushConfig, {}), staleTime: Number.POSITIVE_INFINITY });

export function usePushConfig(enabled = true) {
  return useQuery({ ...pushConfigQuery(), enabled });
}

/**
 * This device's push state, read again when the member comes back to the page (they may have
 * changed the permission in the browser's settings meanwhile). null while it is being read.
 */
export function usePushState() {
  const [state, setState] = useState<PushState | null>(null);
  const refresh = useCallback(async () => setState(await readPushState()), []);
  useEffect(() => {
    void refresh();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refresh]);
  return { state, setState, refresh };
}
