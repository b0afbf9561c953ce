import type { PackageRecord } from '@studio/contract/packages';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The booked toast is antd-mobile's own render, which React 19 cannot unmount in a test: it is not what these check.
vi.mock('@/shared/ui/feedback', async (original) => ({
  ...(await original<typeof import('@/shared/ui/feedback')>()),
  showToast: vi.fn(),
}));

import '@/i18n/i18n';
import '@/testing/antd-render';
import { queryClient } from '@/shared/api/query-client';
import type { ClassFormat } from '@/shared/classes/class-format';
import { useLifeData } from '@/shared/store/life-data';
import type { SessionDetail } from '../api/session-detail';
import { BookingBar } from './booking-bar';

const NOW = Date.parse('2026-12-01T08:00:00.000Z');
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
  starts_at: '2026-12-02T18:00:00.000Z',
  ends_at: '2026-12-02T19:00:00.000Z',
  capacity: 10,
  booked_count: 10,
  seats_left: 0,
  waitlist_count: 0,
  my_status: null,
  status: 'scheduled',
  cancel_reason: null,
} as unknown as SessionDetail['session'];
const detail = (over: Partial<SessionDetail>): SessionDetail =>
  ({
    session,
    reservation: null,
    waitlist_entry: null,
    booking_opens_at: '2026-11-25T18:00:00.000Z',
    cancel_deadline: '2026-12-01T18:00:00.000Z',
    can_book: false,
    can_cancel: false,
    can_join_waitlist: false,
    ...over,
  }) as SessionDetail;
const pkg = (id: string, validUntil: string | null): PackageRecord => ({
  _id: id,
  name: `Package ${id}`,
  total_count: 10,
  remaining_count: 5,
  status: 'used',
  valid_from: '2026-01-01T00:00:00.000Z',
  valid_until: validUntil,
  course_ids: [],
  created_at: '2026-01-01T00:00:00.000Z',
});
const format = { dateTime: String, date: String } as unknown as ClassFormat;

let packages: PackageRecord[] = [];
let passesOnSale: object[] = [];
const sent: { url: string; data: Record<string, unknown> }[] = [];
vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (_input, init) => {
    const { url, data } = JSON.parse(String(init?.body)) as { url: string; data: Record<string, unknown> };
    sent.push({ url, data });
    const ok = (body: object) => new Response(JSON.stringify({ code: 0, msg: 'ok', ...body }));
    if (url === 'client/course.getMyPackages') return ok({ rows: packages });
    if (url === 'client/pub.getMchInfo') {
      return ok({ mchInfo: { name: 'Lotus Studio', phone: '+44 20 7946 0000', address: '1 Lotus Lane' }, appInfo: {} });
    }
    if (url === 'client/course.joinWaitlist') return ok({ entry: { _id: 'e1', position: 1 } });
    if (url === 'client/course.book') return ok({ reservation: { _id: 'r1' } });
    if (url === 'client/pub.getGoodsList')
      return ok({ rows: passesOnSale, total: passesOnSale.length, hasMore: false });
    return new Response(JSON.stringify({ code: 'FUNCTION_NOT_FOUND', msg: 'no' }));
  }),
);

beforeEach(() => {
  sent.length = 0;
  passesOnSale = [];
  queryClient.clear();
  useLifeData.setState((s) => ({
    user: { ...s.user, uni_id_token: 'tok', uni_id_token_expired: Date.now() + 3_600_000 },
  }));
});
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

const show = (d: SessionDetail) =>
  render(
    <QueryClientProvider client={queryClient}>
      <BookingBar detail={d} now={NOW} format={format} />
    </QueryClientProvider>,
  );

