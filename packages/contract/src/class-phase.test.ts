import { describe, expect, it } from 'vitest';
import { bookingOutcome, classPhase } from './class-phase';

const START = Date.parse('2026-03-02T18:00:00Z');
const session = (status = 'scheduled') => ({
  starts_at: '2026-03-02T18:00:00Z',
  ends_at: '2026-03-02T19:00:00Z',
  status,
});
const MIN = 60_000;

describe('classPhase', () => {
  it.each([
    ['an hour before', START - 60 * MIN, 'upcoming'],
    ['at the start', START, 'started'],
    ['half way', START + 30 * MIN, 'started'],
    ['at the end', START + 60 * MIN, 'ended'],
    ['hours later', START + 5 * 60 * MIN, 'ended'],
  ])('%s: %s', (_, now, phase) => {
    expect(classPhase(session(), now)).toBe(phase);
  });

  it('is cancelled whenever staff called the class off', () => {
    expect(classPhase(session('cancelled'), START - MIN)).toBe('cancelled');
    expect(classPhase(session('cancelled'), START + 120 * MIN)).toBe('cancelled');
  });
});

describe('bookingOutcome', () => {
  const booking = (status: string, checkedIn: string | null = null, s = session()) => ({
    status,
    checked_in_at: checkedIn,
    session: s,
  });

  it.each([
    ['booked, ahead', booking('registered'), START - MIN, 'booked'],
    ['booked, under way', booking('registered'), START + 10 * MIN, 'booked'],
    ['checked in, under way', booking('registered', '2026-03-02T17:55:00Z'), START + 10 * MIN, 'attended'],
    ['kept to the end, not yet swept', booking('registered'), START + 61 * MIN, 'attended'],
    ['done', booking('done'), START + 3 * 60 * MIN, 'attended'],
    ['cancelled by the member', booking('cancelled'), START - MIN, 'cancelled'],
    ['class called off', booking('registered', null, session('cancelled')), START + 3 * 60 * MIN, 'cancelled'],
  ])('%s', (_, b, now, outcome) => {
    expect(bookingOutcome(b, now)).toBe(outcome);
  });
});
