import { type CallOptions, createClient } from '@studio/client/client';
import i18n from '@/i18n/i18n';
import { REQUEST_TIMEOUT_MS } from '@/shared/config';
import { openLogin } from '@/shared/navigation/navigation';
import { connectionAwareFetch } from '@/shared/offline/connection';
import { clearSession, isTokenValid, saveToken } from '@/shared/session/session';
import { showAlert, showToast } from '@/shared/ui/feedback';
import { clientHeaders } from './client-info';
import { beginLoading } from './loading';

export type { CallOptions };

/**
 * The member app's client (packages/client): failures as the app's alerts and toasts, login as its
 * login page, the session in lifeData, messages from its catalogues.
 */
export const client = createClient({
  timeoutMs: REQUEST_TIMEOUT_MS,
  headers: clientHeaders,
  session: { isValid: () => isTokenValid(), saveToken, clear: clearSession },
  showError: (message, as) => (as === 'toast' ? showToast(message) : showAlert(message)),
  onLoginRequired: openLogin,
  text: (key) => i18n.t(key),
  beginLoading,
  // Whether calls reach the server is what "offline" means to the app (shared/offline).
  fetch: connectionAwareFetch,
});

export const { callFunction, call, callQuery, reportError, errorText } = client;
