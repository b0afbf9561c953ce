import type { ClassesReport, LiabilitiesReport, RevenueReport, SalesReport } from '@studio/contract/reports';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { useSession } from '@/shared/session/session';
import { prepareAntdInJsdom } from '@/shared/testing/antd-jsdom';
import { changeOf, presetRange, readReportQuery } from './report-range';
import { ReportsPage } from './reports-page';

/** The calls the page made, in order, and the files it saved. */
const calls = vi.hoisted(() => [] as { url: string; input: Record<string, unknown> }[]);
const saved = vi.hoisted(() => [] as { filename: string; csv: string }[]);

const totals = (over: Partial<RevenueReport['total']> = {}): RevenueReport['total'] => ({
  taken: 0,
  refunded: 0,
  net: 0,
  orders: 0,
  average_order: 0,
  by_method: {},
  by_kind: { packages: 0, goods: 0, freight: 0 },
  top_ups: 0,
  wallet_adjustments: 0,
  ...over,
});
const server = vi.hoisted(() => ({ revenue: null as RevenueReport | null }));
const REVENUE: RevenueReport = {
  series: [
    {
      period: '2026-11-23',
      taken: 10_000,
      refunded: 0,
      net: 10_000,
      orders: 2,
      by_method: { stripe: 6_000, balance: 4_000 },
      by_kind: { packages: 8_000, goods: 2_000, freight: 0 },
    },
    {
      period: '2026-11-24',
      taken: 7_000,
      refunded: 2_000,
      net: 5_000,
      orders: 1,
      by_method: { stripe: 5_000 },
      by_kind: { packages: 5_000, goods: 0, freight: 0 },
    },
  ],
  total: totals({
    taken: 17_000,
    refunded: 2_000,
    net: 15_000,
    orders: 3,
    average_order: 5_667,
    by_method: { stripe: 11_000, balance: 4_000 },
    by_kind: { packages: 13_000, goods: 2_000, freight: 0 },
    top_ups: 5_000,
    wallet_adjustments: -500,
  }),
  previous: totals({ taken: 10_000, net: 10_000, orders: 4, average_order: 2_500, top_ups: 0 }),
};
const stats = {
  sessions: 0,
  seats: 0,
  booked: 0,
  fill_rate: null,
  check_ins: 0,
  no_shows: 0,
  late_cancels: 0,
  waitlisted: 0,
};
const SALES: SalesReport = {
  items: [{ _id: 'g1', kind: 'goods', name: 'Yoga mat', units: 3, revenue: 9_000 }],
  skus: [{ _id: 's1', goods_id: 'g1', name: 'Yoga mat', spec: 'Blue', units: 3, revenue: 9_000 }],
  coupons: [{ _id: 'c1', name: 'Welcome', used: 2, cost: 1_000 }],
  total: { units: 3, revenue: 9_000, coupons_used: 2, coupons_cost: 1_000, points_redeemed: 100, points_value: 100 },
  previous: { units: 1, revenue: 3_000, coupons_used: 0, coupons_cost: 0, points_redeemed: 0, points_value: 0 },
};
const CLASSES: ClassesReport = {
  total: { ...stats, sessions: 4, seats: 40, booked: 30, fill_rate: 0.75, check_ins: 25, no_shows: 5 },
  previous: { ...stats, sessions: 4, seats: 40, booked: 20, fill_rate: 0.5, check_ins: 20, no_shows: 4 },
  by_course: [{ ...stats, _id: 'co1', name: 'Flow', sessions: 4, seats: 40, booked: 30, fill_rate: 0.75 }],
  by_teacher: [{ ...stats, _id: 't1', name: 'Mia', sessions: 4, seats: 40, booked: 30, fill_rate: 0.75 }],
  heatmap: [{ ...stats, weekday: 0, hour: 18, sessions: 4, seats: 40, booked: 30, fill_rate: 0.75 }],
};
const LIABILITIES: LiabilitiesReport = {
  unused_credits: 42,
  unused_credits_value: 31_500,
  wallet_balances: 12_345,
  points_outstanding: 900,
  expiring_30d: { packages: 3, credits: 7, value: 5_250 },
  at: '2026-11-24T20:00:00.000Z',
};

