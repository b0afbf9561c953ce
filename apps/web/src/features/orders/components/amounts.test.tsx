import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { Amounts } from './amounts';

// Money reads the studio's currency; its info never arrives here, so the default currency is used.
vi.stubGlobal('fetch', () => new Promise(() => {}));
afterEach(cleanup);

const show = (paid: boolean) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Amounts goods={3000} freight={0} pay={2300} coupon={500} points={200} pointsUsed={200} paid={paid} />
    </QueryClientProvider>,
  );

const showDelivery = (props: { showFreight?: boolean; freightPending?: boolean; freight?: number }) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Amounts goods={4500} freight={0} pay={4500} {...props} />
    </QueryClientProvider>,
  );

describe('Amounts', () => {
  it('says delivery comes with the address before one is chosen, and has no delivery line for pickup', () => {
    showDelivery({ freightPending: true, freight: 0 });
    expect(screen.getByText('Delivery').nextElementSibling?.textContent).toBe('Calculated once you choose an address');
    cleanup();
    showDelivery({ freight: 595 });
    expect(screen.getByText('Delivery').nextElementSibling?.textContent).toBe('£5.95');
    cleanup();
    showDelivery({ showFreight: false });
    expect(screen.queryByText('Delivery')).toBeNull();
    expect(screen.queryByText('Free')).toBeNull();
  });

  it('names the total "To pay" before the order is paid and "Paid" after', () => {
    show(false);
    expect(screen.getByText('To pay').nextElementSibling?.textContent).toBe('£23.00');
    expect(screen.queryByText('Paid')).toBeNull();
    cleanup();
    show(true);
    expect(screen.getByText('Paid').nextElementSibling?.textContent).toBe('£23.00');
    expect(screen.queryByText('To pay')).toBeNull();
  });
});
