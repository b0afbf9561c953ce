import type { UserInfo } from '@studio/contract/account';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { useLifeData } from '@/shared/store/life-data';
import { HomePage } from './home-page';

const HOUR = 3_600_000;
const at = (fromNowMs: number) => new Date(Date.now() + fromNowMs).toISOString();
const session = (id: string, name: string, startsIn: number) => ({
  _id: id,
  course_id: 'c1',
  course_name: name,
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
  my_status: null,
  status: 'scheduled',
  cancel_reason: null,
});

let reservations: unknown[] = [];
let schedule: unknown[] = [];
let packages: unknown[] = [];
let teaching: unknown[] = [];
let goodsDown = false;
const pass = (remaining: number) => ({
  _id: 'p1',
  name: '5-class pass',
  total_count: 5,
  remaining_count: remaining,
  status: remaining === 5 ? 'unused' : 'used',
  valid_from: at(-48 * HOUR),
  valid_until: at(30 * 24 * HOUR),
  course_ids: [],
  created_at: at(-48 * HOUR),
});
vi.stubGlobal('scrollTo', () => {});
vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (_input, init) => {
    const { url } = JSON.parse(String(init?.body)) as { url: string };
    const ok = (body: object) => new Response(JSON.stringify({ code: 0, msg: 'ok', ...body }));
    if (url === 'client/pub.getMchInfo') {
      // UTC, so "today" in the test is the machine's UTC day whatever its timezone.
      const mchInfo = { name: 'Lotus Studio', description: '', address: '', phone: '', logo: '', timezone: 'UTC' };
      return ok({ mchInfo: { ...mchInfo, currency: 'GBP' }, appInfo: {} });
    }
    if (url === 'client/course.getMyReservations') return ok({ rows: reservations, total: 0, hasMore: false });
    if (url === 'client/course.pub_getSchedule') return ok({ rows: schedule });
    if (url === 'client/course.getMyPackages') return ok({ rows: packages });
    if (url === 'client/teacher.getWorkbench') return ok({ teacher: {}, counts: {}, next_sessions: teaching });
    if (url === 'client/pub.getGoodsList') {
      return goodsDown ? new Response('unavailable', { status: 503 }) : ok({ rows: [], total: 0, hasMore: false });
    }
    return new Response(JSON.stringify({ code: 'FUNCTION_NOT_FOUND', msg: 'no' }));
  }),
);

const member = (registeredAgoMs: number, role: string[] = []) =>
  ({ _id: 'u1', nickname: 'Mia', username: null, register_date: at(-registeredAgoMs), role }) as unknown as UserInfo;

function signIn(info: UserInfo): void {
  useLifeData.setState((s) => ({
    user: { ...s.user, uni_id_token: 'tok', uni_id_token_expired: Date.now() + HOUR, uni_id_user_info: info },
  }));
}

beforeEach(() => {
  queryClient.clear();
  reservations = [];
  schedule = [];
  packages = [];
  teaching = [];
  goodsDown = false;
});
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

const open = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('home', () => {
  it('greets a member who has just registered as new', async () => {
    signIn(member(5 * 60_000));
    open();
    expect(await screen.findByRole('heading', { name: 'Welcome to Lotus Studio, Mia' })).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    // What to do first: look at the classes, and get a pass to book them.
    expect(screen.getByRole('button', { name: 'Browse classes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy a pass' })).toBeTruthy();
    expect(screen.getByText(/To book a class you need a class pass/)).toBeTruthy();
  });

  it('stops telling a member to get a pass once they hold one and have booked: their next class leads', async () => {
    signIn(member(5 * 60_000));
    packages = [pass(4)];
    reservations = [
      { _id: 'res1', status: 'registered', code: 'ABCD234567', session: session('s1', 'Flow Yoga', HOUR) },
    ];
    open();
    expect(await screen.findByRole('heading', { name: 'Your next class' })).toBeTruthy();
    expect(screen.getByText(/Your next class is below/)).toBeTruthy();
    expect(screen.queryByText(/need a class pass/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Buy a pass' })).toBeNull();
  });

  it('offers a member with a pass and nothing booked to book, with the classes they have left', async () => {
    signIn(member(30 * 24 * HOUR));
    packages = [pass(4)];
    open();
    expect(await screen.findByText('You have 4 classes left on your passes: book your next one below.')).toBeTruthy();
    expect(screen.queryByText(/need a class pass/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Book a class' })).toBeTruthy();
  });

  it('tells a member whose pass is used up how to get another', async () => {
    signIn(member(30 * 24 * HOUR));
    packages = [{ ...pass(0), status: 'completed' }];
    open();
    expect(await screen.findByText(/To book a class you need a class pass/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy a pass' })).toBeTruthy();
  });

  it("leads a teacher with today's classes they teach, each opening its roster", async () => {
    signIn(member(30 * 24 * HOUR, ['teacher']));
    teaching = [session('s-teach', 'Morning Flow', 2 * 60_000)];
    open();
    const list = await screen.findByRole('list', { name: 'Teaching today' });
    expect(list.textContent).toContain('Morning Flow');
    expect(screen.getByRole('link', { name: 'Morning Flow' }).getAttribute('href')).toContain('session_id=s-teach');
    // Their today is what they teach: the members' list of today's classes is a tab away.
    expect(screen.queryByRole('list', { name: "Today's classes" })).toBeNull();
    expect(screen.queryByText(/need a class pass/)).toBeNull();
  });

  it('welcomes back a member of longer standing, with their next class and its check-in code a tap away', async () => {
    signIn(member(30 * 24 * HOUR));
    reservations = [
      { _id: 'res1', status: 'registered', code: 'ABCD234567', session: session('s1', 'Flow Yoga', HOUR) },
    ];
    open();
    expect(await screen.findByRole('heading', { name: 'Welcome back, Mia' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Your next class' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Flow Yoga' }).getAttribute('href')).toContain('s1');
    expect(screen.getByRole('button', { name: 'Check-in code' })).toBeTruthy();
  });

  it("lists today's classes that have not ended, and offers to book", async () => {
    signIn(member(30 * 24 * HOUR));
    schedule = [session('s-past', 'Early Pilates', -3 * HOUR), session('s-soon', 'Evening Flow', 60_000)];
    open();
    const list = await screen.findByRole('list', { name: "Today's classes" });
    expect(list.textContent).toContain('Evening Flow');
    expect(list.textContent).not.toContain('Early Pilates');
    expect(screen.getByRole('button', { name: 'Book a class' })).toBeTruthy();
  });

  it("shows today's classes at once when the shop's call fails (its retries do not hold them back)", async () => {
    signIn(member(30 * 24 * HOUR));
    goodsDown = true;
    schedule = [session('s-soon', 'Evening Flow', 60_000)];
    open();
    const list = await screen.findByRole('list', { name: "Today's classes" }, { timeout: 800 });
    expect(list.textContent).toContain('Evening Flow');
  });
});
