import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { resetConnectionForTest } from '@/shared/offline/connection';
import { useLifeData } from '@/shared/store/life-data';
import { SessionDetailPage } from './session-detail-page';

const session = {
  _id: 's1',
  course_id: 'c1',
  course_name: 'Flow Yoga',
  course_level: 'all',
  cover_image: null,
  teacher_id: 't1',
  teacher_name: 'Ana',
  room_id: 'r1',
  room_name: 'Room 1',
  starts_at: '2099-12-02T18:00:00.000Z',
  ends_at: '2099-12-02T19:00:00.000Z',
  capacity: 10,
  booked_count: 1,
  seats_left: 9,
  waitlist_count: 0,
  my_status: 'registered',
  status: 'scheduled',
  cancel_reason: null,
};
const detail = (status: 'registered' | 'cancelled') => ({
  session,
  course: { _id: 'c1', name: 'Flow Yoga', description: '', cover_image: null, level: 'all' },
  teacher: { _id: 't1', name: 'Ana' },
  room: { _id: 'r1', name: 'Room 1', address: '' },
  reservation: {
    _id: 'res1',
    session_id: 's1',
    package_id: 'p1',
    status,
    code: 'ABCD234567',
    checked_in_at: null,
    cancelled_at: null,
    created_at: '2099-12-01T00:00:00.000Z',
  },
  waitlist_entry: null,
  booking_opens_at: '2099-11-25T18:00:00.000Z',
  cancel_deadline: '2099-12-01T18:00:00.000Z',
  can_book: false,
  can_cancel: true,
  can_join_waitlist: false,
});

let answer = detail('registered');
vi.stubGlobal('scrollTo', () => {});
vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (_input, init) => {
    const { url } = JSON.parse(String(init?.body)) as { url: string };
    const ok = (body: object) => new Response(JSON.stringify({ code: 0, msg: 'ok', ...body }));
    if (url === 'client/course.pub_getSessionDetail') return ok(answer);
    if (url === 'client/course.getMyPackages') return ok({ rows: [] });
    return new Response(JSON.stringify({ code: 'FUNCTION_NOT_FOUND', msg: 'no' }));
  }),
);

beforeEach(() => {
  queryClient.clear();
  useLifeData.setState((s) => ({
    user: { ...s.user, uni_id_token: 'tok', uni_id_token_expired: Date.now() + 3_600_000 },
  }));
});
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

const open = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/pages/course/detail?_id=s1']}>
        <SessionDetailPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('a booked class page', () => {
  it('shows the check-in code and a way to add the class to a calendar', async () => {
    answer = detail('registered');
    open();
    expect(await screen.findByText('ABCD234567')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to calendar' })).toBeTruthy();
  });

  it('shows neither for a cancelled booking', async () => {
    answer = detail('cancelled');
    open();
    expect(await screen.findByRole('heading', { name: 'Flow Yoga' })).toBeTruthy();
    expect(screen.queryByText('ABCD234567')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).toBeNull();
  });
});

describe('a class the studio called off', () => {
  const calledOff = (reason: string) => ({
    ...detail('cancelled'),
    session: { ...session, status: 'cancelled', my_status: 'none', cancel_reason: reason },
    reservation: null,
    can_cancel: false,
  });

  it("quotes the staff's reason as written, with no full stop doubled after its own punctuation", async () => {
    answer = calledOff('The teacher is ill, sorry!') as unknown as typeof answer;
    open();
    expect(
      await screen.findByText(
        'This class has been cancelled: The teacher is ill, sorry! Any credit used was returned.',
      ),
    ).toBeTruthy();
  });

  it('ends a reason written without punctuation with a full stop', async () => {
    answer = calledOff('Teacher ill') as unknown as typeof answer;
    open();
    expect(
      await screen.findByText('This class has been cancelled: Teacher ill. Any credit used was returned.'),
    ).toBeTruthy();
  });
});

describe('a class that is over', () => {
  it('reads Ended and Attended, never Started, hours after it finished', async () => {
    const over = detail('registered');
    const startedAt = Date.now() - 5 * 3_600_000;
    answer = {
      ...over,
      session: {
        ...session,
        starts_at: new Date(startedAt).toISOString(),
        ends_at: new Date(startedAt + 3_600_000).toISOString(),
      },
      can_cancel: false,
    };
    open();
    expect(await screen.findByText('Ended')).toBeTruthy();
    expect(screen.getByText('You attended this class.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Attended' })).toBeTruthy();
    expect(screen.queryByText(/started/i)).toBeNull();
    // Nothing to show at the door any more.
    expect(screen.queryByText('ABCD234567')).toBeNull();
  });

  it('says so to a member who did not book it', async () => {
    const startedAt = Date.now() - 5 * 3_600_000;
    answer = {
      ...detail('registered'),
      session: {
        ...session,
        my_status: 'none',
        starts_at: new Date(startedAt).toISOString(),
        ends_at: new Date(startedAt + 3_600_000).toISOString(),
      },
      reservation: null,
      can_cancel: false,
    } as unknown as typeof answer;
    open();
    expect(await screen.findByText('This class has ended.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Class ended' })).toBeTruthy();
    expect(screen.queryByText(/started/i)).toBeNull();
  });
});

describe('a booked class page offline', () => {
  afterEach(() => resetConnectionForTest());

  it('keeps the check-in code on screen with its age, and Cancel waits for a connection', async () => {
    answer = detail('registered');
    open();
    const cancel = await screen.findByRole('button', { name: 'Cancel booking' });
    expect(cancel.hasAttribute('disabled')).toBe(false);

    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByText('ABCD234567')).toBeTruthy();
    expect(screen.getByText(/^as of \d{2}:\d{2}$/)).toBeTruthy();
    expect(cancel.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Needs a connection')).toBeTruthy();

    act(() => void window.dispatchEvent(new Event('online')));
    expect(cancel.hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(/^as of/)).toBeNull();
  });
});
