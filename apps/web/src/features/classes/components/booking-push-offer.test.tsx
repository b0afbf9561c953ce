import { Globals } from '@react-spring/web';
import type { PackageRecord } from '@studio/contract/packages';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const { showToast } = vi.hoisted(() => ({ showToast: vi.fn<(text: string) => void>() }));
vi.mock('@/shared/ui/feedback', async (original) => ({
  ...(await original<typeof import('@/shared/ui/feedback')>()),
  showToast,
}));

import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import type { ClassFormat } from '@/shared/classes/class-format';
import { base64UrlToBytes } from '@/shared/push/push-device';
import { PUSH_OFFERED_KEY } from '@/shared/push/push-offer';
import { useLifeData } from '@/shared/store/life-data';
import { FAKE_ENDPOINT, FAKE_KEYS, installFakePush, removeFakePush } from '@/testing/fake-push';
import type { SessionDetail } from '../api/session-detail';
import { BookingBar } from './booking-bar';

const NOW = Date.parse('2026-12-01T08:00:00.000Z');
const VAPID_KEY = `BN${'x-_7'.repeat(21)}A`;
const OFFER = 'Get told when a seat opens or a class changes';

const detail = {
  session: {
    _id: 's1',
    course_id: 'c1',
    course_name: 'Flow Yoga',
    starts_at: '2026-12-02T18:00:00.000Z',
    ends_at: '2026-12-02T19:00:00.000Z',
    capacity: 10,
    booked_count: 1,
    seats_left: 9,
    status: 'scheduled',
  },
  reservation: null,
  waitlist_entry: null,
  booking_opens_at: '2026-11-25T18:00:00.000Z',
  cancel_deadline: '2026-12-01T18:00:00.000Z',
  can_book: true,
  can_cancel: false,
  can_join_waitlist: false,
} as unknown as SessionDetail;
const onePackage: PackageRecord = {
  _id: 'p1',
  name: '10-class pass',
  total_count: 10,
  remaining_count: 5,
  status: 'used',
  valid_from: '2026-01-01T00:00:00.000Z',
  valid_until: '2027-01-01T00:00:00.000Z',
  course_ids: [],
  created_at: '2026-01-01T00:00:00.000Z',
};
const format = { dateTime: String, date: String } as unknown as ClassFormat;

let vapidKey: string | null = VAPID_KEY;
const sent: { url: string; data: Record<string, unknown> }[] = [];
vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (_input, init) => {
    const { url, data } = JSON.parse(String(init?.body)) as { url: string; data: Record<string, unknown> };
    sent.push({ url, data });
    const ok = (body: object) => new Response(JSON.stringify({ code: 0, msg: 'ok', ...body }));
    if (url === 'client/course.getMyPackages') return ok({ rows: [onePackage] });
    if (url === 'client/course.book') return ok({ reservation: { _id: 'r1', session_id: 's1', status: 'registered' } });
    if (url === 'client/pub.getPushConfig') return ok({ vapid_public_key: vapidKey });
    if (url === 'client/push.subscribe') return ok({});
    return new Response(JSON.stringify({ code: 'FUNCTION_NOT_FOUND', msg: 'no' }));
  }),
);

beforeAll(() => {
  configure({ asyncUtilTimeout: 5000 });
  // antd-mobile's sheet closes through a react-spring animation driven by jsdom's timers, which on a
  // busy machine once had not ended after 10 s (CI): the offer's rules are under test, not the motion.
  Globals.assign({ skipAnimation: true });
});

beforeEach(() => {
  sent.length = 0;
  showToast.mockClear();
  vapidKey = VAPID_KEY;
  localStorage.removeItem(PUSH_OFFERED_KEY);
  queryClient.clear();
  useLifeData.setState((s) => ({
    user: { ...s.user, uni_id_token: 'tok', uni_id_token_expired: Date.now() + 3_600_000 },
  }));
});
afterEach(() => {
  cleanup();
  removeFakePush();
});
afterAll(() => vi.unstubAllGlobals());

const show = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <BookingBar detail={detail} now={NOW} format={format} />
    </QueryClientProvider>,
  );

/** Books the class and waits until the booking has answered and its data was asked for again. */
async function book(): Promise<void> {
  const booked = sent.filter((c) => c.url === 'client/course.book').length;
  fireEvent.click(await screen.findByRole('button', { name: 'Book' }));
  await waitFor(() => expect(sent.filter((c) => c.url === 'client/course.book')).toHaveLength(booked + 1));
}

/** The offer is decided after the booking's answer, on the push config's: wait for both to be settled. */
async function settled(): Promise<void> {
  await waitFor(() => expect(queryClient.isFetching() + queryClient.isMutating()).toBe(0));
}

// A booking, a popup and its closing each render antd-mobile's pieces: on a busy CI machine the
// default 1 s waits and 5 s per test ran out (the whole file takes 1.6 s on an idle one).
describe('the push offer after a booking', { timeout: 20_000 }, () => {
  it('is never made on first load', async () => {
    installFakePush('default');
    show();
    await screen.findByRole('button', { name: 'Book' });
    await settled();
    expect(screen.queryByRole('dialog', { name: OFFER })).toBeNull();
    expect(sent.some((c) => c.url === 'client/pub.getPushConfig')).toBe(false);
  });

  it('comes after the first booking, and Turn on subscribes this device', async () => {
    const device = installFakePush('default');
    show();
    await book();
    await screen.findByRole('dialog', { name: OFFER });
    expect(device.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(device.requestPermission).toHaveBeenCalledOnce();
    await waitFor(() => expect(sent.filter((c) => c.url === 'client/push.subscribe')).toHaveLength(1));
    expect(sent.find((c) => c.url === 'client/push.subscribe')?.data).toEqual({
      endpoint: FAKE_ENDPOINT,
      keys: FAKE_KEYS,
    });
    const key = device.subscribe.mock.calls[0]?.[0].applicationServerKey as Uint8Array;
    expect([...key]).toEqual([...base64UrlToBytes(VAPID_KEY)]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: OFFER })).toBeNull());
    expect(showToast).toHaveBeenCalledWith('Push notifications are on');
  });

  it('is made once: Not now, then another booking, asks nothing more', async () => {
    const device = installFakePush('default');
    show();
    await book();
    await screen.findByRole('dialog', { name: OFFER });
    expect(localStorage.getItem(PUSH_OFFERED_KEY)).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: OFFER })).toBeNull());

    await book();
    await settled();
    expect(screen.queryByRole('dialog', { name: OFFER })).toBeNull();
    expect(device.requestPermission).not.toHaveBeenCalled();
  });

  it.each([
    ['the browser cannot push', () => {}],
    ['the member blocked notifications', () => installFakePush('denied')],
    ['the member already allowed them', () => installFakePush('granted')],
  ])('is not made when %s, nor kept for later', async (_, setUp) => {
    setUp();
    show();
    await book();
    await settled();
    expect(screen.queryByRole('dialog', { name: OFFER })).toBeNull();
    expect(sent.some((c) => c.url === 'client/pub.getPushConfig')).toBe(false);
    expect(localStorage.getItem(PUSH_OFFERED_KEY)).toBeNull();
  });

  it('is not made while the studio sends no pushes, and still can be once it does', async () => {
    installFakePush('default');
    vapidKey = null;
    show();
    await book();
    await waitFor(() => expect(sent.some((c) => c.url === 'client/pub.getPushConfig')).toBe(true));
    await settled();
    expect(screen.queryByRole('dialog', { name: OFFER })).toBeNull();
    expect(localStorage.getItem(PUSH_OFFERED_KEY)).toBeNull();
  });
});
