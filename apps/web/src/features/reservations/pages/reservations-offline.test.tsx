import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { resetConnectionForTest } from '@/shared/offline/connection';
import { OfflineBanner } from '@/shared/offline/offline-ui';
import { useLifeData } from '@/shared/store/life-data';
import { ReservationsPage } from './reservations-page';

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
const reservation = {
  _id: 'res1',
  session_id: 's1',
  package_id: 'p1',
  status: 'registered',
  code: 'ABCD234567',
  checked_in_at: null,
  cancelled_at: null,
  created_at: '2099-12-01T00:00:00.000Z',
};
const detail = {
  session,
  course: { _id: 'c1', name: 'Flow Yoga', description: '', cover_image: null, level: 'all' },
  teacher: { _id: 't1', name: 'Ana' },
  room: { _id: 'r1', name: 'Room 1', address: '' },
  reservation,
  waitlist_entry: null,
  booking_opens_at: '2099-11-25T18:00:00.000Z',
  cancel_deadline: '2099-12-01T18:00:00.000Z',
  can_book: false,
  can_cancel: true,
  can_join_waitlist: false,
};

/** The studio's server while the phone has a network; `offline` makes every request fail as fetch does. */
let offline = false;
const asked: string[] = [];
let attempts = 0;
vi.stubGlobal('scrollTo', () => {});
vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (input, init) => {
    attempts += 1;
    if (offline) throw new TypeError('Failed to fetch');
    if (String(input) === '/healthz') return new Response('{"status":"ok"}');
    const { url, data } = JSON.parse(String(init?.body)) as { url: string; data: { status?: string } };
    asked.push(url);
    const ok = (body: object) => new Response(JSON.stringify({ code: 0, msg: 'ok', ...body }));
    if (url === 'client/pub.getMchInfo') {
      return ok({ mchInfo: { name: 'Lotus Studio', currency: 'GBP', timezone: 'Europe/London' }, appInfo: {} });
    }
    if (url === 'client/course.getMyReservations') {
      const rows = data.status === 'registered' ? [{ ...reservation, session }] : [];
      return ok({ rows, total: rows.length, hasMore: false });
    }
    if (url === 'client/course.pub_getSessionDetail') return ok(detail);
    return new Response(JSON.stringify({ code: 'FUNCTION_NOT_FOUND', msg: 'no' }));
  }),
);

/** What the browser does when the phone loses (or finds) its network. */
function goOffline(): void {
  offline = true;
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}
function goOnline(): void {
  offline = false;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

beforeEach(() => {
  offline = false;
  asked.length = 0;
  attempts = 0;
  resetConnectionForTest();
  queryClient.clear();
  useLifeData.setState((s) => ({
    user: { ...s.user, uni_id_token: 'tok', uni_id_token_expired: Date.now() + 3_600_000 },
  }));
});
afterEach(() => {
  cleanup();
  resetConnectionForTest();
});
afterAll(() => vi.unstubAllGlobals());

const open = (path = '/pages/user/reservations?tab=registered') =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        {/* The banner as the app's frames show it above every page. */}
        <OfflineBanner />
        <ReservationsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const banner = /You're offline — showing what was saved on this phone/;

describe('My reservations offline', () => {
  it('shows what was loaded with its age and the QR, and waits with cancelling until back online', async () => {
    open();
    const booked = await screen.findByRole('list', { name: 'Booked' });
    expect(screen.queryByText(banner)).toBeNull();
    expect(screen.queryByText(/^as of/)).toBeNull();

    goOffline();
    expect(screen.getByRole('status', { name: '' }).textContent).toMatch(banner);
    // When the list was fetched, in the studio's timezone (today: the time alone).
    const fetchedAt = queryClient.getQueryCache().find({ queryKey: ['client/course.getMyReservations'], exact: false })
      ?.state.dataUpdatedAt;
    const time = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(fetchedAt);
    expect(screen.getByText(`as of ${time}`)).toBeTruthy();

    fireEvent.click(within(booked).getByRole('button', { name: /Flow Yoga/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Flow Yoga' });
    const qr = await within(sheet).findByRole('img', { name: /ABCD234567/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(within(sheet).getByText('ABCD234567')).toBeTruthy();
    const cancel = within(sheet).getByRole('button', { name: 'Cancel booking' });
    expect(cancel.hasAttribute('disabled')).toBe(true);
    expect(within(sheet).getByText('Needs a connection')).toBeTruthy();

    const before = asked.filter((url) => url === 'client/course.getMyReservations').length;
    goOnline();
    expect(screen.queryByText(banner)).toBeNull();
    expect(within(sheet).queryByText('Needs a connection')).toBeNull();
    // Back online, what is on screen is fetched again, fresh or not.
    await vi.waitFor(() =>
      expect(asked.filter((url) => url === 'client/course.getMyReservations').length).toBeGreaterThan(before),
    );
    await vi.waitFor(() => expect(cancel.hasAttribute('disabled')).toBe(false));
  });

  it('says it is offline, not an endless skeleton, for a list never loaded', async () => {
    goOffline();
    open('/pages/user/reservations?tab=done');
    expect(await screen.findByText("You're offline")).toBeTruthy();
    expect(screen.getByText(/This page was not saved on this phone/)).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();

    goOnline();
    expect(await screen.findByRole('button', { name: 'Browse classes' })).toBeTruthy();
  });

  it('counts a call that cannot reach the server as offline, without retrying it in a loop', async () => {
    offline = true; // a network that the browser still reports as up
    open();
    expect(await screen.findByText(banner)).toBeTruthy();
    expect(await screen.findByText("You're offline")).toBeTruthy();
    // The list asked once; it is paused since, waiting for the network instead of retrying.
    const list = queryClient.getQueryCache().find({ queryKey: ['client/course.getMyReservations'], exact: false });
    await vi.waitFor(() => expect(list?.state.fetchStatus).toBe('paused'));
    expect(list?.state.fetchFailureCount).toBe(1);
    expect(attempts).toBeGreaterThan(0);
  });
});
