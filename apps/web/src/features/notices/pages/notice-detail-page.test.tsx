import type { MemberNotification } from '@studio/contract/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { registerRouter } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { buildNotice, fakeCalls, signIn, signOut } from '../testing/fake-server';
import { NoticeDetailPage } from './notice-detail-page';

const notice = (overrides: Partial<MemberNotification> = {}) =>
  buildNotice({
    body: 'Vinyasa Flow on Thu 3 Dec, 18:00 has been cancelled: Teacher unwell. Any credit you used has been returned.',
    data: { session_id: 's1', reservation_id: 'r1' },
    ...overrides,
  });

let shown: MemberNotification = notice();
let unread = 3;
const calls = fakeCalls((url) => {
  if (url === 'client/notice.getMyNotifications') return { rows: [], total: 0, hasMore: false, unread };
  if (url === 'client/notice.getInfo') {
    unread -= shown.read ? 0 : 1;
    shown = { ...shown, read: true };
    return { notice: shown, unread };
  }
  if (url === 'client/notice.pub_getInfo') return { notice: shown };
  return undefined;
});

beforeEach(() => {
  queryClient.clear();
  calls.length = 0;
  unread = 3;
  signIn();
});
afterEach(cleanup);
afterAll(() => {
  signOut();
  vi.unstubAllGlobals();
});

/** The page in a router of its own, registered as the app's, so its button really moves. */
function openNotice(value: MemberNotification) {
  shown = value;
  const router = createMemoryRouter(
    [
      {
        path: paths.noticeDetail,
        element: (
          <QueryClientProvider client={queryClient}>
            <NoticeDetailPage />
          </QueryClientProvider>
        ),
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [`${paths.noticeDetail}?_id=${value._id}`] },
  );
  registerRouter(router, []);
  render(<RouterProvider router={router} />);
  return () => `${router.state.location.pathname}${router.state.location.search}`;
}

const unreadCount = () =>
  queryClient.getQueryData<{ unread: number }>(['client/notice.getMyNotifications', { pageIndex: 1, pageSize: 1 }])
    ?.unread;

describe('a notice', () => {
  it('shows the whole notice and marks it read as it opens: the count on the bell drops', async () => {
    queryClient.setQueryData(['client/notice.getMyNotifications', { pageIndex: 1, pageSize: 1 }], {
      rows: [],
      total: 3,
      hasMore: false,
      unread: 3,
    });
    openNotice(notice());
    await screen.findByRole('heading', { name: 'Class cancelled' });
    expect(screen.getByText(/has been cancelled: Teacher unwell/)).toBeTruthy();
    expect(calls.filter((c) => c.url === 'client/notice.getInfo').map((c) => c.data)).toEqual([{ _id: 'n1' }]);
    await waitFor(() => expect(unreadCount()).toBe(2));
  });

  it.each([
    [{ session_id: 's1', reservation_id: 'r1' }, 'View the class', '/pages/course/detail?_id=s1'],
    [{ order_no: 'N100', amount: 1250 }, 'View the order', '/pages/user/order/info?order_no=N100'],
    [
      { order_no: 'N101', refund_id: 'f1', amount: 500, to: 'balance' },
      'View the refund',
      '/pages/user/order/info?order_no=N101',
    ],
    [{ package_id: 'p1', name: 'Ten classes' }, 'My packages', '/pages/course/purchased'],
    [{ coupon_id: 'c1', name: '£5 off' }, 'My coupons', '/pages/coupon/list?tab=usable'],
    [
      { feedback_id: 'f1', excerpt: 'Your mat is at the desk' },
      'View the conversation',
      '/pages/service-center/thread?_id=f1',
    ],
    [{ link: '/pages/course/detail?_id=s2' }, 'Learn more', '/pages/course/detail?_id=s2'],
  ])('with %j, its button opens %s', async (data, label, route) => {
    const location = openNotice(notice({ data }));
    const button = await screen.findByRole('button', { name: label });
    expect(screen.getAllByRole('button')).toHaveLength(1);
    fireEvent.click(button);
    await waitFor(() => expect(location()).toBe(route));
  });

  it('opens an announcement’s web link through the web-view page (framed if the studio allows its host, else asked about)', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const location = openNotice(
      notice({ type: 'announcement', category: 'studio', data: { link: 'https://example.com/retreat' } }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Learn more' }));
    await waitFor(() =>
      expect(location()).toBe(`${paths.webView}?url=${encodeURIComponent('https://example.com/retreat')}`),
    );
    expect(open).not.toHaveBeenCalled();
  });

  it('has no button when it is about nothing to open', async () => {
    openNotice(notice({ type: 'pointsEarned', data: { points: 40, balance: 120, ref: 'N100' } }));
    await screen.findByRole('heading', { name: 'Class cancelled' });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows an announcement’s rich text and picture', async () => {
    openNotice(
      notice({
        type: 'announcement',
        category: 'studio',
        title: 'New timetable',
        body: 'From January, morning classes start at 7.',
        content: '<p>From January, <strong>morning classes</strong> start at 7.</p>',
        image: '/uploads/timetable.png',
        pinned: true,
        data: {},
      }),
    );
    await screen.findByRole('heading', { name: 'New timetable' });
    expect(screen.getByText('morning classes').tagName).toBe('STRONG');
    expect(screen.getByText('From the studio')).toBeTruthy();
    expect(screen.getByText('Pinned')).toBeTruthy();
    expect(document.querySelector('img.notice-image')?.getAttribute('src')).toBe('/uploads/timetable.png');
  });

  it('shows a visitor a public announcement without marking anything', async () => {
    signOut();
    openNotice(notice({ type: 'announcement', category: 'studio', title: 'Closed on Monday', data: {} }));
    await screen.findByRole('heading', { name: 'Closed on Monday' });
    expect(calls.map((c) => c.url)).toContain('client/notice.pub_getInfo');
    expect(calls.map((c) => c.url)).not.toContain('client/notice.getInfo');
  });
});
