import { describe, expect, it } from 'vitest';
import { resolveRange } from './service';

describe('resolveRange', () => {
  it.each([
    // from, to, timezone, expected from, expected to (exclusive)
    ['2026-11-22', '2026-11-28', 'Europe/London', '2026-11-22T00:00:00.000Z', '2026-11-29T00:00:00.000Z'],
    ['2026-11-22', '2026-11-22', 'Asia/Shanghai', '2026-11-21T16:00:00.000Z', '2026-11-22T16:00:00.000Z'],
    ['2026-11-22', '2026-11-22', 'America/New_York', '2026-11-22T05:00:00.000Z', '2026-11-23T05:00:00.000Z'],
    // Days that are 23 and 25 hours long where the clocks change.
    ['2026-03-29', '2026-03-29', 'Europe/London', '2026-03-29T00:00:00.000Z', '2026-03-29T23:00:00.000Z'],
    ['2026-10-25', '2026-10-25', 'Europe/London', '2026-10-24T23:00:00.000Z', '2026-10-26T00:00:00.000Z'],
    // The last day of a month and of a year.
    ['2026-12-31', '2026-12-31', 'Asia/Shanghai', '2026-12-30T16:00:00.000Z', '2026-12-31T16:00:00.000Z'],
    ['2026-02-28', '2026-02-28', 'UTC', '2026-02-28T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    // Instants are taken as they are.
    [
      '2026-11-22T08:30:00.000Z',
      '2026-11-22T09:30:00+08:00',
      'Europe/London',
      '2026-11-22T08:30:00.000Z',
      '2026-11-22T01:30:00.000Z',
    ],
  ])('%s … %s in %s is [%s, %s)', (from, to, tz, start, end) => {
    // Twice: the second answer comes from the cache of midnights and must not differ.
    for (let i = 0; i < 2; i++) {
      const range = resolveRange(from, to, tz);
      expect(range.from.toISOString()).toBe(start);
      expect(range.to.toISOString()).toBe(end);
    }
  });
});
