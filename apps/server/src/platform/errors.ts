import type { ErrorArgs } from '@studio/contract/error-params';
import type { ErrorName, ErrorParams } from '@studio/contract/errors';

/**
 * An expected failure: a named code of the contract, with the params its message needs and the
 * data the client may read, both typed by the error's schemas (contract error-params.ts).
 */
export class AppError<N extends ErrorName = ErrorName> extends Error {
  override readonly name: N;
  readonly params: ErrorParams;
  /** Extra envelope fields for the client, e.g. suggested sessions on COURSE_FULL. */
  readonly data: Record<string, unknown>;

  constructor(name: N, ...[params, data]: ErrorArgs<N>) {
    // An answer to the caller, not a fault: no stack trace (capturing one cost ~80 µs per refusal,
    // a tenth of a refused booking's time in a rush).
    const traceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(name);
    Error.stackTraceLimit = traceLimit;
    this.name = name;
    this.params = params ?? {};
    this.data = data ?? {};
  }
}

export const fail = <N extends ErrorName>(name: N, ...args: ErrorArgs<N>): never => {
  throw new AppError(name, ...args);
};
