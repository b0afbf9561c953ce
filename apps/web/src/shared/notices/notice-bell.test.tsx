import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { emptyUser, useLifeData } from '@/shared/store/life-data';
import { NoticeBell } from './notice-bell';
import { setUnreadNotices } from './unread-notices';

const urls: string[] = [];
vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (_input, init) => {
    const { url } = JSON.parse(String(init?.body)) as { url: string };
    urls.push(url);
    return new Response(JSON.stringify({ code: 0, msg: 'ok', rows: [], total: 4, hasMore: true, unread: 4 }));
  }),
);

beforeEach(() => {
  queryClient.clear();
  urls.length = 0;
});
afterEach(cleanup);
afterAll(() => {
  useLifeData.setState({ user: emptyUser });
  vi.unstubAllGlobals();
});

const open = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <NoticeBell />
    </QueryClientProvider>,
  );

describe('the bell', () => {
  it('shows the member’s unread count and opens the notice centre', async () => {
    useLifeData.setState((s) => ({
      user: { ...s.user, uni_id_token: 'tok', uni_id_token_expired: Date.now() + 3_600_000 },
    }));
    open();
    const bell = await screen.findByRole('link', { name: 'Notices, 4 unread' });
    expect(bell.getAttribute('href')).toBe('#/pages/notice/list');
    expect(bell.textContent).toBe('4');
    expect(urls).toEqual(['client/notice.getMyNotifications']);

    // An answer that carries the count (a notice opened, all marked read) sets it at once.
    act(() => setUnreadNotices(0));
    const quiet = await screen.findByRole('link', { name: 'Notices' });
    expect(quiet.textContent).toBe('');
  });

  it('asks nothing for a visitor, who may still open the studio’s announcements', async () => {
    useLifeData.setState({ user: emptyUser });
    open();
    expect(screen.getByRole('link', { name: 'Notices' }).getAttribute('href')).toBe('#/pages/notice/list');
    expect(urls).toEqual([]);
  });
});
