import { TOKEN_ERROR_CODES } from '@studio/contract/errors';

/** Client-side codes for failures that never reached a server answer. */
export const NETWORK_ERROR = 'NETWORK_ERROR';
export const TIMEOUT_ERROR = 'TIMEOUT';

/** A failed call: the envelope's code and (localised) msg, plus the rest of the answer. */
export class ApiError extends Error {
  readonly code: number | string;
  readonly msg: string;
  readonly data: Record<string, unknown>;

  constructor(code: number | string, msg: string, data: Record<string, unknown> = {}) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
    this.data = data;
  }

  get isNetwork(): boolean {
    return this.code === NETWORK_ERROR || this.code === TIMEOUT_ERROR;
  }

  get isTokenError(): boolean {
    return TOKEN_ERROR_CODES.has(this.code);
  }
}
