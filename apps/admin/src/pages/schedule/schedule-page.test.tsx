import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { Component } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { useSession } from '@/shared/session/session';
import { prepareAntdInJsdom } from '@/shared/testing/antd-jsdom';
import { SchedulePage } from './schedule-page';

/** The calls the page made, in order. */
const calls = vi.hoisted(() => [] as { url: string; input: Record<string, unknown> }[]);

vi.mock('@/shared/api/client', () => {
  const list = (rows: object[]) => ({ rows, total: rows.length, hasMore: false });
  const answer = (url: string, input: Record<string, unknown>) => {
    calls.push({ url, input });
    if (url === 'client/pub.getMchInfo')
      return { mchInfo: { timezone: 'Europe/London', currency: 'GBP' }, appInfo: {} };
    if (url === 'admin/course.getList') return list([{ _id: 'c1', name: 'Morning Flow', duration_min: 60 }]);
    if (url === 'admin/teacher.getList') return list([{ _id: 't1', name: 'Iris' }]);
    if (url === 'admin/room.getList') return list([{ _id: 'r1', name: 'Garden Room', capacity: 12 }]);
    if (url === 'admin/session.getCalendar') return list([]);
    if (url === 'admin/session.create') return { session: { _id: 's1', starts_at: input.starts_at } };
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

/** The time grid, as far as this test needs it: a range picked on it (Wednesday of next week, 09:00–10:00). */
const calendar = vi.hoisted(() => ({ shownDate: '' }));
vi.mock('@fullcalendar/react', () => ({
  default: class FullCalendar extends Component<{
    initialDate: string;
    select: (info: { start: Date; end: Date }) => void;
  }> {
    getApi() {
      return { gotoDate: (date: string) => (calendar.shownDate = date) };
    }
    override render() {
      const pick = () =>
        this.props.select({ start: new Date('2030-01-16T09:00:00Z'), end: new Date('2030-01-16T10:00:00Z') });
      return (
        <button type="button" onClick={pick}>
          Pick Wednesday 16 January, 09:00
        </button>
      );
    }
  },
}));
vi.mock('@fullcalendar/interaction', () => ({ default: {} }));
vi.mock('@fullcalendar/timegrid', () => ({ default: {} }));

beforeAll(prepareAntdInJsdom);
beforeEach(() => {
  calls.length = 0;
  calendar.shownDate = '';
  useSession.setState({
    token: 't',
    tokenExpired: Date.now() + 3_600_000,
    user: { role: ['admin'], permission: [] } as never,
  });
});
afterEach(cleanup);

function openSchedule(url: string) {
  const router = createMemoryRouter([{ path: '/schedule', Component: SchedulePage }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return router;
}

/** Picks an option of one of the drawer's searchable selects. */
async function choose(drawer: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(drawer).getByLabelText(label));
  fireEvent.click(await screen.findByTitle(option));
}

describe('the schedule', { timeout: 60_000 }, () => {
  it('shows the week of a class just scheduled for next week, and keeps it in the URL', async () => {
    const router = openSchedule('/schedule?week=2030-01-07');
    fireEvent.click(await screen.findByRole('button', { name: 'Pick Wednesday 16 January, 09:00' }));
    const drawer = await screen.findByRole('dialog');
    await choose(drawer, 'Course', 'Morning Flow');
    await choose(drawer, 'Teacher', 'Iris');
    await choose(drawer, 'Room', 'Garden Room (12 places)');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.search).toBe('?week=2030-01-14'));
    const created = calls.find((c) => c.url === 'admin/session.create');
    expect(created?.input).toMatchObject({ starts_at: '2030-01-16T09:00:00.000Z' });
    // The calendar moved to that week and its sessions were asked for.
    await waitFor(() => expect(calendar.shownDate).toBe('2030-01-14'));
    expect(calls.some((c) => c.url === 'admin/session.getCalendar' && c.input.from === '2030-01-14')).toBe(true);
  });
});