describe('BookingBar', () => {
  it.each([
    ['a bookable class', { can_book: true }],
    ['a full class', { can_join_waitlist: true }],
  ])('shows a member without a package how to get one instead of %s button', async (_, over) => {
    packages = [];
    show(detail(over));
    expect(await screen.findByRole('heading', { name: 'Get a package to book' })).toBeTruthy();
    const call = await screen.findByRole('link', { name: /Call the studio/ });
    expect(call.getAttribute('href')).toBe('tel:+442079460000');
    expect(screen.getByText(/front desk/).textContent).toContain('Lotus Studio');
    expect(screen.queryByRole('button', { name: /Book|Join the waitlist/ })).toBeNull();
  });

  it("offers the passes this class accepts first when the shop sells one, the studio's number beside them", async () => {
    packages = [];
    passesOnSale = [{ _id: 'g1', name: '10-class pass', price: 9000, original_price: 0 }];
    show(detail({ can_book: true }));
    const buy = await screen.findByRole('button', { name: 'Buy a pass' });
    expect(screen.getByRole('heading', { name: 'Passes this class accepts' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /10-class pass/ })).toBeTruthy();
    expect(sent.find((c) => c.url === 'client/pub.getGoodsList')?.data).toMatchObject({ course_id: 'c1' });
    // The call is still offered, in the card rather than as the bar's button.
    expect(screen.getByRole('link', { name: /Call the studio/ }).closest('.no-package')).toBeTruthy();
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    fireEvent.click(buy);
    expect(scrolled).toHaveBeenCalledOnce();
    expect(document.activeElement?.textContent).toBe('Passes this class accepts');
  });

  it('asks which package pays when joining a waitlist, and sends it', async () => {
    packages = [pkg('p1', '2027-01-01T00:00:00.000Z'), pkg('p2', null)];
    show(detail({ can_join_waitlist: true }));
    expect(await screen.findByText(/You can choose which package pays/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /waitlist/i }));
    fireEvent.click(await screen.findByRole('button', { name: /Package p2/ }));
    await waitFor(() =>
      expect(sent.find((s) => s.url === 'client/course.joinWaitlist')?.data).toEqual({
        session_id: 's1',
        package_id: 'p2',
      }),
    );
  });

  describe('inside the cancellation window', () => {
    // The class starts at 18:00 tomorrow; cancelling closed at 07:00 today (a 35-hour window), it is 08:00.
    const late = () => detail({ can_book: true, cancel_deadline: '2026-12-01T07:00:00.000Z' });
    const booked = () => sent.filter((c) => c.url === 'client/course.book');

    it('asks before booking, in plain words, and books nothing when the member steps back', async () => {
      packages = [pkg('p1', null)];
      show(late());
      fireEvent.click(await screen.findByRole('button', { name: 'Book' }));
      const dialog = await screen.findByRole('dialog', { name: 'Book this class?' });
      expect(dialog.textContent).toContain('cannot be cancelled in the last 35 hours');
      expect(booked()).toHaveLength(0);
      fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(booked()).toHaveLength(0);
    });

    it('books once the member confirms', async () => {
      packages = [pkg('p1', null)];
      show(late());
      fireEvent.click(await screen.findByRole('button', { name: 'Book' }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Book' }));
      await waitFor(() => expect(booked()).toHaveLength(1));
      expect(booked()[0]!.data).toEqual({ session_id: 's1' });
    });

    it('does not ask while cancelling is still free', async () => {
      packages = [pkg('p1', null)];
      show(detail({ can_book: true }));
      fireEvent.click(await screen.findByRole('button', { name: 'Book' }));
      await waitFor(() => expect(booked()).toHaveLength(1));
      expect(screen.queryByText('Book this class?')).toBeNull();
    });
  });

  it('reads "Class ended" on a class that is over, and "Attended" on my booking of it', async () => {
    const over = { ...session, starts_at: '2026-12-01T06:00:00.000Z', ends_at: '2026-12-01T07:00:00.000Z' };
    show(detail({ session: over }));
    expect(await screen.findByRole('button', { name: 'Class ended' })).toBeTruthy();
    cleanup();
    const reservation = { _id: 'r1', status: 'registered', checked_in_at: null } as SessionDetail['reservation'];
    show(detail({ session: over, reservation }));
    expect(await screen.findByRole('button', { name: 'Attended' })).toBeTruthy();
  });
});
