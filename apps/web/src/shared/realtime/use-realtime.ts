import type { WsEventMessage } from '@studio/contract/realtime';
import { WS_PATH } from '@studio/contract/realtime-core';
import { useEffect, useRef } from 'react';
import i18n from '@/i18n/i18n';
import { APP_ID, APP_VERSION, PLATFORM } from '@/shared/config';
import { openLogin } from '@/shared/navigation/navigation';
import { clearSession, useIsLoggedIn } from '@/shared/session/session';
import { useLifeData } from '@/shared/store/life-data';
import { showToast } from '@/shared/ui/feedback';
import { RealtimeClient } from './realtime-client';

type Listener = (message: WsEventMessage) => void;

const listeners = new Map<string, Set<Listener>>();

/** Listens to one pushed event (e.g. 'waitlistPromoted'); answers the unsubscribe function. */
export function subscribeRealtime(event: string, listener: Listener): () => void {
  const set = listeners.get(event) ?? new Set();
  set.add(listener);
  listeners.set(event, set);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(event);
  };
}

/** Calls `handler` for each `event` pushed while the component is mounted. */
export function useRealtimeEvent(event: string, handler: Listener): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => subscribeRealtime(event, (message) => latest.current(message)), [event]);
}

/**
 * Hands a pushed event to the notice centre and its domain's handler (loaded on the first event), and
 * to listeners.
 */
function dispatch(message: WsEventMessage): void {
  // The handlers bring the contract's notices with them: the shell loads them only when an event comes.
  void Promise.all([import('./notice-events'), import('./class-events')]).then(
    ([{ handleNoticeEvent }, { handleClassEvent, handleShopEvent }]) => {
      handleNoticeEvent(message);
      if (!handleClassEvent(message)) handleShopEvent(message);
    },
  );
  for (const listener of listeners.get(message.event) ?? []) listener(message);
}

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${WS_PATH}`;
}

/** Who is connecting (spec 7: clientInfo); the server answers in `locale`. */
function clientInfo(): Record<string, unknown> {
  return {
    appId: APP_ID,
    platform: PLATFORM,
    locale: i18n.language,
    deviceId: useLifeData.getState().app.deviceId,
    appVersion: APP_VERSION,
  };
}

/** Ends the session as a token error of a call does: forgotten, login opens, the reason shown. */
function endSession(message: WsEventMessage): void {
  clearSession();
  openLogin();
  showToast(message.msg || i18n.t('realtime.sessionEnded'));
}

/**
 * Keeps the member's websocket open while they are logged in, one connection per token (a renewed
 * token or another member opens a new one). Pushed events go to `dispatch`. When the server
 * refuses or revokes the token, the session ends — unless that token is no longer the one held
 * (the member signed out, or the token was renewed, while the event was on its way).
 */
export function useRealtime(): void {
  const loggedIn = useIsLoggedIn();
  const token = useLifeData((s) => s.user.uni_id_token);

  useEffect(() => {
    if (!loggedIn || !token || typeof WebSocket === 'undefined') return;
    const client = new RealtimeClient({
      url: socketUrl(),
      token,
      clientInfo: clientInfo(),
      onEvent: dispatch,
      onSessionEnd: (message) => {
        if (useLifeData.getState().user.uni_id_token === token) endSession(message);
      },
    });
    client.start();
    const retry = () => client.retryNow();
    const onVisible = () => {
      if (document.visibilityState === 'visible') client.retryNow();
    };
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', onVisible);
      client.stop();
    };
  }, [loggedIn, token]);
}
