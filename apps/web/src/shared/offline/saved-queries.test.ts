import { dehydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keepSavedQueries, SAVED_MAX_AGE_MS, shouldSaveQuery } from './saved-queries';

/** A client holding one answer per key, as the pages would leave it. */
function clientWith(entries: [readonly unknown[], unknown][]): QueryClient {
  const client = new QueryClient();
  for (const [key, data] of entries) client.setQueryData(key, data);
  return client;
}

const savedKeys = (client: QueryClient) =>
  dehydrate(client, { shouldDehydrateQuery: shouldSaveQuery }).queries.map((q) => q.queryKey);

const reservationRow = { _id: 'r1', code: 'K7Q2M9', status: 'registered' };
const page = (rows: unknown[]) => ({ pages: [{ rows, total: rows.length, hasMore: false }], pageParams: [1] });

describe('the queries kept on the phone', () => {
  it('are my reservations, a class I booked, my packages, pickup orders and the studio, nothing else', () => {
    const kept: [readonly unknown[], unknown][] = [
      [
        ['client/course.getMyReservations', { status: 'registered' }, { pageSize: 20 }, 'pages'],
        page([reservationRow]),
      ],
      [['client/course.getMyReservations', { status: 'registered', pageIndex: 1, pageSize: 5 }], { rows: [] }],
      [['client/course.pub_getSessionDetail', { _id: 's1' }, 'u1'], { reservation: reservationRow, can_cancel: true }],
      [['client/course.getMyPackages', {}], { rows: [] }],
      [['client/course.getMyPackages', { status: 'unused' }], { rows: [] }],
      [['client/order.getList', { tab: 'unreceived' }, { pageSize: 20 }, 'pages'], page([])],
      [['client/order.getInfo', { order_no: '2026112800001' }], { orderInfo: { pickup_code: 'P-4821' } }],
      [['client/pub.getMchInfo', {}], { mchInfo: { timezone: 'Europe/London' } }],
    ];
    const left: [readonly unknown[], unknown][] = [
      // A class I have not booked, or seen as a visitor.
      [['client/course.pub_getSessionDetail', { _id: 's2' }, 'u1'], { reservation: null, can_book: true }],
      [['client/course.pub_getSessionDetail', { _id: 's3' }, 'guest'], { reservation: reservationRow }],
      // Orders without a pickup code, and the other tabs of the list.
      [['client/order.getInfo', { order_no: '2026112800002' }], { orderInfo: { pickup_code: null } }],
      [['client/order.getList', { tab: 'all' }, { pageSize: 20 }, 'pages'], page([])],
      [['client/order.getList', { tab: 'unpaid' }, { pageSize: 20 }, 'pages'], page([])],
      // Everything else the app reads.
      [['client/course.pub_getSchedule', { date_from: '2026-11-28', date_to: '2026-11-28' }, 'u1'], { rows: [] }],
      [['client/wallet.getBalance', {}], { balance: 1200 }],
      [['client/order.getCounts', {}], { counts: {} }],
      [['user/kh/getMyUserInfo', {}], { userInfo: {} }],
      [['cart', 'lines'], []],
    ];
    const client = clientWith([...kept, ...left]);
    expect(savedKeys(client)).toEqual(expect.arrayContaining(kept.map(([key]) => key)));
    expect(savedKeys(client)).toHaveLength(kept.length);
  });

  it('keep only answers that arrived: a failed or pending query is not saved', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client
      .fetchQuery({
        queryKey: ['client/course.getMyPackages', {}],
        queryFn: () => Promise.reject(new Error('no network')),
      })
      .catch(() => undefined);
    void client.prefetchQuery({ queryKey: ['client/pub.getMchInfo', {}], queryFn: () => new Promise(() => {}) });
    expect(savedKeys(client)).toEqual([]);
  });

  it('stay in memory for as long as they are kept, other queries for the usual five minutes', () => {
    const client = new QueryClient();
    keepSavedQueries(client);
    expect(client.defaultQueryOptions({ queryKey: ['client/course.getMyReservations', {}] }).gcTime).toBe(
      SAVED_MAX_AGE_MS,
    );
    expect(client.defaultQueryOptions({ queryKey: ['client/order.getInfo', { order_no: 'x' }] }).gcTime).toBe(
      SAVED_MAX_AGE_MS,
    );
    expect(client.defaultQueryOptions({ queryKey: ['client/course.pub_getSchedule', {}] }).gcTime).toBeUndefined();
    expect(SAVED_MAX_AGE_MS).toBe(7 * 24 * 3_600_000);
  });
});
