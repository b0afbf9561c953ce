import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

/*
 * What every provider notification goes through once its signature has verified: its body parsed
 * with a schema of what the provider documents, so that a signed body of the wrong shape is refused
 * with a 400 (or acknowledged, when it is an event this app does not act on) and logged, never
 * thrown as a 500 that the provider would retry for days.
 */

/**
 * Text a provider sends that is stored or looked up (an event id, an out_trade_no, a refund row id):
 * bounded, without control characters (PostgreSQL refuses NUL in text, and none belongs in an id)
 * and without lone surrogates (not text: they would be stored as U+FFFD and match nothing).
 */
export const providerText = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}\p{Cs}]+$/u);

/** An amount in minor units that the integer columns hold. */
export const providerAmount = z.number().int().min(0).max(2_147_483_647);

/** Where a body failed its schema, as paths (`data.object`), never the values (they may be anyone's). */
export function issuesOf(error: z.ZodError): string[] {
  return error.issues.map((issue) => issue.path.join('.') || '(body)');
}

/** The event id or type of a refused body as it came, for the log: a string, cut short, or nothing. */
export const loggable = (value: unknown): string | undefined =>
  typeof value === 'string' ? value.slice(0, 100) : undefined;

/** Logs a notification that was refused or not acted on: who sent it, which event, and why (no body, no signature). */
export function logNotification(
  log: FastifyBaseLogger | undefined,
  fields: { provider: string; eventId?: unknown; eventType?: unknown; outcome: string; issues?: string[] },
  message: string,
) {
  log?.warn(
    {
      provider: fields.provider,
      eventId: loggable(fields.eventId),
      eventType: loggable(fields.eventType),
      outcome: fields.outcome,
      issues: fields.issues,
    },
    message,
  );
}

/** The body as JSON, or undefined when it is not JSON at all. */
export function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
