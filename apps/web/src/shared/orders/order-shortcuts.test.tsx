import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { mchInfoQuery } from '@/shared/merchant/mch-info';
import { OrderShortcuts } from './order-shortcuts';

// The order counts never arrive: the shortcuts show without numbers.
vi.stubGlobal('fetch', () => new Promise(() => {}));
afterEach(cleanup);

function renderIn(currency: string) {
  const client = new QueryClient();
  client.setQueryData(mchInfoQuery.queryKey, { mchInfo: { currency, timezone: 'Europe/London' } } as never);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OrderShortcuts />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('link', { name: 'To pay' });
}

describe('OrderShortcuts', () => {
  it("draws To pay with the studio's own currency sign: £ in a pound studio, never antd's ¥ icon", () => {
    const toPay = renderIn('GBP');
    expect(toPay.textContent).toContain('£');
    expect(toPay.textContent).not.toContain('¥');
    // The sign is drawing, not words: the link is named by its label alone.
    expect(toPay.querySelector('.currency-icon')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('follows the currency the studio trades in', () => {
    expect(renderIn('EUR').textContent).toContain('€');
  });
});
