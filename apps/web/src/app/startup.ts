import type { accountCalls } from '@studio/contract/account';
import { callRef } from '@studio/contract/protocol-core';
import { call } from '@/shared/api/call-function';
import { isTokenValid, localDay, saveLogin } from '@/shared/session/session';
import { useLifeData } from '@/shared/store/life-data';

// By reference, not the definition: the shell runs this at launch and should not load zod for it.
const loginByToken = callRef<typeof accountCalls.loginByToken>('user/pub/loginByToken');

let started = false;

/**
 * At launch with a valid token, log in by token to refresh it and the user info (spec 4), at most
 * once a day. A token the server no longer accepts ends the session through the api client.
 */
export async function refreshSessionOncePerDay(now: Date = new Date()): Promise<void> {
  const { app } = useLifeData.getState();
  if (started || !isTokenValid(undefined, now.getTime()) || app.tokenRefreshedOn === localDay(now)) return;
  started = true;
  try {
    saveLogin(await call(loginByToken, {}, { silent: true, loading: false }), now);
  } catch {
    // Offline or refused: the stored session stays as it is; a token error was already handled.
  }
}
