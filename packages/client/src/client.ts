import { errorNameOf } from '@studio/contract/errors';
import type { TokenInfo } from '@studio/contract/protocol';
import {
  accessGroupOf,
  type CallDef,
  type CallInput,
  type CallOutput,
  type CallRef,
  type Envelope,
} from '@studio/contract/protocol-core';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR, TIMEOUT_ERROR } from './api-error';

/**
 * The transport every app of the studio shares (API.md): POST {url, data} to the router with the
 * client headers, the token renewed from any answer, member-only calls refused locally (30204) when
 * no valid token is held, a timeout, retries of network failures and 90001. What differs between
 * apps is passed in: how a failure is shown, where login is, how the session is stored.
 */

export interface CallOptions {
  /** Show a failure as a short toast instead of an alert dialog. */
  toastOnly?: boolean;
  /** Show nothing on failure (the caller shows it); token errors still lead to login. */
  silent?: boolean;
  /** Count this call in the app's loading indicator (default true). */
  loading?: boolean;
  /** ms before the call is abandoned (default: the client's timeoutMs). */
  timeout?: number;
  /** Extra attempts after a network failure, a timeout or code 90001. */
  retries?: number;
  signal?: AbortSignal;
}

/** How the app keeps its session. */
export interface SessionStore {
  /** Whether a token is held and not expired (spec 4). */
  isValid(): boolean;
  /** Keeps a renewed token (vk_uni_token of any answer). */
  saveToken(info: TokenInfo): void;
  /** Forgets the session after a token error. */
  clear(): void;
}

export interface ClientConfig {
  /** Default '/api/router'. */
  endpoint?: string;
  /** Default 60 s (spec 9). */
  timeoutMs?: number;
  /** The headers of every call: token and client info (read at each call). */
  headers: () => Record<string, string>;
  session: SessionStore;
  /** Shows a failure: as an alert, or as a toast when the caller asked for toastOnly. */
  showError: (message: string, as: 'alert' | 'toast') => void;
  /** The session ended (token error or local refusal): take the user to login. */
  onLoginRequired: () => void;
  /** The user's language text for the client's own messages and the contract's error names. */
  text: (key: ClientText | `errors.${string}`) => string;
  /** Counts a call in the app's loading indicator; returns the function that ends it. */
  beginLoading?: () => () => void;
  /** For tests; default the global fetch. */
  fetch?: typeof fetch;
}

/** Keys of the client's own messages, in the app's catalogue. */
export type ClientText = 'common.api.timeout' | 'common.api.networkError' | 'common.api.localTokenCheck';

const isRetryable = (e: unknown) => e instanceof ApiError && (e.isNetwork || e.code === 90001);

export function createClient(config: ClientConfig) {
  const endpoint = config.endpoint ?? '/api/router';
  const defaultTimeout = config.timeoutMs ?? 60_000;

  /** The user-facing text of a failure: the server's localised msg, else the catalogue's, else a generic one. */
  function errorText(code: number | string, msg?: string): string {
    if (msg) return msg;
    const name = errorNameOf(code);
    return config.text(name ? `errors.${name}` : 'errors.SYSTEM_ERROR');
  }

  /** Shows a failure as the options ask; a token error ends the session and opens login instead. */
  function reportError(error: ApiError, options: CallOptions = {}): void {
    if (error.isTokenError) {
      config.session.clear();
      config.onLoginRequired();
      if (!options.silent) config.showError(error.msg, 'toast');
      return;
    }
    if (options.silent) return;
    config.showError(error.msg, options.toastOnly ? 'toast' : 'alert');
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
      const response = await (config.fetch ?? fetch)(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...config.headers() },
        body: JSON.stringify({ url, data }),
        signal: controller.signal,
      });
      return (await response.json()) as Envelope;
    } catch (cause) {
      if (signal?.aborted) throw cause;
      if (timedOut) throw new ApiError(TIMEOUT_ERROR, config.text('common.api.timeout'));
      // No answer, or one that is not JSON (a proxy page): the server was not reached properly.
      throw new ApiError(NETWORK_ERROR, config.text('common.api.networkError'));
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCancel);
    }
  }

  /**
   * Calls a server function. Resolves with the answer when its code is 0; otherwise shows the
   * failure (alert, toast or nothing, per options) and throws an ApiError.
   */
  async function callFunction<T = Record<string, unknown>>(
    url: string,
    data: unknown = {},
    options: CallOptions = {},
  ): Promise<T & Envelope> {
    if (accessGroupOf(url) !== 'pub' && !config.session.isValid()) {
      const error = new ApiError(30204, config.text('common.api.localTokenCheck'));
      reportError(error, options);
      throw error;
    }

    const end = options.loading === false || !config.beginLoading ? () => {} : config.beginLoading();
    let envelope: Envelope;
    try {
      for (let attempt = 0; ; attempt += 1) {
        try {
          envelope = await post(url, data, options.timeout ?? defaultTimeout, options.signal);
          if (envelope.code === 90001 && attempt < (options.retries ?? 0)) continue;
          break;
        } catch (e) {
          if (!isRetryable(e) || attempt >= (options.retries ?? 0)) throw e;
        }
      }
    } catch (e) {
      end();
      if (e instanceof ApiError) reportError(e, options);
      throw e;
    }
    end();

    if (envelope.vk_uni_token) config.session.saveToken(envelope.vk_uni_token);
    if (envelope.code === 0) return envelope as T & Envelope;

    const error = new ApiError(envelope.code, errorText(envelope.code, envelope.msg), envelope);
    reportError(error, options);
    throw error;
  }

  /**
   * A typed call of a contract definition, or of a reference to one (callRef, which spares a page
   * zod): input and answer types come from its zod schemas.
   */
  function call<C extends CallDef>(def: C | CallRef<C>, input: CallInput<C>, options?: CallOptions) {
    return callFunction<CallOutput<C>>(def.url, input, options) as Promise<CallOutput<C>>;
  }

  /**
   * Query options for a call. The key starts with the url, so signing out can drop every member-only
   * answer; failures are silent because the page shows its own error state with a retry.
   */
  function callQuery<C extends CallDef>(def: C | CallRef<C>, input: CallInput<C>, options?: CallOptions) {
    return queryOptions({
      queryKey: [def.url, input] as const,
      queryFn: ({ signal }) => call(def, input, { silent: true, loading: false, ...options, signal }),
    });
  }

  return { callFunction, call, callQuery, reportError, errorText };
}

export type StudioClient = ReturnType<typeof createClient>;
