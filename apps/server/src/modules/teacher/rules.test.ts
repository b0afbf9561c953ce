import { CHECK_IN_CLOSES_AFTER_MIN, CHECK_IN_OPENS_BEFORE_MIN, checkInTiming } from '@studio/contract/teacher';
import { describe, expect, it } from 'vitest';
import { minutesToHours, monthOf, monthRange } from './service';

describe('checkInTiming', () => {
  const session = { starts_at: '2026-11-22T10:00:00Z', ends_at: '2026-11-22T11:00:00Z' };
  it.each([
    ['2026-11-22T08:59:59.999Z', 'early'],
    ['2026-11-22T09:00:00.000Z', 'open'],
    ['2026-11-22T10:30:00.000Z', 'open'],
    ['2026-11-22T11:30:00.000Z', 'open'],
    ['2026-11-22T11:30:00.001Z', 'closed'],
  ])('at %s → %s', (now, expected) => {
    expect(checkInTiming(session, now)).toBe(expected);
  });

  it('uses the documented window', () => {
    expect([CHECK_IN_OPENS_BEFORE_MIN, CHECK_IN_CLOSES_AFTER_MIN]).toEqual([60, 30]);
  });
});

describe('monthRange', () => {
  it.each([
    ['2026-11', 'Europe/London', '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z'],
    ['2026-07', 'Europe/London', '2026-06-30T23:00:00.000Z', '2026-07-31T23:00:00.000Z'],
    // October in London: starts in summer time, ends in winter time.
    ['2026-10', 'Europe/London', '2026-09-30T23:00:00.000Z', '2026-11-01T00:00:00.000Z'],
    ['2026-12', 'Asia/Shanghai', '2026-11-30T16:00:00.000Z', '2026-12-31T16:00:00.000Z'],
    ['2026-02', 'America/New_York', '2026-02-01T05:00:00.000Z', '2026-03-01T05:00:00.000Z'],
    ['2026-03', 'America/New_York', '2026-03-01T05:00:00.000Z', '2026-04-01T04:00:00.000Z'],
  ])('%s in %s spans [%s, %s)', (month, tz, from, to) => {
    const range = monthRange(month, tz);
    expect([range.from.toISOString(), range.to.toISOString()]).toEqual([from, to]);
  });
});

describe('monthOf', () => {
  it.each([
    ['2026-11-30T15:59:59Z', 'Asia/Shanghai', '2026-11'],
    ['2026-11-30T16:00:00Z', 'Asia/Shanghai', '2026-12'],
    ['2026-06-30T23:30:00Z', 'Europe/London', '2026-07'],
    ['2026-01-01T03:00:00Z', 'America/New_York', '2025-12'],
  ])('%s in %s is in %s', (now, tz, month) => {
    expect(monthOf(new Date(now), tz)).toBe(month);
  });
});

describe('minutesToHours', () => {
  it.each([
    [0, 0],
    [60, 1],
    [90, 1.5],
    [45, 0.75],
    [50, 0.83],
    [100, 1.67],
  ])('%i minutes → %d hours', (minutes, hours) => {
    expect(minutesToHours(minutes)).toBe(hours);
  });
});
