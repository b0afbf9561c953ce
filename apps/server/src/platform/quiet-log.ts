import type { FastifyBaseLogger } from 'fastify';

/** A logger that says nothing: for work that runs without a request's or an app's logger (a sweep). */
export const quietLog: FastifyBaseLogger = {
  level: 'silent',
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => quietLog,
} as unknown as FastifyBaseLogger;
