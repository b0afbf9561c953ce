import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { useLifeData } from '@/shared/store/life-data';
import { ReservationsPage } from './reservations-page';

const HOUR = 3_600_000;
const at = (fromNowMs: number) => new Date(Date.now() + fromNowMs).toISOString();
/** A booking of Flow Yoga starting `startsIn` ms from now, an hour long. */
const booking = (id: string, startsIn: number, over: object = {}) => ({
  _id: id,
  session_id: `s-${id}`,
  package_id: 'p1',
  status: 'registered',
  code: 'ABCD234567',
  checked_in_at: null,
  cancelled_at: null,
  created_at: at(-48 * HOUR),
  session: {
    _id: `s-${id}`,
    course_id: 'c1',
    course_name: `Flow Yoga ${id}`,
    course_level: 'all',
    cover_image: null,
    teacher_id: 't1',
    teacher_name: 'Ana',
    room_id: 'r1',
    room_name: 'Room 1',
    starts_at: at(startsIn),
    ends_at: at(startsIn + HOUR),
    capacity: 10,
    booked_count: 1,
    seats_left: 9,
    waitlist_count: 0,
    my_status: 'registered',
    status: 'scheduled',
    cancel_reason: null,
  },
  ...over,
});

let rows: object[] = [];
vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (_input, init) => {
    const { url } = JSON.parse(String(init?.body)) as { url: string };
    const body =
      url === 'client/pub.getMchInfo'
        ? { mchInfo: { name: 'Lotus Studio', currency: 'GBP', timezone: 'Europe/London' }, appInfo: {} }
        : { rows, total: rows.length, hasMore: false };
    return new Response(JSON.stringify({ code: 0, msg: 'ok', ...body }));
  }),
);

beforeEach(() => {
  rows = [];
  queryClient.clear();
  useLifeData.setState((s) => ({
    user: { ...s.user, uni_id_token: 'tok', uni_id_token_expired: Date.now() + 3_600_000 },
  }));
});
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

const open = (tab: string) =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/pages/user/reservations?tab=${tab}`]}>
        <ReservationsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('my reservations', () => {
  it('offers Add to calendar on the upcoming tab, above the list', async () => {
    open('registered');
    const add = await screen.findByRole('button', { name: 'Add to calendar' });
    const empty = await screen.findByRole('button', { name: 'Browse classes' });
    expect(add.compareDocumentPosition(empty) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it.each(['done', 'cancelled'])('does not offer it on the %s tab', async (tab) => {
    open(tab);
    await screen.findByRole('button', { name: 'Browse classes' });
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).toBeNull();
  });

  it('reads Attended, not Started, on a booking whose class ended hours ago, and Booked on the one ahead', async () => {
    rows = [booking('ahead', 2 * HOUR), booking('over', -4 * HOUR)];
    open('registered');
    const ended = (await screen.findByRole('link', { name: 'Flow Yoga over' })).closest('li')!;
    expect(ended.textContent).toContain('Attended');
    expect(ended.textContent).not.toContain('Started');
    // Nothing to show at the door any more: the row opens the class page, not the check-in sheet.
    expect(ended.textContent).not.toContain('Booked');
    const ahead = screen.getByRole('button', { name: /Flow Yoga ahead/ }).closest('li')!;
    expect(ahead.textContent).toContain('Booked');
  });
});
