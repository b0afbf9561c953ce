import type { ErrorName, ErrorParams } from '@studio/contract/errors';

/** An expected failure: a named code of the contract, with the params its message needs. */
export class AppError extends Error {
  constructor(
    override readonly name: ErrorName,
    readonly params: ErrorParams = {},
    /** Extra envelope fields for the client, e.g. suggested sessions on COURSE_FULL. */
    readonly data: Record<string, unknown> = {},
  ) {
    super(name);
  }
}

export const fail = (name: ErrorName, params?: ErrorParams, data?: Record<string, unknown>): never => {
  throw new AppError(name, params, data);
};
