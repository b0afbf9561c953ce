import type { Roster } from '@studio/contract/reservations';
import type { SessionRecord } from '@studio/contract/schedule';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { prepareAntdInJsdom } from '@/shared/testing/antd-jsdom';
import { AddToRosterButton } from './roster-add';
import { SessionPage } from './session-page';

/** What the page sent, by url. */
const sent = vi.hoisted(() => [] as { url: string; input: Record<string, unknown> }[]);
/** The member's packages that can pay, as the fake server answers them. */
const payable = vi.hoisted(() => ({ rows: [] as unknown[] }));
const held = vi.hoisted(() => ({ roster: null as unknown }));

const STUDIO = { mchInfo: { timezone: 'UTC', currency: 'GBP' }, appInfo: {} };

const session = {
  _id: 'sess1',
  course_id: 'c1',
  course_name: 'Morning Flow',
  teacher_id: 't1',
  teacher_name: 'Tara Teacher',
  room_id: 'r1',
  room_name: 'Studio A',
  starts_at: '2099-01-05T09:00:00.000Z',
  ends_at: '2099-01-05T10:00:00.000Z',
  capacity: 10,
  booked_count: 2,
  seats_left: 8,
  waitlist_count: 0,
  my_status: 'none',
  status: 'scheduled',
  cancel_reason: null,
} as unknown as SessionRecord;

const pkg = (id: string, name: string, left: number, until: string | null) => ({
  _id: id,
  name,
  total_count: 10,
  remaining_count: left,
  status: 'used',
  valid_from: '2098-01-01T00:00:00.000Z',
  valid_until: until,
  course_ids: [],
  created_at: '2098-01-01T00:00:00.000Z',
});

const member = (id: string, nickname: string) => ({ _id: id, nickname, avatar: null });
const roster = {
  session,
  rows: [
    {
      _id: 'res1',
      status: 'registered',
      checked_in_at: null,
      created_at: '2098-12-30T09:00:00.000Z',
      member: member('u1', 'Ada Lovelace'),
      drop_in: null,
    },
    {
      _id: 'res2',
      status: 'registered',
      checked_in_at: null,
      created_at: '2098-12-31T09:00:00.000Z',
      member: member('u2', 'Ben Okafor'),
      drop_in: { amount: 1500, method: 'cash' },
    },
  ],
  waitlist: [],
} as unknown as Roster;

