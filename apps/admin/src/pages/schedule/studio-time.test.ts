import { describe, expect, it } from 'vitest';
import { addDays, courseColour, fromFloating, studioInstant, toFloating, weekOfFirst, weekStart } from './studio-time';

describe('the calendar’s studio time', () => {
  it('draws an instant at the studio’s wall-clock time, and reads a picked time back in the studio’s zone', () => {
    // 09:00 in London in summer is 08:00 UTC; the calendar must show 09:00.
    expect(toFloating('2026-07-01T08:00:00Z', 'Europe/London')).toBe('2026-07-01T09:00:00Z');
    expect(fromFloating(new Date('2026-07-01T09:00:00Z'), 'Europe/London').toISOString()).toBe(
      '2026-07-01T08:00:00.000Z',
    );
    // Shanghai, no DST.
    expect(toFloating('2026-12-01T10:30:00Z', 'Asia/Shanghai')).toBe('2026-12-01T18:30:00Z');
  });

  it('turns a date and a time of the studio into the right instant across DST', () => {
    expect(studioInstant('2026-10-26', '09:00', 'Europe/London').toISOString()).toBe('2026-10-26T09:00:00.000Z');
    expect(studioInstant('2026-10-19', '09:00', 'Europe/London').toISOString()).toBe('2026-10-19T08:00:00.000Z');
  });

  it('finds the Monday of a week and steps by days', () => {
    expect(weekStart('2026-11-25')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(addDays('2026-11-23', 7)).toBe('2026-11-30');
  });

  it('finds the studio’s week of the first of several new sessions', () => {
    // Sunday 23:30 UTC is already Monday in Shanghai: the next week there, still this week in London.
    expect(weekOfFirst(['2026-12-06T23:30:00Z', '2026-11-29T23:30:00Z'], 'Asia/Shanghai')).toBe('2026-11-30');
    expect(weekOfFirst(['2026-12-06T23:30:00Z', '2026-11-29T23:30:00Z'], 'Europe/London')).toBe('2026-11-23');
    expect(weekOfFirst([], 'Europe/London')).toBeUndefined();
  });

  it('gives a course the same colour every time', () => {
    expect(courseColour('course-a')).toBe(courseColour('course-a'));
    expect(courseColour('course-a')).toMatch(/^#[0-9a-f]{6}$/);
  });
});
