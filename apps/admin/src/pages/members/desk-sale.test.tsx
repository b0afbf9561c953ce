import type { AdminUserRow } from '@studio/contract/account';
import type { DeskPackage } from '@studio/contract/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { useSession } from '@/shared/session/session';
import { prepareAntdInJsdom } from '@/shared/testing/antd-jsdom';
import { FeedbackBridge } from '@/shared/ui/feedback-bridge';
import { newSaleRequestId, SellPackageDialog } from './desk-sale';

/** The sales the dialog sent, in order. */
const sales = vi.hoisted(() => [] as Record<string, unknown>[]);

const STUDIO = { mchInfo: { timezone: 'UTC', currency: 'GBP' }, appInfo: {} };
const pass = (over: Partial<DeskPackage>): DeskPackage => ({
  sku_id: 's1',
  goods_id: 'g1',
  goods_name: 'Flow Pass',
  sku_name: '5 classes',
  price: 5500,
  class_count: 5,
  stock: 10,
  ...over,
});
const PACKAGES = [
  pass({}),
  pass({
    sku_id: 's2',
    goods_id: 'g2',
    goods_name: 'Big Pass',
    sku_name: 'Unlimited month',
    price: 18_000,
    class_count: 20,
  }),
  pass({
    sku_id: 's3',
    goods_id: 'g3',
    goods_name: 'Gone Pass',
    sku_name: '1 class',
    price: 1500,
    class_count: 1,
    stock: 0,
  }),
];

// A fake server: the member's wallet holds £60.00; the first sale (from the wallet) is refused as the
// wallet ran short meanwhile, the next answered with its order.
vi.mock('@/shared/api/client', async () => {
  const { ApiError } = await import('@studio/client/api-error');
  const answer = (url: string, input: Record<string, unknown>) => {
    if (url === 'client/pub.getMchInfo') return STUDIO;
    if (url === 'admin/order.getDeskSale') return { packages: PACKAGES, balance: 6000 };
    if (url === 'admin/order.sellPackage') {
      sales.push(input);
      if (sales.length === 1) throw new ApiError('BALANCE_INSUFFICIENT', 'Insufficient balance');
      return { order: { order_no: '20300101000042' } };
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

const MEMBER = { _id: 'u1', nickname: 'Ada Lovelace', username: 'ada' } as AdminUserRow;

beforeAll(prepareAntdInJsdom);
beforeEach(() => {
  sales.length = 0;
  useSession.setState({
    token: 't',
    tokenExpired: Date.now() + 3_600_000,
    user: { role: ['member'], permission: ['orders.desk'] } as never,
  });
});
afterEach(cleanup);

async function openDialog(onClose = () => {}) {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queries.setQueryData(['client/pub.getMchInfo', {}], STUDIO);
  render(
    <QueryClientProvider client={queries}>
      <App>
        <FeedbackBridge />
        <SellPackageDialog user={MEMBER} onClose={onClose} />
      </App>
    </QueryClientProvider>,
  );
  return screen.findByRole('dialog', { name: 'Sell a package to Ada Lovelace' });
}

/** Opens the package select and answers its options' texts, sold-out ones marked. */
async function packageOptions(dialog: HTMLElement) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Package' }));
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(3));
  return [...document.querySelectorAll('.ant-select-item-option')].map(
    (o) => `${o.textContent}${o.classList.contains('ant-select-item-option-disabled') ? ' [disabled]' : ''}`,
  );
}

function choosePackage(name: string) {
  const option = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent?.startsWith(name));
  if (!option) throw new Error(`no package ${name}`);
  fireEvent.click(option);
}

const radio = (dialog: HTMLElement, name: string | RegExp) =>
  within(dialog).getByRole('radio', { name }) as HTMLInputElement;

describe('selling a package at the desk', { timeout: 60_000 }, () => {
  it('offers the packages on sale with their classes and price (sold out ones greyed), and the wallet only when it holds the price', async () => {
    const dialog = await openDialog();
    expect(await packageOptions(dialog)).toEqual([
      'Flow Pass · 5 classes · £55.00',
      'Big Pass · Unlimited month · 20 classes · £180.00',
      'Gone Pass · 1 class · £15.00 (sold out) [disabled]',
    ]);
    expect(radio(dialog, 'Cash')).toBeTruthy();
    expect(radio(dialog, 'Card terminal')).toBeTruthy();
    expect(radio(dialog, 'Wallet (£60.00)').disabled).toBe(false);
    // The wallet is chosen, then a package dearer than it holds: the choice goes, and why is said.
    fireEvent.click(radio(dialog, 'Wallet (£60.00)'));
    choosePackage('Big Pass');
    await waitFor(() => expect(radio(dialog, 'Wallet (£60.00)').disabled).toBe(true));
    expect(radio(dialog, 'Wallet (£60.00)').checked).toBe(false);
    expect(within(dialog).getByText('The wallet holds £60.00: not enough for this package.')).toBeTruthy();
  });

  it('asks for a package and a payment, says what will happen, and sends every try of one sale under one request id', async () => {
    const onClose = vi.fn();
    const dialog = await openDialog(onClose);
    await packageOptions(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sell a package' }));
    await waitFor(() => expect(within(dialog).getAllByText('This field is required')).toHaveLength(2));
    expect(sales).toHaveLength(0);

    choosePackage('Flow Pass');
    fireEvent.click(radio(dialog, 'Wallet (£60.00)'));
    expect(
      await within(dialog).findByText(
        'Ada Lovelace gets Flow Pass · 5 classes at once; £55.00 is recorded as paid by Wallet (£60.00).',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sell a package' }));
    // Refused: the dialog stays, with the server's reason.
    expect(await screen.findByText('Insufficient balance')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(radio(dialog, 'Cash'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sell a package' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Package sold: order 20300101000042')).toBeTruthy();
    expect(sales).toEqual([
      { user_id: 'u1', sku_id: 's1', method: 'balance', request_id: expect.stringMatching(/^[0-9a-f]{32}$/) },
      { user_id: 'u1', sku_id: 's1', method: 'cash', request_id: sales[0]!.request_id },
    ]);
  });

  it('makes a new request id for every sale', () => {
    const ids = new Set(Array.from({ length: 100 }, newSaleRequestId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[\w-]{8,64}$/);
  });
});
