import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { useSession } from '@/shared/session/session';
import { prepareAntdInJsdom } from '@/shared/testing/antd-jsdom';
import { CouponsPage, couponFieldOf } from './coupons-page';

/** What the page sent to admin/coupon.save. */
const saved = vi.hoisted(() => [] as unknown[]);

// A fake server: an empty coupon list, no goods, and saves recorded.
vi.mock('@/shared/api/client', () => {
  const answer = (url: string, input: unknown) => {
    if (url === 'admin/coupon.save') {
      saved.push(input);
      return { coupon: {} };
    }
    if (url === 'admin/coupon.getList' || url === 'admin/goods.getList') return { rows: [], total: 0, pageIndex: 1 };
    throw new Error(`unexpected call ${url}`);
  };
  return {
    call: async (def: { url: string }, input: unknown) => answer(def.url, input),
    callQuery: (def: { url: string }, input: unknown) => ({
      queryKey: [def.url, input],
      queryFn: async () => answer(def.url, input),
    }),
  };
});

beforeAll(prepareAntdInJsdom);
beforeEach(() => {
  saved.length = 0;
  useSession.setState({
    token: 't',
    tokenExpired: Date.now() + 3_600_000,
    user: { role: ['admin'], permission: [] } as never,
  });
});
afterEach(cleanup);

function renderPage() {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queries}>
      <MemoryRouter>
        <App>
          <CouponsPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function openNew() {
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: /New coupon/ }));
  const drawer = await screen.findByRole('dialog');
  fireEvent.change(within(drawer).getByLabelText('English'), { target: { value: 'Five off' } });
  return drawer;
}

describe('the coupon drawer, checked with the save call’s whole schema', { timeout: 20_000 }, () => {
  it('refuses a discount above the minimum spend beside the discount, sending nothing', async () => {
    const drawer = await openNew();
    fireEvent.change(within(drawer).getByLabelText('Minimum spend'), { target: { value: '10' } });
    fireEvent.change(within(drawer).getByLabelText('Reduction'), { target: { value: '15' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    const field = within(drawer).getByLabelText('Reduction').closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(field.textContent).toMatch(/may not exceed the minimum spend/i));
    expect(saved).toEqual([]);
  });

  it('sends the coupon once the rule holds', async () => {
    const drawer = await openNew();
    fireEvent.change(within(drawer).getByLabelText('Minimum spend'), { target: { value: '30' } });
    fireEvent.change(within(drawer).getByLabelText('Reduction'), { target: { value: '5' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      name: { en: 'Five off' },
      type: 1,
      coupon_rule: { min_amount: 3000, discount_amount: 500 },
      effective_time_rule: { type: 1, start_dynamic_time: 0, end_dynamic_time: 30 },
    });
  });
});

describe('where an issue of the input is shown', () => {
  it('puts the rule’s amounts and the validity on the form’s own fields', () => {
    expect(couponFieldOf(['coupon_rule', 'discount_amount'])).toEqual(['discount_amount']);
    expect(couponFieldOf(['effective_time_rule', 'end_dynamic_time'])).toEqual(['end_days']);
    expect(couponFieldOf(['effective_time_rule', 'end_fixed_time'])).toEqual(['range']);
    expect(couponFieldOf(['total'])).toEqual(['total']);
  });
});
