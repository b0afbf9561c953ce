import { type CallOptions, createClient } from '@studio/client/client';
import { ERRORS, type ErrorName, type ErrorParams, errorMessage } from '@studio/contract/errors';
import { resolveLocale } from '@studio/contract/locale';
import { CLIENT_HEADERS } from '@studio/contract/protocol-core';
import { QueryClient } from '@tanstack/react-query';
import i18n from '@/i18n/i18n';
import { clearSession, isTokenValid, saveToken, useSession } from '@/shared/session/session';
import { showAlert, showMessage } from '@/shared/ui/feedback';

export type { CallOptions };

export const APP_ID = 'studio-admin';

/** The headers of every call and upload: the token when held, and who is calling. */
export function adminHeaders(): Record<string, string> {
  const { token, deviceId } = useSession.getState();
  const headers: Record<string, string> = {
    [CLIENT_HEADERS.appId]: APP_ID,
    [CLIENT_HEADERS.platform]: 'web',
    [CLIENT_HEADERS.locale]: i18n.language,
    [CLIENT_HEADERS.deviceId]: deviceId,
    [CLIENT_HEADERS.os]: 'web',
    [CLIENT_HEADERS.appVersion]: '1.0.0',
  };
  if (token) headers[CLIENT_HEADERS.token] = token;
  return headers;
}

/** Where login sends the staff member back to; set by the router (app/router.tsx). */
let openLogin: () => void = () => {};
export function setLoginOpener(open: () => void): void {
  openLogin = open;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 15_000, retry: 1, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// Answers carry the studio's texts in the language of the call (vk-locale): after a switch, what is
// cached is in the old one, so every query is refetched (the ones on screen at once).
i18n.on('languageChanged', () => void queryClient.invalidateQueries());

/**
 * The back office's client (packages/client): the same transport as the member app, failures as
 * antd messages and dialogs, the session in this app's store.
 */
export const client = createClient({
  headers: adminHeaders,
  session: {
    isValid: () => isTokenValid(),
    saveToken,
    clear: () => {
      clearSession();
      queryClient.clear();
    },
  },
  showError: (message, as) => (as === 'toast' ? showMessage(message) : showAlert(message)),
  onLoginRequired: () => openLogin(),
  text: (key) =>
    key.startsWith('errors.') ? errorText(key.slice('errors.'.length)) : i18n.t(key.replace(/^common\./, '')),
});

export const { call, callQuery, callFunction } = client;

/** The contract's message for an error name, in the back office's language. */
export function errorText(name: string, params?: ErrorParams): string {
  const known = (name in ERRORS ? name : 'SYSTEM_ERROR') as ErrorName;
  return errorMessage(known, resolveLocale(i18n.language), params);
}
