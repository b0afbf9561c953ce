import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/shared/api/query-client';
import { handleClassEvent } from './class-events';
import { handleNoticeEvent } from './notice-events';

const show = vi.fn();
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: (...args: unknown[]) => show(...args) } }));

const COUNT = ['client/notice.getMyNotifications', { pageIndex: 1, pageSize: 1 }];
const LIST = ['client/notice.getMyNotifications', { category: 'classes' }, { pageSize: 20 }, 'pages'];
const VISITOR_LIST = ['client/notice.pub_getList', {}, { pageSize: 20 }, 'pages'];
const OPEN_NOTICE = ['client/notice.getInfo', { _id: 'n1' }];

const invalidated = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;

beforeEach(() => {
  show.mockReset();
  queryClient.clear();
  queryClient.setQueryData(COUNT, { rows: [], total: 5, hasMore: true, unread: 5 });
  for (const key of [LIST, VISITOR_LIST, OPEN_NOTICE]) queryClient.setQueryData(key, {});
});

describe('handleNoticeEvent', () => {
  it.each(['waitlistPromoted', 'orderShipped', 'packageIssued', 'announcement'])(
    'refetches the notice lists and the count on %s, but not an open notice',
    (event) => {
      expect(handleNoticeEvent({ event, data: {} })).toBe(true);
      expect(invalidated(COUNT)).toBe(true);
      expect(invalidated(LIST)).toBe(true);
      expect(invalidated(VISITOR_LIST)).toBe(true);
      // Fetching it again would mark it read again, and its read would be pushed back here.
      expect(invalidated(OPEN_NOTICE)).toBe(false);
    },
  );

  it('sets the count a read on another device pushes, and refetches the lists only', () => {
    expect(handleNoticeEvent({ event: 'noticesRead', data: { unread: 1 } })).toBe(true);
    expect(queryClient.getQueryData<{ unread: number }>(COUNT)?.unread).toBe(1);
    expect(invalidated(COUNT)).toBe(false);
    expect(invalidated(LIST)).toBe(true);
    expect(invalidated(OPEN_NOTICE)).toBe(false);
  });

  it('leaves other events alone', () => {
    expect(handleNoticeEvent({ event: 'walletChanged', data: { balance: 100 } })).toBe(false);
    expect(invalidated(COUNT)).toBe(false);
  });
});

describe('handleClassEvent with the notice centre’s notices', () => {
  it('refetches class pages on a class reminder without a toast: it waits by the bell', async () => {
    queryClient.setQueryData(['client/course.getMyReservations', {}], {});
    expect(
      handleClassEvent({ event: 'classReminder', data: { course_name: 'Yin', starts_at: '2026-12-03T18:00:00Z' } }),
    ).toBe(true);
    expect(invalidated(['client/course.getMyReservations', {}])).toBe(true);
    await Promise.resolve();
    expect(show).not.toHaveBeenCalled();
  });

  it('leaves order notices to the shop and the notice centre', () => {
    expect(handleClassEvent({ event: 'orderShipped', data: { order_no: 'N1' } })).toBe(false);
  });
});
