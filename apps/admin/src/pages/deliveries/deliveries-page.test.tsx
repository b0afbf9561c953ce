import type { DeliveryRecord } from '@studio/contract/channels';
import { NOTICE_TYPES } from '@studio/contract/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { useSession } from '@/shared/session/session';
import { prepareAntdInJsdom } from '@/shared/testing/antd-jsdom';
import { DeliveriesPage } from './deliveries-page';

/** The calls the page made, in order. */
const calls = vi.hoisted(() => [] as { url: string; input: Record<string, unknown> }[]);

const row = (over: Partial<DeliveryRecord>): DeliveryRecord => ({
  _id: 'd1',
  source: 'notice',
  notice_id: 'n1',
  type: 'sessionCancelled',
  user_id: 'u1',
  user_name: 'Ada',
  channel: 'email',
  target: 'ada@example.com',
  state: 'failed',
  tries: 3,
  last_error: '550 mailbox unavailable',
  next_at: null,
  sent_at: null,
  created_at: '2030-01-01T09:00:00.000Z',
  ...over,
});

/** The fake server's deliveries: a failed e-mail, a sent text, a push waiting for its next try. */
const ROWS = vi.hoisted(() => [] as DeliveryRecord[]);

// A fake server: admin/delivery.getList filters its rows as the server does; admin/delivery.resend
// answers the delivery tried again, or DELIVERY_TARGET_GONE for Bo's text.
vi.mock('@/shared/api/client', async () => {
  const { ApiError } = await import('@studio/client/api-error');
  const answer = (url: string, input: Record<string, unknown>) => {
    calls.push({ url, input });
    if (url === 'client/pub.getMchInfo') return { mchInfo: { timezone: 'UTC', currency: 'GBP' }, appInfo: {} };
    if (url === 'admin/delivery.getList') {
      const rows = ROWS.filter((r) =>
        (['channel', 'state', 'user_id', 'notice_id'] as const).every((k) => !input[k] || r[k] === input[k]),
      );
      return { rows, total: rows.length, hasMore: false };
    }
    if (url === 'admin/delivery.resend') {
      const delivery = ROWS.find((r) => r._id === input._id);
      if (delivery?.user_name === 'Bo') {
        throw new ApiError(400, 'This member can no longer be reached this way', { name: 'DELIVERY_TARGET_GONE' });
      }
      // The nameless member's mail server refuses it again; the others wait for their try.
      if (delivery?._id === 'd4') {
        return { delivery: { ...delivery, state: 'failed', tries: 1, last_error: '421 connection refused' } };
      }
      return { delivery: { ...delivery, state: 'pending', tries: 0 } };
    }
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
  ROWS.push(
    row({}),
    row({
      _id: 'd2',
      notice_id: 'a1',
      source: 'announcement',
      type: 'announcement',
      user_id: 'u2',
      user_name: 'Bo',
      channel: 'sms',
      target: '+447700900123',
      state: 'sent',
      tries: 1,
      last_error: null,
      sent_at: '2030-01-01T09:01:00.000Z',
    }),
    row({
      _id: 'd3',
      notice_id: 'n3',
      type: 'classReminder',
      user_id: 'u3',
      user_name: 'Cy',
      channel: 'push',
      target: 'fcm.googleapis.com',
      state: 'pending',
      tries: 1,
      next_at: '2030-01-01T09:05:00.000Z',
    }),
    // A member who never gave a name (an e-mail log-in): known by their address.
    row({
      _id: 'd4',
      notice_id: 'n4',
      type: 'orderPaid',
      user_id: 'u4',
      user_name: '',
      target: 'no.name@example.com',
      state: 'sent',
      last_error: null,
    }),
  );
});
beforeEach(() => {
  calls.length = 0;
  useSession.setState({
    token: 't',
    tokenExpired: Date.now() + 3_600_000,
    user: { role: ['admin'], permission: [] } as never,
  });
});
afterEach(cleanup);

/** Opens the log at `url`; answers the router, to read the URL the page keeps its view in. */
function openLog(url = '/deliveries') {
  const router = createMemoryRouter([{ path: '/deliveries', Component: DeliveriesPage }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return router;
}

const listCalls = () => calls.filter((c) => c.url === 'admin/delivery.getList').map((c) => c.input);
/** The table row showing `text` (by text: role queries over a whole antd table are slow in jsdom). */
async function rowOf(text: string): Promise<HTMLElement> {
  const row = (await screen.findByText(text)).closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

/** Picks `option` in the filter select named `label` (antd opens its list on mouse down). */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = document.querySelector(`.ant-select-item-option[title="${option}"]`);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

describe('the delivery log', { timeout: 30_000 }, () => {
  it('names every notice type in every language', () => {
    for (const lng of ['en', 'zh-Hans', 'zh-Hant']) {
      for (const type of [...NOTICE_TYPES, 'announcement']) {
        expect(i18n.exists(`deliveries:types.${type}`, { lng }), `${lng} ${type}`).toBe(true);
      }
    }
  });

  it('lists the deliveries with their time, member, type, channel and address, state and tries, last error, and when sent or tried next', async () => {
    openLog();
    const failed = await rowOf('ada@example.com');
    const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells(failed)).toEqual([
      '2030-01-01 09:00',
      'Ada',
      'Class cancelled',
      'E-mailada@example.com',
      'Failed3 tries',
      '550 mailbox unavailable',
      'Send again',
    ]);
    const sent = await rowOf('+447700900123');
    expect(cells(sent)).toEqual([
      '2030-01-01 09:00Sent 2030-01-01 09:01',
      'Bo',
      'Announcement',
      'Text message+447700900123',
      'Sent1 try',
      '—',
      'Send again',
    ]);
    // A failed or sent delivery can be sent again; one waiting for its next try (after an error) cannot.
    const waiting = await rowOf('fcm.googleapis.com');
    expect(cells(waiting)).toEqual([
      '2030-01-01 09:00Next try 2030-01-01 09:05',
      'Cy',
      'Class reminder',
      'Web Pushfcm.googleapis.com',
      'Waiting1 try',
      '550 mailbox unavailable',
      '',
    ]);
    expect(within(waiting).queryByRole('button', { name: /^Send again/ })).toBeNull();
    expect(within(failed).getByRole('button', { name: 'Send again: Class cancelled to Ada by E-mail' })).toBeTruthy();
  });

  it('names a member without a name by the address it went to', async () => {
    openLog();
    const [cell] = await screen.findAllByText('no.name@example.com');
    const nameless = cell?.closest('tr') as HTMLElement;
    expect(within(nameless).getByRole('link', { name: 'no.name@example.com' }).getAttribute('href')).toBe(
      '/members/u4',
    );
    expect(
      within(nameless).getByRole('button', { name: 'Send again: Order paid to no.name@example.com by E-mail' }),
    ).toBeTruthy();
  });

  it('sends the filters of the URL and of the selects to the call, and keeps them in the URL', async () => {
    const router = openLog('/deliveries?user_id=u1');
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ pageIndex: 1, pageSize: 20, user_id: 'u1' }));
    // The member's filter names them once their rows are in.
    expect(await screen.findByRole('button', { name: 'Remove the filter Member: Ada' })).toBeTruthy();

    await choose('Channel', 'E-mail');
    await waitFor(() =>
      expect(listCalls().at(-1)).toEqual({ pageIndex: 1, pageSize: 20, user_id: 'u1', channel: 'email' }),
    );
    await choose('State', 'Failed');
    await waitFor(() =>
      expect(listCalls().at(-1)).toEqual({
        pageIndex: 1,
        pageSize: 20,
        user_id: 'u1',
        channel: 'email',
        state: 'failed',
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      user_id: 'u1',
      channel: 'email',
      state: 'failed',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Remove the filter Member: Ada' }));
    await waitFor(() =>
      expect(listCalls().at(-1)).toEqual({ pageIndex: 1, pageSize: 20, channel: 'email', state: 'failed' }),
    );
  });

  it('narrows the log to one notice from its row', async () => {
    openLog();
    const sent = await rowOf('+447700900123');
    fireEvent.click(within(sent).getByRole('button', { name: 'Only deliveries of this Announcement' }));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ pageIndex: 1, pageSize: 20, notice_id: 'a1' }));
    expect(await screen.findByRole('button', { name: 'Remove the filter Notice: Announcement' })).toBeTruthy();
  });

  it('sends again after a confirmation naming the member and address, then refreshes the list', async () => {
    openLog();
    const failed = await rowOf('ada@example.com');
    fireEvent.click(within(failed).getByRole('button', { name: /^Send again/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Send “Class cancelled” to Ada again?');
    expect(dialog.textContent).toContain('ada@example.com');
    const listed = listCalls().length;
    expect(calls.some((c) => c.url === 'admin/delivery.resend')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === 'admin/delivery.resend')).toEqual([
        { url: 'admin/delivery.resend', input: { _id: 'd1' } },
      ]),
    );
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(listed));
    expect(await screen.findByText('Sending again')).toBeTruthy();
  });

  it('a text costs money, says the confirmation; the server’s refusal is shown in its words', async () => {
    openLog();
    const sent = await rowOf('+447700900123');
    fireEvent.click(within(sent).getByRole('button', { name: /^Send again/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('A text message costs money.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('This member can no longer be reached this way')).toBeTruthy();
    expect(screen.getAllByText('Could not send it again').length).toBeGreaterThan(0);
  });

  it('a delivery that fails again at once says so, with why', async () => {
    openLog();
    const [cell] = await screen.findAllByText('no.name@example.com');
    fireEvent.click(within(cell?.closest('tr') as HTMLElement).getByRole('button', { name: /^Send again/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('421 connection refused')).toBeTruthy();
    expect(screen.getAllByText('Tried again, and it failed again').length).toBeGreaterThan(0);
  });
});
