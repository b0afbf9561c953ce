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

describe('Amounts', () => {
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
