import type { AdminOrderRecord } from '@studio/contract/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { useSession } from '@/shared/session/session';
import { prepareAntdInJsdom } from '@/shared/testing/antd-jsdom';
import { OrderPage } from '../orders/order-page';

/** What the page sent to admin/order.approveRefund. */
const approvals = vi.hoisted(() => [] as Record<string, unknown>[]);
/** The order the fake server holds. */
const held = vi.hoisted(() => ({ order: null as unknown }));

const STUDIO = { mchInfo: { timezone: 'UTC', currency: 'GBP' }, appInfo: {} };

const line = { goods_id: 'g1', goods_type: 0, goods_name: 'Cork', image: '', class_count: null };
/** 3 blocks, one refunded already (£8.83 to the wallet); the member now sends back one more. */
const waiting = {
  _id: '20300101000077',
  order_no: '20300101000077',
  status: -2,
  status_name: 'refund_requested',
  kind: 'goods',
  delivery: 'pickup',
  pay_type: 'balance',
  goods_amount: 3000,
  freight_amount: 0,
  coupon_amount: 350,
  points_used: 0,
  points_amount: 0,
  pay_amount: 2650,
  paid_amount: 2650,
  refunded_amount: 883,
  refund: {
    _id: 'r2',
    status: 'pending',
    reason: 'Too firm',
    images: [],
    lines: [{ sku_id: 'block', quantity: 1, amount: 883 }],
    requested_amount: 883,
    approved_amount: null,
    refuse_reason: '',
    message: '',
    created_at: '2030-01-02T09:00:00.000Z',
    decided_at: null,
    money: null,
  },
  reviewed: false,
  item_count: 3,
  lines: [{ ...line, sku_id: 'block', sku_name: 'Block', price: 1000, buy_num: 3, amount: 3000, refunded_num: 1 }],
  address: null,
  remark: '',
  pickup_code: null,
  express_info: null,
  expires_at: null,
  created_at: '2030-01-01T09:00:00.000Z',
  paid_at: '2030-01-01T09:01:00.000Z',
  shipped_at: null,
  completed_at: null,
  cancelled_at: null,
  cancel_reason: '',
  auto_receive_at: null,
  timeline: [
    { status: 0, at: '2030-01-01T09:00:00.000Z', note: '', refund: null },
    { status: 1, at: '2030-01-01T09:01:00.000Z', note: '', refund: null },
    { status: -2, at: '2030-01-01T12:00:00.000Z', note: 'Scuffed', refund: null },
    {
      status: 1,
      at: '2030-01-01T15:00:00.000Z',
      note: 'refund 8.83',
      refund: { outcome: 'approved', amount: 883, to: 'wallet' },
    },
    { status: -2, at: '2030-01-02T09:00:00.000Z', note: 'Too firm', refund: null },
  ],
  actions: ['cancel_refund', 'refund_details'],
  member: { _id: 'u1', nickname: 'Ada Lovelace', mobile: '' },
  desk_payment: null,
} as unknown as AdminOrderRecord;

// A fake server: approving answers the order back at Paid, with the refund approved and its message.
vi.mock('@/shared/api/client', () => {
  const answer = (url: string, input: Record<string, unknown>) => {
    if (url === 'client/pub.getMchInfo') return STUDIO;
    if (url === 'admin/order.getInfo') return { order: held.order };
    if (url === 'admin/order.approveRefund') {
      approvals.push(input);
      const order = held.order as AdminOrderRecord;
      held.order = {
        ...order,
        status: 1,
        status_name: 'paid',
        refunded_amount: 1766,
        lines: [{ ...order.lines[0], refunded_num: 2 }],
        refund: { ...order.refund, status: 'approved', approved_amount: 883, message: input.message },
        timeline: [
          ...order.timeline,
          {
            status: 1,
            at: '2030-01-02T10:00:00.000Z',
            note: '',
            refund: { outcome: 'approved', amount: 883, to: 'wallet' },
          },
        ],
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
  approvals.length = 0;
  held.order = waiting;
});
afterEach(cleanup);

function openOrder() {
  useSession.setState({
    token: 't',
    tokenExpired: Date.now() + 3_600_000,
    user: { role: ['member'], permission: ['orders.manage', 'refunds.manage'] } as never,
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
const button = (text: string, inside: ParentNode = document) =>
  [...inside.querySelectorAll('button')].find((b) => b.textContent === text) ?? null;
const history = () => [...document.querySelectorAll('.ant-timeline-item-content strong')].map((e) => e.textContent);

describe('approving a refund of chosen units', { timeout: 60_000 }, () => {
  it('shows the units and their amount, sends staff’s message, and the history keeps each refund', async () => {
    await openOrder();
    // The history keeps the first refund, not just "Paid" again; lines say what was refunded.
    expect(history()).toEqual([
      'Awaiting payment',
      'Paid',
      'Refund requested',
      'Refunded £8.83 to wallet',
      'Refund requested',
    ]);
    expect(screen.getByText('3 (1 refunded)')).toBeTruthy();

    fireEvent.click(button('Approve')!);
    const dialog = (await screen.findByText(`Approve the refund of ${waiting.order_no}`)).closest<HTMLElement>(
      '[role="dialog"]',
    )!;
    expect(within(dialog).getByText('Cork · Block × 1')).toBeTruthy();
    expect(within(dialog).getByText('£8.83')).toBeTruthy();
    // One of the two blocks left: the member keeps the other.
    expect(within(dialog).getByText(/The rest of the order stays with the member/)).toBeTruthy();
    expect(within(dialog).getByLabelText('Amount to refund')).toHaveProperty('value', '8.83');
    fireEvent.change(within(dialog).getByLabelText('Message to the member'), {
      target: { value: '  Sorry it was too firm  ' },
    });
    fireEvent.click(button('Approve', dialog)!);
    // The units' amount is the server's: staff send only what they change, and their message.
    await waitFor(() => expect(approvals).toEqual([{ order_no: waiting.order_no, message: 'Sorry it was too firm' }]));
    expect(await screen.findByText('Message: Sorry it was too firm')).toBeTruthy();
    await waitFor(() => expect(history().at(-1)).toBe('Refunded £8.83 to wallet'));
    expect(screen.getByText('3 (2 refunded)')).toBeTruthy();
  });
});
