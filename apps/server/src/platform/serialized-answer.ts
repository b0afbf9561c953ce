import type { CallDef } from '@studio/contract/protocol';
import type { z } from 'zod';
import { type AuthedContext, type CallContext, handle, type RegisteredCall } from './protocol';

/**
 * An answer already checked against its call's output schema and written as JSON: the members of
 * the answer object without its braces (`"rows":[...]`). A read served from a cache hands this to
 * the protocol, which splices it into the envelope as is: no output parse and no JSON.stringify of
 * a large answer on every request (for a week of the schedule they cost more than the rest of the
 * call together).
 */
export class SerializedAnswer {
  constructor(readonly members: string) {}
}

/**
 * The members of `answer` after it passed `def`'s output schema, as SerializedAnswer wants them.
 * Caches call this once per entry they build, so what they serve is what the schema lets through.
 */
export function serializeAnswer<C extends CallDef>(def: C, answer: z.input<C['output']>): string {
  const parsed = def.output.parse(answer);
  return JSON.stringify(parsed).slice(1, -1);
}

/** Binds a public call whose handler answers pre-serialized (see SerializedAnswer). */
export function handlePubSerialized<C extends CallDef>(
  def: C,
  run: (input: z.output<C['input']>, ctx: CallContext) => Promise<SerializedAnswer>,
): RegisteredCall {
  return { def, run: run as RegisteredCall['run'] };
}

/** Binds a logged-in call whose handler answers pre-serialized (see SerializedAnswer). */
export function handleSerialized<C extends CallDef>(
  def: C,
  run: (input: z.output<C['input']>, ctx: AuthedContext) => Promise<SerializedAnswer>,
): RegisteredCall {
  return handle(def, run as never);
}
