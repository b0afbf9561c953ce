import type { Dashboard, GoLiveLine } from '@studio/contract/dashboard';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { useSession } from '@/shared/session/session';
import { prepareAntdInJsdom } from '@/shared/testing/antd-jsdom';
import { DashboardPage } from './dashboard-page';

/** What admin/dashboard.get answers in a test. */
const server = vi.hoisted(() => ({ goLive: null as GoLiveLine[] | null }));

// A fake server: the dashboard and the studio's info; nothing else is called.
vi.mock('@/shared/api/client', () => {
  const answer = (url: string) => {
    if (url === 'admin/dashboard.get') {
      return {
        go_live: server.goLive,
        today: [],
        fill_rate: null,
        upcoming_sessions: 0,
        new_members_this_week: 0,
        feedback_pending: 0,
        takings: null,
        expiring: { total: 0, rows: [] },
      } satisfies Dashboard;
    }
    if (url === 'client/pub.getMchInfo') {
      return { mchInfo: { name: 'Lotus', currency: 'GBP', timezone: 'Europe/London', test_mode: true } };
    }
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

const NEW_STUDIO: GoLiveLine[] = [
  { step: 'studio', done: false, missing: ['logo', 'address'] },
  { step: 'payments', done: false },
  { step: 'freight', done: false, count: 3 },
  { step: 'agreements', done: true },
  { step: 'packages', done: true, count: 2 },
  { step: 'timetable', done: false, count: 0 },
];

beforeAll(prepareAntdInJsdom);
beforeEach(() => {
  server.goLive = NEW_STUDIO;
  asStaff({ role: ['admin'], permission: [] });
});
afterEach(cleanup);

function asStaff(user: { role: string[]; permission: string[] }) {
  useSession.setState({ token: 't', tokenExpired: Date.now() + 3_600_000, user: user as never });
}

function renderDashboard() {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queries}>
      <MemoryRouter>
        <App>
          <DashboardPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const lineOf = (list: HTMLElement, title: string) => within(list).getByText(title).closest('li') as HTMLElement;

describe('the go-live checklist', () => {
  it('says for each line whether it is done, what it means, and links to where it is put right', async () => {
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'Before you go live' });
    expect(screen.getByText('2 of 6 done')).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);

    const studio = lineOf(list, 'Studio name, logo and address');
    expect(studio.textContent).toContain('To do');
    expect(studio.textContent).toContain('Still missing: logo, address.');
    expect(studio.textContent).toContain('There is no country setting');
    expect(within(studio).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');

    const payments = lineOf(list, 'Payment methods chosen, test card off');
    expect(payments.textContent).toContain('The test card is on');
    expect(within(payments).getByRole('link', { name: 'Settings → Payments' }).getAttribute('href')).toBe(
      '/settings#payments',
    );

    const freight = lineOf(list, 'Freight rules for goods you deliver');
    expect(freight.textContent).toContain('3 physical items are on sale and there is no freight rule');
    expect(within(freight).getByRole('link', { name: 'Freight rules' }).getAttribute('href')).toBe('/shop/freight');

    const agreements = lineOf(list, 'Agreements');
    expect(agreements.textContent).toContain('Done');
    expect(agreements.textContent).toContain('the back office has no place to write your own');
    expect(within(agreements).getByRole('link', { name: 'Read them' }).getAttribute('href')).toBe(
      '/#/pages/login/agreement',
    );

    const packages = lineOf(list, 'A course package on sale');
    expect(packages.textContent).toContain('Done');
    expect(packages.textContent).toContain('2 course packages on sale.');
    expect(within(packages).getByRole('link', { name: 'Goods' }).getAttribute('href')).toBe('/shop/goods?type=1');

    const timetable = lineOf(list, 'Opening hours: classes on the schedule');
    expect(timetable.textContent).toContain('There is no separate opening-hours setting');
    expect(within(timetable).getByRole('link', { name: 'Schedule' }).getAttribute('href')).toBe('/schedule');
    // Role queries over antd's tree take seconds on a busy machine (about 1 s idle).
  }, 30_000);

  it('is gone once every line is done', async () => {
    server.goLive = null;
    renderDashboard();
    await screen.findByText('Classes today');
    expect(screen.queryByText('Before you go live')).toBeNull();
  });

  it('is not shown to staff who cannot change the settings', async () => {
    asStaff({ role: ['member'], permission: ['classes.manage', 'members.manage'] });
    renderDashboard();
    await screen.findByText('Classes today');
    expect(screen.queryByText('Before you go live')).toBeNull();
  });
});
