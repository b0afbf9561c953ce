import type { OrderRecord } from '@studio/contract/orders';
import type { RefundRecord } from '@studio/contract/refunds';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { RefundProgress } from './refund-progress';

// Money reads the studio's currency; its info never arrives here, so the default currency is used.
vi.stubGlobal('fetch', () => new Promise(() => {}));
afterEach(cleanup);

const refund: RefundRecord = {
  _id: 'r1',
  status: 'approved',
  reason: 'Wrong size',
  images: [],
  lines: [],
  requested_amount: 1250,
  approved_amount: 1250,
  refuse_reason: '',
  message: '',
  created_at: '2026-11-20T10:00:00.000Z',
  decided_at: '2026-11-21T10:00:00.000Z',
  money: null,
};

const show = (r: Partial<RefundRecord>) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RefundProgress order={{ pay_type: 'stripe', refund: { ...refund, ...r } } as OrderRecord} />
    </QueryClientProvider>,
  );

describe('RefundProgress', () => {
  it('says where the approved money is: on its way, paid back, or refused by the provider', () => {
    show({ money: { status: 'pending', method: 'stripe' } });
    expect(screen.getByText('On its way back to: Card')).toBeTruthy();
    cleanup();
    show({ money: { status: 'succeeded', method: 'stripe' } });
    expect(screen.getByText('Paid back to: Card')).toBeTruthy();
    cleanup();
    show({ money: { status: 'failed', method: 'stripe' } });
    const failed = screen.getByText(/did not go through/);
    expect(failed.textContent).toBe(
      'The refund to Card did not go through. The studio will contact you to return it another way.',
    );
    expect(failed.className).toBe('is-danger');
    // Not "Refunded" while the money is not back.
    expect(screen.getByText('Amount approved').nextElementSibling?.textContent).toBe('£12.50');
    expect(screen.queryByText('Refunded')).toBeNull();
    cleanup();
    // Refused by the card's provider, then paid back by the studio to the wallet.
    show({ money: { status: 'succeeded', method: 'balance' } });
    expect(screen.getByText('Paid back to: Wallet balance')).toBeTruthy();
    expect(screen.getByText('Refunded').nextElementSibling?.textContent).toBe('£12.50');
  });

  it('says nothing of money before staff decide, or after they refuse', () => {
    show({ status: 'pending', approved_amount: null, decided_at: null, money: null });
    expect(screen.queryByText(/back to|go through/)).toBeNull();
    cleanup();
    show({ status: 'refused', approved_amount: null, refuse_reason: 'Used', money: null });
    expect(screen.getByText('Used')).toBeTruthy();
    expect(screen.queryByText(/back to|go through/)).toBeNull();
  });

  it('shows the units sent back and the studio’s message with an approval', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RefundProgress
          order={
            {
              pay_type: 'balance',
              lines: [{ sku_id: 's1', goods_name: 'Cork', sku_name: 'Block' }],
              refund: {
                ...refund,
                lines: [{ sku_id: 's1', quantity: 2, amount: 1766 }],
                message: 'Sorry about the corners',
              },
            } as OrderRecord
          }
        />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Sent back').nextElementSibling?.textContent).toBe('Cork · Block × 2');
    expect(screen.getByText('Message from the studio').nextElementSibling?.textContent).toBe('Sorry about the corners');
  });
});
