import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { wsEventMessage, wsStatusMessage } from './realtime';
import { readWsEventMessage, readWsStatusMessage } from './realtime-core';

/** Messages a socket might carry: every shape of both server messages, and near misses. */
const MESSAGES: unknown[] = [
  { url: 'connect', channel: 'default', status: 0, msg: 'created' },
  { url: 'connect', channel: 'default', status: 1, msg: 'open' },
  { url: 'connect', channel: 'default', status: 2, msg: 'confirmed', cid: 'c1' },
  { url: 'connect', channel: 'default', status: 2, msg: 'confirmed', cid: 'c1', extra: true },
  { url: 'connect', channel: 'default', status: 3, msg: 'bad status' },
  { url: 'connect', channel: 'default', status: '2', msg: 'status as text' },
  { url: 'connect', channel: 'default', status: 2, msg: 'cid null', cid: null },
  { url: 'connect', channel: 'default', status: 2 },
  { url: 'connect', status: 2, msg: 'no channel' },
  { url: 'ping', channel: 'default', status: 2, msg: 'other url' },
  { event: 'waitlistPromoted', channel: 'default', data: { session_id: 's1' } },
  { event: 'waitlistPromoted', data: null },
  { event: 'pong' },
  { event: 'invalid-token', code: 30204, msg: 'Login expired' },
  { event: 'force-logout', code: 'TOKEN_NOT_FOUND', msg: 'Logged out elsewhere', channel: 'default' },
  { event: 'error', code: true },
  { event: 'error', code: null },
  { event: 'error', msg: 42 },
  { event: 'x', channel: null },
  { event: 7 },
  { event: 'x', unknown: 'dropped' },
  {},
  [],
  [{ event: 'x' }],
  null,
  'connect',
  42,
  true,
  undefined,
];

describe('realtime core', () => {
  it('loads no zod: it imports only types', () => {
    const source = readFileSync(new URL('./realtime-core.ts', import.meta.url), 'utf8');
    for (const line of source.match(/^import .*$/gm) ?? []) expect(line).toMatch(/^import type /);
  });

  it.each(MESSAGES.map((m) => [JSON.stringify(m) ?? 'undefined', m]))(
    'reads %s as the zod schemas do',
    (_, message) => {
      expect(readWsStatusMessage(message)).toStrictEqual(wsStatusMessage.safeParse(message).data ?? null);
      expect(readWsEventMessage(message)).toStrictEqual(wsEventMessage.safeParse(message).data ?? null);
    },
  );

  it('keeps only the fields of the message', () => {
    expect(readWsEventMessage({ event: 'x', unknown: 'dropped' })).toStrictEqual({ event: 'x' });
  });
});