vi.mock('@/shared/api/client', () => {
  const answer = (url: string, input: Record<string, unknown>) => {
    if (url === 'client/pub.getMchInfo') return STUDIO;
    if (url === 'admin/user.getList') {
      const rows = [{ _id: 'u9', nickname: 'Cleo Brandt', username: 'cleo', avatar: null, mobile: '', email: '' }];
      return { rows: String(input.keyword).startsWith('Cle') ? rows : [], total: 1, hasMore: false };
    }
    if (url === 'admin/session.getPayablePackages') return payable;
    if (url === 'admin/session.getRoster') return held.roster;
    sent.push({ url, input });
    if (url === 'admin/reservation.add') return { reservation: {} };
    if (url === 'admin/reservation.cancel') return { reservation: {} };
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

beforeAll(prepareAntdInJsdom);
beforeEach(() => {
  sent.length = 0;
  payable.rows = [];
  held.roster = roster;
});
afterEach(cleanup);

function withProviders(children: React.ReactNode) {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queries.setQueryData(['client/pub.getMchInfo', {}], STUDIO);
  return (
    <QueryClientProvider client={queries}>
      <App>{children}</App>
    </QueryClientProvider>
  );
}

const button = (text: string, inside: ParentNode = document) =>
  [...inside.querySelectorAll('button')].find((b) => b.textContent === text) ?? null;

/** Opens the dialog and picks Cleo Brandt from the member search. */
async function openAndPickCleo(): Promise<HTMLElement> {
  render(withProviders(<AddToRosterButton session={session} />));
  fireEvent.click(button('Add a member')!);
  const dialog = (await screen.findByText('Add a member to Morning Flow')).closest<HTMLElement>('[role="dialog"]')!;
  const search = within(dialog).getByRole('combobox', { name: 'Member' });
  fireEvent.change(search, { target: { value: 'Cleo' } });
  fireEvent.click(await screen.findByText('Cleo Brandt'));
  return dialog;
}

describe('adding a member at the desk', { timeout: 60_000 }, () => {
  it('offers the member’s packages that can pay, the one a booking takes first chosen, and adds them', async () => {
    payable.rows = [pkg('p1', 'Ten classes', 7, '2099-02-01T00:00:00.000Z'), pkg('p2', 'Unlimited month', 3, null)];
    const dialog = await openAndPickCleo();
    // The package a booking would take (expiring first) is chosen; the other is on offer.
    const chosen = await within(dialog).findByText(/^Ten classes · 7 of 10 left · until .*1 Feb 2099$/);
    expect(chosen.closest('.ant-select')).toBeTruthy();
    fireEvent.click(button('Add to the roster', dialog)!);
    await waitFor(() =>
      expect(sent).toEqual([
        {
          url: 'admin/reservation.add',
          input: { session_id: 'sess1', user_id: 'u9', pay: { kind: 'package', package_id: 'p1' } },
        },
      ]),
    );
    expect(await screen.findByText('Member added to the roster')).toBeTruthy();
  });

  it('records a drop-in with its amount and how it was paid when no package can pay', async () => {
    const dialog = await openAndPickCleo();
    expect(
      await within(dialog).findByText(
        "None of this member's packages can pay for this class: record a drop-in paid at the desk.",
      ),
    ).toBeTruthy();
    fireEvent.click(button('Add to the roster', dialog)!);
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(2);
    expect(sent).toEqual([]);
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Amount paid' }), { target: { value: '12.5' } });
    fireEvent.click(within(dialog).getByText('Cash'));
    fireEvent.click(button('Add to the roster', dialog)!);
    await waitFor(() =>
      expect(sent).toEqual([
        {
          url: 'admin/reservation.add',
          input: { session_id: 'sess1', user_id: 'u9', pay: { kind: 'drop_in', amount: 1250, method: 'cash' } },
        },
      ]),
    );
  });
});

describe('removing a member from the roster', { timeout: 60_000 }, () => {
  function openSession() {
    const router = createMemoryRouter([{ path: '/schedule/sessions/:id', Component: SessionPage }], {
      initialEntries: ['/schedule/sessions/sess1'],
    });
    render(withProviders(<RouterProvider router={router} />));
    return screen.findByText('Roster (2)');
  }

  it('says how each paid, and asks before removing, the credit back or the drop-in’s money at the desk', async () => {
    await openSession();
    expect(screen.getByText('A credit')).toBeTruthy();
    expect(screen.getByText('Drop-in · £15.00 · Cash')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Ben Okafor' }));
    const confirm = (await screen.findAllByText('Remove Ben Okafor from the roster?'))[0]!.closest<HTMLElement>(
      '.ant-modal',
    )!;
    expect(within(confirm).getByText(/The drop-in's £15\.00 is not paid back here/)).toBeTruthy();
    fireEvent.click(button('Cancel', confirm)!);
    expect(sent).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Ada Lovelace' }));
    const second = (await screen.findAllByText('Remove Ada Lovelace from the roster?'))[0]!.closest<HTMLElement>(
      '.ant-modal',
    )!;
    expect(within(second).getByText(/gets the credit back and is told/)).toBeTruthy();
    fireEvent.click(button('Remove', second)!);
    await waitFor(() => expect(sent).toEqual([{ url: 'admin/reservation.cancel', input: { _id: 'res1' } }]));
    expect(await screen.findByText('Ada Lovelace removed, credit returned')).toBeTruthy();
  });
});
