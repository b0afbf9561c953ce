import type { Dashboard } from '@studio/contract/dashboard';
import type { Takings } from '@studio/contract/reports';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { useSession } from '@/shared/session/session';
import { prepareAntdInJsdom } from '@/shared/testing/antd-jsdom';
import { DashboardPage } from './dashboard-page';

/** What admin/dashboard.get answers: `takings` is null for staff without reports.view. */
const server = vi.hoisted(() => ({ takings: null as Takings | null }));

vi.mock('@/shared/api/client', () => {
  const answer = (url: string) => {
    if (url === 'admin/dashboard.get') {
      return {
        go_live: null,
        today: [],
        fill_rate: null,
        upcoming_sessions: 0,
        new_members_this_week: 0,
        feedback_pending: 0,
        takings: server.takings,
        expiring: { total: 0, rows: [] },
      } satisfies Dashboard;
    }
    if (url === 'client/pub.getMchInfo')
      return { mchInfo: { name: 'Lotus', currency: 'GBP', timezone: 'Europe/London' } };
    throw new Error(`unexpected call ${url}`);
  };
  return {
    call: async (def: { url: string }) => answer(def.url),
    callQuery: (def: { url: string }, input: unknown) => ({
      queryKey: [def.url, input],
      queryFn: async () => answer(def.url),
    }),
  };
});

beforeAll(() => {
  prepareAntdInJsdom();
  useSession.setState({
    token: 't',
    tokenExpired: Date.now() + 3_600_000,
    user: { role: ['admin'], permission: [] } as never,
  });
});
afterEach(cleanup);

function renderDashboard() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <DashboardPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the dashboard’s takings', { timeout: 30_000 }, () => {
  it('shows today’s and this week’s takings in the studio’s currency, the sparkline and a link to the revenue report', async () => {
    server.takings = {
      today: 4_550,
      this_week: 123_400,
      last_30_days: Array.from({ length: 30 }, (_, i) => ({
        period: `2026-11-${String(i + 1).padStart(2, '0')}`,
        net: i * 100,
      })),
    };
    renderDashboard();
    const today = (await screen.findByText('Takings today')).closest('.ant-statistic') as HTMLElement;
    expect(today.textContent).toBe('Takings today£45.50');
    const week = screen.getByText('Takings this week').closest('.ant-statistic') as HTMLElement;
    expect(week.textContent).toBe('Takings this week£1,234.00');
    expect(screen.getByText('Net sales, last 30 days', { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the revenue report' }).getAttribute('href')).toBe('/reports/revenue');
    expect(await screen.findByRole('img', { name: /Net sales, last 30 days/ })).toBeTruthy();
  });

  it('shows no takings to staff who may not read the reports', async () => {
    server.takings = null;
    renderDashboard();
    await screen.findByText('Classes today');
    expect(screen.queryByText('Takings today')).toBeNull();
    expect(screen.queryByText('Takings this week')).toBeNull();
  });
});
