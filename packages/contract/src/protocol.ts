import { z } from 'zod';
import type { CallPermission } from './permissions';
import type { CallDef } from './protocol-core';

// The zod-free part lives in protocol-core.ts (the web app's shell loads it without zod); existing
// imports of these names from here keep working.
export {
  type AccessGroup,
  accessGroupOf,
  type CallDef,
  type CallInput,
  type CallOutput,
  type CallRef,
  CLIENT_HEADERS,
  callRef,
  type Envelope,
} from './protocol-core';

/** Declares a call of the protocol: its url, its input and its answer (fields beside code and msg). */
export function defineCall<I extends z.ZodType, O extends z.ZodType, U extends string>(
  url: U,
  input: I,
  output: O,
  extra: { permission?: CallPermission; summary?: string } = {},
): CallDef<I, O, U> {
  return { url, input, output, ...extra };
}

export const noInput = z.object({}).strict();
export const noOutput = z.object({});

export const tokenInfo = z.object({ token: z.string(), tokenExpired: z.number().int() });
export type TokenInfo = z.infer<typeof tokenInfo>;