vi.mock('@/shared/ui/download', () => ({
  downloadCsv: (filename: string, csv: string) => saved.push({ filename, csv }),
}));

// A fake server: the studio is in Shanghai (UTC+8); each report answers its fixture.
vi.mock('@/shared/api/client', () => {
  const answer = (url: string, input: Record<string, unknown>) => {
    calls.push({ url, input });
    if (url === 'client/pub.getMchInfo') {
      return { mchInfo: { name: 'Lotus', currency: 'GBP', timezone: 'Asia/Shanghai' }, appInfo: {} };
    }
    if (url === 'admin/report.revenue') return server.revenue;
    if (url === 'admin/report.sales') return SALES;
    if (url === 'admin/report.classes') return CLASSES;
    if (url === 'admin/report.liabilities') return LIABILITIES;
    if (url.endsWith('.csv')) return { filename: `${url.slice(13, -4)}.csv`, csv: 'period,net\n' };
    throw new Error(`unexpected call ${url}`);
  };
  return {
    call: async (def: { url: string }, input: Record<string, unknown>) => answer(def.url, input),
    callQuery: (def: { url: string }, input: Record<string, unknown>) => ({
      queryKey: [def.url, input],
      queryFn: async () => answer(def.url, input),
    }),
  };
});

beforeAll(() => {
  prepareAntdInJsdom();
  // 20:00 UTC on Tuesday 24 November is already Wednesday the 25th in the studio's Shanghai.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T20:00:00Z'));
});
afterAll(() => {
  vi.useRealTimers();
});
beforeEach(() => {
  calls.length = 0;
  saved.length = 0;
  server.revenue = REVENUE;
  useSession.setState({
    token: 't',
    tokenExpired: Date.now() + 3_600_000,
    user: { role: ['admin'], permission: [] } as never,
  });
});
afterEach(cleanup);

