import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { useLifeData } from '@/shared/store/life-data';
import { OrderListPage } from './order-list-page';

const lists: string[] = [];
vi.stubGlobal('scrollTo', () => {});
vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (_input, init) => {
    const { url, data } = JSON.parse(String(init?.body)) as { url: string; data: { tab?: string } };
    const ok = (body: object) => new Response(JSON.stringify({ code: 0, msg: 'ok', ...body }));
    if (url === 'client/pub.getMchInfo') {
      return ok({ mchInfo: { name: 'Lotus Studio', currency: 'GBP', timezone: 'Europe/London' }, appInfo: {} });
    }
    if (url === 'client/order.getCounts') {
      return ok({ counts: { unpaid: 0, share: 0, unshipped: 0, unreceived: 0, completed: 0, refund: 0 } });
    }
    if (url === 'client/order.getList') {
      lists.push(data.tab ?? '');
      return ok({ rows: [], total: 0, hasMore: false });
    }
    return new Response(JSON.stringify({ code: 'FUNCTION_NOT_FOUND', msg: 'no' }));
  }),
);

beforeEach(() => {
  lists.length = 0;
  queryClient.clear();
  useLifeData.setState((s) => ({
    user: { ...s.user, uni_id_token: 'tok', uni_id_token_expired: Date.now() + 3_600_000 },
  }));
});
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

const open = (query = '') =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/pages/user/order/list${query}`]}>
        <OrderListPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('my orders', () => {
  it('has no "To share" tab: group buying is not offered, so it could only ever be empty', async () => {
    open();
    await screen.findByRole('tab', { name: 'All' });
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['All', 'To pay', 'To ship', 'To receive', 'Completed', 'Refunds']);
  });

  it('opens All for an old link to the share tab', async () => {
    open('?tab=share');
    expect(await screen.findByText('No orders yet')).toBeTruthy();
    expect(lists).toEqual(['all']);
  });
});
