import type { OrderRecord } from '@studio/contract/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '@/i18n/i18n';
import { resetConnectionForTest } from '@/shared/offline/connection';
import { OrderActions } from './order-actions';

beforeEach(() => resetConnectionForTest());
afterEach(() => {
  cleanup();
  resetConnectionForTest();
});

const show = (actions: OrderRecord['actions']) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OrderActions order={{ order_no: '2026112800001', actions } as OrderRecord} compact />
    </QueryClientProvider>,
  );
const disabled = (name: string) => screen.getByRole('button', { name }).hasAttribute('disabled');

describe('order actions offline', () => {
  it('wait for a connection, with the reason, except opening the pickup code', () => {
    show(['cancel', 'pay', 'pickup_code']);
    expect([disabled('Cancel order'), disabled('Pay now'), disabled('Pickup code')]).toEqual([false, false, false]);

    act(() => void window.dispatchEvent(new Event('offline')));
    expect([disabled('Cancel order'), disabled('Pay now'), disabled('Pickup code')]).toEqual([true, true, false]);
    expect(screen.getByText('Needs a connection')).toBeTruthy();

    act(() => void window.dispatchEvent(new Event('online')));
    expect(disabled('Pay now')).toBe(false);
    expect(screen.queryByText('Needs a connection')).toBeNull();
  });

  it('say nothing offline when the only action is the pickup code', () => {
    act(() => void window.dispatchEvent(new Event('offline')));
    show(['pickup_code']);
    expect(disabled('Pickup code')).toBe(false);
    expect(screen.queryByText('Needs a connection')).toBeNull();
  });
});
