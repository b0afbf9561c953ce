import type { OrderRecord } from '@studio/contract/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/i18n/i18n';
import { OrderTimeline } from './order-timeline';

// Money reads the studio's currency; its info never arrives here, so the default currency is used.
vi.stubGlobal('fetch', () => new Promise(() => {}));
afterEach(async () => {
  cleanup();
  await setLocale('en');
});

const at = (minute: number) => `2026-11-28T10:${String(minute).padStart(2, '0')}:00.000Z`;
const step = (status: number, minute: number, refund: OrderRecord['timeline'][number]['refund'] = null) => ({
  status,
  at: at(minute),
  note: '',
  refund,
});

const show = (timeline: OrderRecord['timeline']) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OrderTimeline order={{ delivery: 'express', timeline } as OrderRecord} />
    </QueryClientProvider>,
  );
const steps = () => [...document.querySelectorAll('.adm-step-title')].map((e) => e.textContent);

describe('OrderTimeline', { timeout: 20_000 }, () => {
  it('keeps a partial refund in the history instead of only going back to Completed; a full one reads Refunded', () => {
    show([
      step(1, 0),
      step(6, 1),
      step(-2, 2),
      step(6, 3, { outcome: 'approved', amount: 1020, to: 'wallet' }),
      step(-2, 4),
      step(6, 5, { outcome: 'refused', amount: 0, to: null }),
      step(-2, 6),
      step(-3, 7, { outcome: 'approved', amount: 1980, to: 'card' }),
    ]);
    // Newest first.
    expect(steps()).toEqual([
      'Refunded £19.80 to the original payment method',
      'Refund requested',
      'Refund declined',
      'Refund requested',
      'Refunded £10.20 to wallet',
      'Refund requested',
      'Completed',
      'Paid',
    ]);
  });

  it('in the member’s language; withdrawn, at the desk, and nothing paid in money', async () => {
    await setLocale('zh-Hans');
    show([
      step(1, 0),
      step(1, 1, { outcome: 'cancelled', amount: 0, to: null }),
      step(1, 2, { outcome: 'approved', amount: 500, to: 'desk' }),
      step(-3, 3, { outcome: 'approved', amount: 0, to: 'none' }),
    ]);
    expect(steps()).toEqual(['退款已通过', '已在前台退款 £5.00', '已撤销退款申请', '已付款']);
  });
});
