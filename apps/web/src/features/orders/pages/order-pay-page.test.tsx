import type { OrderRecord } from '@studio/contract/orders';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The toast is antd-mobile's own render, which React 19 cannot unmount in a test: it is not what these check.
vi.mock('@/shared/ui/feedback', async (original) => ({
  ...(await original<typeof import('@/shared/ui/feedback')>()),
  showToast: vi.fn(),
}));

import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { useLifeData } from '@/shared/store/life-data';
import { OrderPayPage, preselectPayType } from './order-pay-page';

/** A 5-class pass waiting for payment (only what the pay page reads). */
const unpaid = {
  order_no: '2026112800007',
  status: 0,
  status_name: 'unpaid',
  kind: 'package',
  pay_type: null,
  pay_amount: 6000,
  expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
  timeline: [],
} as unknown as OrderRecord;
const paid = { ...unpaid, status: 6, status_name: 'completed', pay_type: 'balance', expires_at: null } as OrderRecord;

let order: OrderRecord = unpaid;
let wallet = 0;
const sent: { url: string; data: Record<string, unknown> }[] = [];
vi.stubGlobal('scrollTo', () => {});
vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (_input, init) => {
    const { url, data } = JSON.parse(String(init?.body)) as { url: string; data: Record<string, unknown> };
    sent.push({ url, data });
    const ok = (body: object) => new Response(JSON.stringify({ code: 0, msg: 'ok', ...body }));
    if (url === 'client/pub.getMchInfo') {
      const mchInfo = { name: 'Lotus Studio', currency: 'GBP', timezone: 'Europe/London' };
      return ok({ mchInfo: { ...mchInfo, pay_types: ['balance', 'sandbox', 'offline'] }, appInfo: {} });
    }
    if (url === 'client/wallet.getBalance') return ok({ balance: wallet });
    if (url === 'client/order.getInfo') return ok({ orderInfo: order });
    if (url === 'client/order.pay') {
      order = paid;
      return ok({ order: paid, out_trade_no: null, pay_url: null });
    }
    return new Response(JSON.stringify({ code: 'FUNCTION_NOT_FOUND', msg: 'no' }));
  }),
);

beforeEach(() => {
  order = unpaid;
  wallet = 0;
  sent.length = 0;
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
      <MemoryRouter initialEntries={[`/pages/goods/goods-order-pay?order_no=2026112800007${query}`]}>
        <OrderPayPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('the pay page', () => {
  it('never preselects a wallet that holds too little: the first method that can pay is chosen', async () => {
    open();
    const pay = await screen.findByRole('button', { name: 'Pay £60.00' });
    expect(radio(/Wallet balance/).checked).toBe(false);
    expect(radio(/Test card/).checked).toBe(true);
    expect(pay.hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(/Balance insufficient/)).toBeNull();
  });

  it('preselects the wallet when it holds enough', async () => {
    wallet = 10_000;
    open();
    await screen.findByRole('button', { name: 'Pay £60.00' });
    expect(radio(/Wallet balance/).checked).toBe(true);
  });

  it('labels the test card as a test card', async () => {
    open();
    await screen.findByRole('button', { name: 'Pay £60.00' });
    const testCard = radio(/Test card/).closest('li')!;
    expect(testCard.textContent).toContain('Test mode');
    expect(testCard.textContent).toContain('Test card — no real money moves');
  });

  it('once a pass bought from a class page is paid, offers the way back to that class', async () => {
    wallet = 10_000;
    open('&for_session=s42');
    fireEvent.click(await screen.findByRole('button', { name: 'Pay £60.00' }));
    const back = await screen.findByRole('button', { name: 'Back to the class' });
    expect(screen.getByText('Paid')).toBeTruthy();
    expect(sent.find((c) => c.url === 'client/order.pay')?.data).toEqual({
      order_no: '2026112800007',
      pay_type: 'balance',
    });
    expect(back).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View order' })).toBeTruthy();
  });

  it('offers only the order when the purchase did not begin on a class page', async () => {
    order = paid;
    open();
    expect(await screen.findByRole('button', { name: 'View order' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back to the class' })).toBeNull();
  });
});

describe('preselectPayType', () => {
  const all = ['balance', 'sandbox', 'offline'] as const;
  it.each([
    ['the wallet when it can pay', all, ['balance', 'sandbox', 'offline'], 'balance'],
    ['the card when the wallet cannot', all, ['sandbox', 'offline'], 'sandbox'],
    ['the desk when only it can', ['balance', 'offline'] as const, ['offline'], 'offline'],
    ['the first offered when none can (its note says why)', ['balance'] as const, [], 'balance'],
  ])('%s', (_, offered, able, expected) => {
    expect(preselectPayType([...offered], (p) => (able as string[]).includes(p))).toBe(expected);
  });

  it('nothing when the studio offers nothing', () => {
    expect(preselectPayType([], () => true)).toBeNull();
  });
});
