import type { OrderRecord, RefundLinesInput } from '@studio/contract/orders';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { useLifeData } from '@/shared/store/life-data';
import { RefundSheet } from './refund-sheet';

/** A paid order of 3 blocks (one already refunded) and 2 straps. */
const line = { goods_id: 'g1', goods_type: 0, goods_name: 'Cork', image: '', class_count: null };
const order = {
  order_no: '2026112800002',
  kind: 'goods',
  lines: [
    { ...line, sku_id: 'block', sku_name: 'Block', price: 1000, buy_num: 3, amount: 3000, refunded_num: 1 },
    { ...line, sku_id: 'strap', sku_name: 'Strap', price: 1500, buy_num: 2, amount: 3000, refunded_num: 0 },
  ],
} as OrderRecord;

/** What the server was asked: each preview's lines, and the application. */
const previews: RefundLinesInput[] = [];
let applied: { lines: RefundLinesInput; reason: string } | null = null;
vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (_input, init) => {
    const { url, data } = JSON.parse(String(init?.body)) as { url: string; data: Record<string, unknown> };
    const ok = (body: object) => new Response(JSON.stringify({ code: 0, msg: 'ok', ...body }));
    if (url === 'client/order.previewRefund') {
      const lines = data.lines as RefundLinesInput;
      previews.push(lines);
      // The server's price (here: £8.83 a block, £13.25 a strap), never the app's.
      const amount = lines.reduce((n, l) => n + l.quantity * (l.sku_id === 'block' ? 883 : 1325), 0);
      return ok({ quote: { lines: [], amount, freight: 0, full: false } });
    }
    if (url === 'client/order.applyRefund') {
      applied = data as typeof applied;
      return ok({ order });
    }
    return ok({ rows: [], total: 0 });
  }),
);

beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
beforeEach(() => {
  previews.length = 0;
  applied = null;
  queryClient.clear();
  useLifeData.setState((s) => ({
    user: { ...s.user, uni_id_token: 'tok', uni_id_token_expired: Date.now() + 3_600_000 },
  }));
});
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

const show = (onClose = () => {}) =>
  render(
    <QueryClientProvider client={queryClient}>
      <RefundSheet order={order} open onClose={onClose} />
    </QueryClientProvider>,
  );
const units = (name: string) => screen.getByRole('group', { name: `How many of Cork · ${name} to refund` });
const amount = () => screen.getByText('Refund').nextElementSibling?.textContent;

// A popup of antd-mobile's pieces and a query per change: on a busy machine the default waits run out (~2.5 s idle).
describe('RefundSheet', { timeout: 20_000 }, () => {
  it('offers what is left of each line; the amount follows the units as the server prices them', async () => {
    show();
    // All that is left, to begin with: 2 blocks (1 already refunded), 2 straps.
    expect(within(units('Block')).getByText('2')).toBeTruthy();
    expect(within(units('Strap')).getByText('2')).toBeTruthy();
    expect(screen.getByText('£10.00 each')).toBeTruthy();
    expect(screen.getByText('1 refunded')).toBeTruthy();
    await waitFor(() => expect(amount()).toBe('£44.16'));
    // No more than is left.
    expect(within(units('Block')).getByRole('button', { name: 'More' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(units('Strap')).getByRole('button', { name: 'Fewer' }));
    fireEvent.click(within(units('Strap')).getByRole('button', { name: 'Fewer' }));
    fireEvent.click(within(units('Block')).getByRole('button', { name: 'Fewer' }));
    await waitFor(() => expect(amount()).toBe('£8.83'));
    expect(previews.at(-1)).toEqual([{ sku_id: 'block', quantity: 1 }]);
  });

  it('sends the chosen units with the reason; nothing chosen, nothing is sent', async () => {
    const onClose = vi.fn();
    show(onClose);
    for (const name of ['Block', 'Strap']) {
      for (let i = 0; i < 2; i++) fireEvent.click(within(units(name)).getByRole('button', { name: 'Fewer' }));
    }
    expect(amount()).toBe('£0.00');
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Too firm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one item to refund');
    expect(applied).toBeNull();

    fireEvent.click(within(units('Strap')).getByRole('button', { name: 'More' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(applied).toMatchObject({ reason: 'Too firm', lines: [{ sku_id: 'strap', quantity: 1 }] });
    // The amount is the server's to work out: the application carries none.
    expect(applied).not.toHaveProperty('amount');
  });
});
