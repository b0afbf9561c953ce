import type { AdminOrderRecord } from '@studio/contract/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { useSession } from '@/shared/session/session';
import { prepareAntdInJsdom } from '@/shared/testing/antd-jsdom';
import { OrderPage } from './order-page';

/** What the page sent to admin/order.markPaid. */
const marks = vi.hoisted(() => [] as Record<string, unknown>[]);
/** The order the fake server holds. */
const held = vi.hoisted(() => ({ order: null as unknown }));

const STUDIO = { mchInfo: { timezone: 'UTC', currency: 'GBP' }, appInfo: {} };

const waiting = {
  _id: '20300101000042',
  order_no: '20300101000042',
  status: 0,
  status_name: 'unpaid',
  kind: 'goods',
  delivery: 'pickup',
  pay_type: 'offline',
  goods_amount: 2400,
  freight_amount: 0,
  coupon_amount: 0,
  points_used: 0,
  points_amount: 0,
  pay_amount: 2400,
  paid_amount: 0,
  refunded_amount: 0,
  refund: null,
  reviewed: false,
  item_count: 2,
  lines: [
    {
      sku_id: 's1',
      goods_id: 'g1',
      goods_type: 0,
      goods_name: 'Cork Block',
      sku_name: 'Natural',
      image: '',
      price: 1200,
      buy_num: 2,
      amount: 2400,
      class_count: null,
      refunded_num: 0,
    },
  ],
  address: null,
  remark: '',
  pickup_code: null,
  express_info: null,
  expires_at: '2030-01-03T09:00:00.000Z',
  created_at: '2030-01-01T09:00:00.000Z',
  paid_at: null,
  shipped_at: null,
  completed_at: null,
  cancelled_at: null,
  cancel_reason: '',
  auto_receive_at: null,
  timeline: [{ status: 0, at: '2030-01-01T09:00:00.000Z', note: '', refund: null }],
  actions: ['cancel'],
  member: { _id: 'u1', nickname: 'Ada Lovelace', mobile: '' },
  desk_payment: null,
  // A cast, not `satisfies`: the order record grows with other work (refunds) while this test holds.
} as unknown as AdminOrderRecord;

// A fake server: markPaid answers the order paid, with who took it and how.
vi.mock('@/shared/api/client', () => {
  const answer = (url: string, input: Record<string, unknown>) => {
    if (url === 'client/pub.getMchInfo') return STUDIO;
    if (url === 'admin/order.getInfo') return { order: held.order };
    if (url === 'admin/order.markPaid') {
      marks.push(input);
      held.order = {
        ...(held.order as object),
        status: 1,
        status_name: 'paid',
        paid_amount: 2400,
        expires_at: null,
        desk_payment: {
          method: input.method,
          taken_by: { _id: 'd1', nickname: 'Fran Frontdesk' },
          at: '2030-01-01T10:30:00.000Z',
        },
      };
      return { order: held.order };
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

beforeAll(prepareAntdInJsdom);
beforeEach(() => {
  marks.length = 0;
  held.order = waiting;
});
afterEach(cleanup);

function openOrder(permission: string[]) {
  useSession.setState({
    token: 't',
    tokenExpired: Date.now() + 3_600_000,
    user: { role: ['member'], permission } as never,
  });
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queries.setQueryData(['client/pub.getMchInfo', {}], STUDIO);
  const router = createMemoryRouter([{ path: '/orders/:no', Component: OrderPage }], {
    initialEntries: [`/orders/${waiting.order_no}`],
  });
  render(
    <QueryClientProvider client={queries}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return screen.findByText(`Order ${waiting.order_no}`);
}

/** A button by its text (role queries over a whole antd page are slow in jsdom). */
const button = (text: string, within: ParentNode = document) =>
  [...within.querySelectorAll('button')].find((b) => b.textContent === text) ?? null;

describe('a payment taken at the desk', { timeout: 60_000 }, () => {
  it('the front desk (orders.desk) marks the order paid, choosing how; running the order is not theirs', async () => {
    await openOrder(['members.manage', 'orders.desk']);
    expect(button('Cancel order')).toBeNull();
    expect(button('Extend deadline')).toBeNull();
    fireEvent.click(button('Mark paid')!);
    const dialog = (await screen.findByText('Mark this order paid?')).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(dialog).getByText(/Only when £24\.00 was received at the desk/)).toBeTruthy();
    // No way is chosen for the staff member: they say which.
    fireEvent.click(button('Mark paid', dialog)!);
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(marks).toHaveLength(0);
    fireEvent.click(within(dialog).getByText('Card terminal'));
    fireEvent.click(button('Mark paid', dialog)!);
    await waitFor(() => expect(marks).toEqual([{ order_no: waiting.order_no, method: 'card_terminal' }]));
    expect(await screen.findByText('Order marked paid')).toBeTruthy();
    // The details say how it was paid and who took it.
    expect(await screen.findByText('Card terminal · taken by Fran Frontdesk, Tue 1 Jan, 10:30')).toBeTruthy();
    expect(screen.getByText('Taken at the desk')).toBeTruthy();
    expect(button('Mark paid')).toBeNull();
  });

  it('orders.manage marks paid too, and also extends or cancels', async () => {
    await openOrder(['orders.manage']);
    expect(button('Mark paid')).toBeTruthy();
    expect(button('Extend deadline')).toBeTruthy();
    expect(button('Cancel order')).toBeTruthy();
  });

  it('staff without desk payments see no Mark paid', async () => {
    await openOrder(['shop.manage']);
    expect(button('Mark paid')).toBeNull();
  });
});
