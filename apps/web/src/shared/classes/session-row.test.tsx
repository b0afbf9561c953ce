import type { SessionRecord } from '@studio/contract/schedule';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '@/i18n/i18n';
import type { ClassFormat } from './class-format';
import { SessionList, SessionRow } from './session-row';

const NOW = Date.parse('2026-03-02T12:00:00Z');
const HOUR = 3_600_000;
const session = (startsIn: number, over: Partial<SessionRecord> = {}) =>
  ({
    _id: 's1',
    course_id: 'c1',
    course_name: 'Flow Yoga',
    course_level: 'all',
    cover_image: null,
    teacher_id: 't1',
    teacher_name: 'Ana',
    room_id: 'r1',
    room_name: 'Room 1',
    starts_at: new Date(NOW + startsIn).toISOString(),
    ends_at: new Date(NOW + startsIn + HOUR).toISOString(),
    capacity: 10,
    booked_count: 3,
    seats_left: 7,
    waitlist_count: 0,
    my_status: 'none',
    status: 'scheduled',
    cancel_reason: null,
    ...over,
  }) as SessionRecord;
const format = { day: () => 'Mon', time: () => '12:00', minutes: () => 60 } as unknown as ClassFormat;

afterEach(cleanup);

const row = (s: SessionRecord) => {
  render(
    <MemoryRouter>
      <SessionList>
        <SessionRow session={s} format={format} now={NOW} />
      </SessionList>
    </MemoryRouter>,
  );
  return screen.getByRole('listitem');
};

describe('a schedule row', () => {
  it.each([
    ['ahead: its seats', 2 * HOUR, '7 left'],
    ['under way: Started', -0.5 * HOUR, 'Started'],
    ['over hours ago: Ended, not Started', -5 * HOUR, 'Ended'],
  ])('%s', (_, startsIn, text) => {
    const li = row(session(startsIn));
    expect(li.textContent).toContain(text);
    if (text === 'Ended') expect(li.textContent).not.toContain('Started');
  });

  it('reads Attended on a class I booked once it is over, Booked while it is ahead', () => {
    expect(row(session(-5 * HOUR, { my_status: 'registered' })).textContent).toContain('Attended');
    cleanup();
    expect(row(session(2 * HOUR, { my_status: 'registered' })).textContent).toContain('Booked');
  });
});