function openReports(url = '/reports') {
  const router = createMemoryRouter(
    [
      { path: '/reports', Component: ReportsPage },
      { path: '/reports/:tab', Component: ReportsPage },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return router;
}
const inputsOf = (url: string) => calls.filter((c) => c.url === url).map((c) => c.input);
const params = (router: ReturnType<typeof openReports>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));
const figure = (name: string) => screen.getByRole('group', { name });
/** An element's text with its runs of spaces made one. */
const textOf = (element: Element) => element.textContent?.replace(/\s+/g, ' ');

describe('report ranges', () => {
  it('run from the Monday, 29 days back, or the 1st, to the studio’s today', () => {
    // Wednesday 25 November 2026.
    expect(presetRange('this_week', '2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-11-25' });
    expect(presetRange('this_week', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(presetRange('this_week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetRange('last_30_days', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(presetRange('this_month', '2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-25' });
  });

  it('read a custom range from the URL, and fall back to the last 30 days for one out of order or too long', () => {
    const read = (search: string) => readReportQuery(new URLSearchParams(search), '2026-11-25');
    expect(read('range=custom&from=2026-01-01&to=2026-01-31&interval=week')).toEqual({
      preset: 'custom',
      range: { from: '2026-01-01', to: '2026-01-31' },
      previous: { from: '2025-12-01', to: '2025-12-31' },
      interval: 'week',
    });
    const fallback = { preset: 'last_30_days', range: { from: '2026-10-27', to: '2026-11-25' } };
    expect(read('range=custom&from=2026-02-01&to=2026-01-31')).toMatchObject(fallback);
    expect(read('range=custom&from=2020-01-01&to=2026-01-31')).toMatchObject(fallback);
    expect(read('range=custom&from=yesterday&to=2026-01-31')).toMatchObject(fallback);
    expect(read('range=next_year&interval=hour')).toMatchObject({ ...fallback, interval: 'day' });
  });

  it('compare with the previous period as a share of it, none when it was nothing', () => {
    expect(changeOf(150, 100)).toBe(0.5);
    expect(changeOf(50, 100)).toBe(-0.5);
    expect(changeOf(-50, -100)).toBe(0.5);
    expect(changeOf(10, 0)).toBeNull();
  });
});

describe('the reports page', { timeout: 30_000 }, () => {
  it('reads the range of the preset in the studio’s timezone, and keeps the preset in the URL', async () => {
    const router = openReports('/reports/revenue?range=this_week');
    await waitFor(() =>
      expect(inputsOf('admin/report.revenue').at(-1)).toEqual({
        from: '2026-11-23',
        to: '2026-11-25',
        interval: 'day',
      }),
    );
    fireEvent.click(screen.getByText('This month'));
    await waitFor(() =>
      expect(inputsOf('admin/report.revenue').at(-1)).toEqual({
        from: '2026-11-01',
        to: '2026-11-25',
        interval: 'day',
      }),
    );
    expect(params(router)).toEqual({ range: 'this_month' });
    fireEvent.click(screen.getByText('Last 30 days'));
    await waitFor(() =>
      expect(inputsOf('admin/report.revenue').at(-1)).toEqual({
        from: '2026-10-27',
        to: '2026-11-25',
        interval: 'day',
      }),
    );
    // Custom keeps the dates on screen and writes them into the URL.
    fireEvent.click(screen.getByText('Custom'));
    await waitFor(() => expect(params(router)).toEqual({ range: 'custom', from: '2026-10-27', to: '2026-11-25' }));
    fireEvent.click(screen.getByText('Week'));
    await waitFor(() =>
      expect(inputsOf('admin/report.revenue').at(-1)).toEqual({
        from: '2026-10-27',
        to: '2026-11-25',
        interval: 'week',
      }),
    );
    expect(params(router)).toEqual({ range: 'custom', from: '2026-10-27', to: '2026-11-25', interval: 'week' });
  });

  it('opens a custom range from the URL', async () => {
    openReports('/reports/sales?range=custom&from=2026-01-01&to=2026-01-31');
    await waitFor(() =>
      expect(inputsOf('admin/report.sales').at(-1)).toEqual({ from: '2026-01-01', to: '2026-01-31' }),
    );
    expect((screen.getByPlaceholderText('Start date') as HTMLInputElement).value).toBe('2026-01-01');
  });

  it('shows each revenue figure beside the previous period’s, with the change in per cent', async () => {
    openReports('/reports/revenue');
    await screen.findByRole('group', { name: 'Net sales' });
    expect(textOf(figure('Net sales'))).toBe('Net sales£150.00Previous period: £100.00 · +50%');
    expect(textOf(figure('Orders paid'))).toBe('Orders paid3Previous period: 4 · −25%');
    expect(figure('Average order').textContent).toContain('£56.67');
    // Nothing refunded before: no percentage to give.
    expect(textOf(figure('Refunded'))).toBe('Refunded£20.00Previous period: £0.00 · no earlier figure');
    // Top-ups and staff adjustments stand apart from sales.
    expect(figure('Wallet top-ups').textContent).toContain('£50.00');
    expect(figure('Staff wallet adjustments').textContent).toContain('-£5.00');
    // The table below the chart: a row per period, the split by kind, and the totals.
    const table = screen.getByRole('table', { name: 'Net sales by period' });
    const rows = [...table.querySelectorAll('tr')].map((tr) =>
      [...tr.querySelectorAll('td,th')].map((c) => c.textContent),
    );
    expect(rows).toContainEqual(['23 Nov 2026', '£100.00', '£0.00', '£100.00', '2', '£80.00', '£20.00', '£0.00']);
    expect(rows).toContainEqual(['Total', '£170.00', '£20.00', '£150.00', '3', '£130.00', '£20.00', '£0.00']);
    // Split by payment method instead.
    fireEvent.click(screen.getByText('Payment method'));
    await waitFor(() => {
      const split = screen.getByRole('table', { name: 'Net sales by period' });
      expect([...split.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
        'Period',
        'Taken',
        'Refunded',
        'Net sales',
        'Orders paid',
        "Member's wallet",
        'Card (Stripe)',
      ]);
    });
  });

  it('says so when the range has no sales', async () => {
    server.revenue = { series: [], total: totals(), previous: totals() };
    openReports('/reports/revenue');
    expect(await screen.findByText('Nothing in this period')).toBeTruthy();
  });

  it('exports the report through its CSV call with the range on screen, and saves the file', async () => {
    openReports('/reports/revenue?range=this_week&interval=month');
    await screen.findByRole('group', { name: 'Net sales' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV: Revenue' }));
    await waitFor(() => expect(saved).toEqual([{ filename: 'revenue.csv', csv: 'period,net\n' }]));
    expect(inputsOf('admin/report.revenue.csv')).toEqual([{ from: '2026-11-23', to: '2026-11-25', interval: 'month' }]);

    cleanup();
    openReports('/reports/liabilities');
    await screen.findByRole('group', { name: 'Unused class credits' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV: What the studio owes' }));
    await waitFor(() => expect(saved.at(-1)).toEqual({ filename: 'liabilities.csv', csv: 'period,net\n' }));
    expect(inputsOf('admin/report.liabilities.csv')).toEqual([{}]);
  });

  it('opens another report on its tab with the same range', async () => {
    const router = openReports('/reports/revenue?range=this_week');
    await screen.findByRole('group', { name: 'Net sales' });
    fireEvent.click(screen.getByRole('tab', { name: 'Sales' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports/sales'));
    await waitFor(() =>
      expect(inputsOf('admin/report.sales').at(-1)).toEqual({ from: '2026-11-23', to: '2026-11-25' }),
    );
    expect(textOf(await screen.findByRole('group', { name: 'Sales revenue' }))).toBe(
      'Sales revenue£90.00Previous period: £30.00 · +200%',
    );
    expect(screen.getByRole('table', { name: 'Coupons' }).textContent).toContain('Welcome2£10.00');
  });

  it('draws the classes’ heat map with a cell per weekday and hour that has classes', async () => {
    openReports('/reports/classes');
    const map = await screen.findByRole('table', { name: 'When classes fill (weekday × start time)' });
    const monday = within(map).getByRole('rowheader', { name: 'Mon' }).closest('tr') as HTMLElement;
    expect(within(monday).getByText('75%')).toBeTruthy();
    expect(textOf(figure('Fill rate'))).toBe('Fill rate75%Previous period: 50% · +50%30 of 40 places');
    // More check-ins is good news, more no-shows bad: green and red.
    const colourOf = (name: string) => (within(figure(name)).getByTestId('change') as HTMLElement).style.color;
    expect(textOf(figure('Check-ins'))).toBe('Check-ins25Previous period: 20 · +25%');
    expect(colourOf('Check-ins')).toBe('rgb(35, 120, 4)');
    expect(textOf(figure('No-shows'))).toBe('No-shows5Previous period: 4 · +25%');
    // (antd's own red: the test renders without the studio's theme, whose red is deeper)
    expect(colourOf('No-shows')).toBe('rgb(255, 77, 79)');
  });

  it('lists what the studio owes, without a range', async () => {
    openReports('/reports/liabilities');
    await screen.findByRole('group', { name: 'Unused class credits' });
    expect(screen.queryByText('This week')).toBeNull();
    expect(figure('Unused class credits').textContent).toContain('42');
    expect(figure('Value of unused credits').textContent).toContain('£315.00');
    expect(figure('Wallet balances').textContent).toContain('£123.45');
    expect(figure('Points outstanding').textContent).toContain('900');
    expect(figure('Packages ending in 30 days').textContent).toContain('7 credits left on them, worth £52.50');
  });

  it('names its tabs and the permission in every language', () => {
    for (const lng of ['en', 'zh-Hans', 'zh-Hant']) {
      for (const key of ['reports:tabs.liabilities', 'common:menu.reports', 'members:permissions.reports.view']) {
        expect(i18n.exists(key, { lng }), `${lng} ${key}`).toBe(true);
      }
    }
  });
});
