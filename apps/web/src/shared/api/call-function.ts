import { errorNameOf } from '@studio/contract/errors';
import {
  accessGroupOf,
  type CallDef,
  type CallInput,
  type CallOutput,
  type CallRef,
  type Envelope,
} from '@studio/contract/protocol-core';
import { queryOptions } from '@tanstack/react-query';
import i18n from '@/i18n/i18n';
import { REQUEST_TIMEOUT_MS } from '@/shared/config';
import { openLogin } from '@/shared/navigation/navigation';
import { clearSession, isTokenValid, saveToken } from '@/shared/session/session';
import { showAlert, showToast } from '@/shared/ui/feedback';
import { ApiError, NETWORK_ERROR, TIMEOUT_ERROR } from './api-error';
import { clientHeaders } from './client-info';
import { beginLoading } from './loading';

export interface CallOptions {
  /** Show a failure as a 1500 ms toast instead of an alert dialog. */
  toastOnly?: boolean;
  /** Show nothing on failure (the caller shows it); token errors still lead to login. */
  silent?: boolean;
  /** Count this call in the shared loading indicator (default true). */
  loading?: boolean;
  /** ms before the call is abandoned (spec 9: 60 s). */
  timeout?: number;
  /** Extra attempts after a network failure, a timeout or code 90001. */
  retries?: number;
  signal?: AbortSignal;
}

/** The user-facing text of a failure: the server's localised msg, else the catalogue's, else a generic one. */
export function errorText(code: number | string, msg?: string): string {
  if (msg) return msg;
  const name = errorNameOf(code);
  return i18n.t(name ? `errors.${name}` : 'errors.SYSTEM_ERROR');
}

/** Shows a failure as the options ask; a token error ends the session and opens login instead. */
export function reportError(error: ApiError, options: CallOptions = {}): void {
  if (error.isTokenError) {
    clearSession();
    openLogin();
    if (!options.silent) showToast(error.msg);
    return;
  }
  if (options.silent) return;
  if (options.toastOnly) showToast(error.msg);
  else showAlert(error.msg);
}

async function post(url: string, data: unknown, timeoutMs: number, signal?: AbortSignal): Promise<Envelope> {
  // One controller for both the caller's cancel and the timeout (AbortSignal.any is too new for older phones).
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCancel = () => controller.abort();
  signal?.addEventListener('abort', onCancel, { once: true });
  try {
    const response = await fetch('/api/router', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...clientHeaders() },
      body: JSON.stringify({ url, data }),
      signal: controller.signal,
    });
    return (await response.json()) as Envelope;
  } catch (cause) {
    if (signal?.aborted) throw cause;
    if (timedOut) throw new ApiError(TIMEOUT_ERROR, i18n.t('common.api.timeout'));
    // No answer, or one that is not JSON (a proxy page): the server was not reached properly.
    throw new ApiError(NETWORK_ERROR, i18n.t('common.api.networkError'));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCancel);
  }
}

const isRetryable = (e: unknown) => e instanceof ApiError && (e.isNetwork || e.code === 90001);

/**
 * Calls a server function (API.md): POST /api/router {url, data}. Resolves with the answer when its
 * code is 0; otherwise shows the failure (alert, toast or nothing, per options) and throws an ApiError.
 */
export async function callFunction<T = Record<string, unknown>>(
  url: string,
  data: unknown = {},
  options: CallOptions = {},
): Promise<T & Envelope> {
  if (accessGroupOf(url) !== 'pub' && !isTokenValid()) {
    const error = new ApiError(30204, i18n.t('common.api.localTokenCheck'));
    reportError(error, options);
    throw error;
  }

  const endLoading = options.loading === false ? () => {} : beginLoading();
  let envelope: Envelope;
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        envelope = await post(url, data, options.timeout ?? REQUEST_TIMEOUT_MS, options.signal);
        if (envelope.code === 90001 && attempt < (options.retries ?? 0)) continue;
        break;
      } catch (e) {
        if (!isRetryable(e) || attempt >= (options.retries ?? 0)) throw e;
      }
    }
  } catch (e) {
    endLoading();
    if (e instanceof ApiError) reportError(e, options);
    throw e;
  }
  endLoading();

  if (envelope.vk_uni_token) saveToken(envelope.vk_uni_token);
  if (envelope.code === 0) return envelope as T & Envelope;

  const error = new ApiError(envelope.code, errorText(envelope.code, envelope.msg), envelope);
  reportError(error, options);
  throw error;
}

/**
 * A typed call of a contract definition, or of a reference to one (callRef, which spares the page
 * zod): input and answer types come from its zod schemas.
 */
export function call<C extends CallDef>(
  def: C | CallRef<C>,
  input: CallInput<C>,
  options?: CallOptions,
): Promise<CallOutput<C>> {
  return callFunction<CallOutput<C>>(def.url, input, options);
}

/**
 * Query options for a call. The key starts with the url, so signing out can drop every member-only
 * answer; failures are silent because the page shows its own error state with a retry.
 */
export function callQuery<C extends CallDef>(def: C | CallRef<C>, input: CallInput<C>, options?: CallOptions) {
  return queryOptions({
    queryKey: [def.url, input] as const,
    queryFn: ({ signal }) => call(def, input, { silent: true, loading: false, ...options, signal }),
  });
}
