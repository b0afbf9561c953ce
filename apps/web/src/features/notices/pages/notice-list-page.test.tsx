import type { MemberNotification } from '@studio/contract/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { buildNotice, fakeCalls, signIn, signOut } from '../testing/fake-server';
import { NoticeListPage } from './notice-list-page';

const notice = (id: string, overrides: Partial<MemberNotification> = {}) =>
  buildNotice({ _id: id, title: `Notice ${id}`, body: `Body of ${id}`, ...overrides });

let notices: MemberNotification[] = [];
let announcements: MemberNotification[] = [];
const calls = fakeCalls((url, data) => {
  if (url === 'client/notice.getMyNotifications') {
    const rows = notices.filter((n) => !data.category || n.category === data.category);
    const size = Number(data.pageSize);
    const unread = notices.filter((n) => !n.read).length;
    return { rows: rows.slice(0, size), total: rows.length, hasMore: rows.length > size, unread };
  }
  if (url === 'client/notice.markAllRead') {
    notices = notices.map((n) => ({ ...n, read: true }));
    return { unread: 0 };
  }
  if (url === 'client/notice.pub_getList') return { rows: announcements, total: announcements.length, hasMore: false };
  return undefined;
});

beforeEach(() => {
  queryClient.clear();
  calls.length = 0;
  notices = [];
  announcements = [];
  signIn();
});
afterEach(cleanup);
afterAll(() => {
  signOut();
  vi.unstubAllGlobals();
});

const open = (tab?: string) =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/pages/notice/list${tab ? `?tab=${tab}` : ''}`]}>
        <NoticeListPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const listCalls = () => calls.filter((c) => c.url === 'client/notice.getMyNotifications' && c.data.pageSize !== 1);

describe('the notice list', () => {
  it('shows each notice with its title, a preview of its text, when it came, and a dot while unread', async () => {
    notices = [
      notice('a', { title: 'Workshop on Saturday', type: 'announcement', category: 'studio', pinned: true }),
      notice('b', { title: 'Class cancelled', read: true }),
    ];
    open();
    const list = await screen.findByRole('list', { name: 'Notices: All' });
    const [pinned, read] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(pinned).getByRole('link', { name: 'Workshop on Saturday, unread' }).getAttribute('href')).toBe(
      '#/pages/notice/detail?_id=a',
    );
    expect(pinned.textContent).toContain('Pinned');
    expect(pinned.textContent).toContain('Body of a');
    expect(pinned.textContent).toContain('1 hour ago');
    within(read).getByRole('link', { name: 'Class cancelled' });
    expect(read.textContent).not.toContain('Pinned');
  });

  it('filters by the tab in the URL, and switching tabs asks for that category', async () => {
    notices = [
      notice('c1', { title: 'Your class starts soon' }),
      notice('o1', { title: 'Order shipped', type: 'orderShipped', category: 'orders' }),
    ];
    open('orders');
    const orders = await screen.findByRole('list', { name: 'Notices: Orders' });
    expect(within(orders).getAllByRole('listitem')).toHaveLength(1);
    expect(orders.textContent).toContain('Order shipped');
    expect(listCalls().at(-1)?.data).toMatchObject({ category: 'orders' });

    fireEvent.click(screen.getByRole('tab', { name: 'Classes' }));
    const classes = await screen.findByRole('list', { name: 'Notices: Classes' });
    expect(classes.textContent).toContain('Your class starts soon');
    expect(classes.textContent).not.toContain('Order shipped');
    expect(listCalls().at(-1)?.data).toMatchObject({ category: 'classes' });

    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    await screen.findByRole('list', { name: 'Notices: All' });
    expect(listCalls().at(-1)?.data).not.toHaveProperty('category');
  });

  it('marks all read: the dots go, and so does the button', async () => {
    notices = [notice('a'), notice('b')];
    open();
    await screen.findByRole('link', { name: 'Notice a, unread' });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await screen.findByRole('link', { name: 'Notice a' });
    screen.getByRole('link', { name: 'Notice b' });
    expect(calls.filter((c) => c.url === 'client/notice.markAllRead')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });

  it('offers no "mark all read" when everything is read', async () => {
    notices = [notice('a', { read: true })];
    open();
    await screen.findByRole('link', { name: 'Notice a' });
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });

  it.each([
    ['all', 'No notices yet', 'Browse classes'],
    ['classes', 'No notices about your classes', 'Browse classes'],
    ['orders', 'No notices about your orders', 'Visit the shop'],
  ])('says so when the %s tab is empty, with one way on', async (tab, title, action) => {
    open(tab);
    await screen.findByText(title);
    screen.getByRole('button', { name: action });
  });

  it('says so when the studio has announced nothing', async () => {
    open('studio');
    await screen.findByText('No announcements from the studio');
    expect(screen.queryByRole('button', { name: /Browse|shop/ })).toBeNull();
  });

  it('shows a visitor the public announcements only, and asks them to log in for the rest', async () => {
    signOut();
    announcements = [notice('p1', { title: 'Studio closed on Monday', type: 'announcement', category: 'studio' })];
    open();
    const list = await screen.findByRole('list', { name: 'Studio announcements' });
    // A visitor reads no dots: nothing of theirs is kept read or unread.
    within(list).getByRole('link', { name: 'Studio closed on Monday' });
    screen.getByRole('button', { name: 'Log in' });
    expect(screen.queryByRole('tab')).toBeNull();
    expect(calls.some((c) => c.url === 'client/notice.getMyNotifications')).toBe(false);
  });
});
