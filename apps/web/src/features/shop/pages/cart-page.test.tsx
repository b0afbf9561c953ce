import type { CartLine } from '@studio/contract/cart';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import '@/testing/antd-render';
import { patchLifeData, useLifeData } from '@/shared/store/life-data';
import { CartPage } from './cart-page';

// The server never answers: the page shows the cart as this device holds it.
vi.stubGlobal('fetch', () => new Promise(() => {}));
afterEach(cleanup);

const line = (sku: string, name: string): CartLine => ({
  sku_id: sku,
  buy_num: 1,
  sku_name: 'Sand',
  image: '',
  price: 1200,
  stock: 5,
  goods_id: `g-${sku}`,
  goods_name: name,
  goods_type: 0,
  cart_rule: 0,
  action_checked: true,
  add_time: 0,
  mid: 'studio',
  state: 'ok',
  previous_price: null,
});

beforeEach(() => {
  patchLifeData('cart', { list: [line('s1', 'Cork block'), line('s2', 'Travel mat')], owner: null });
});

describe('CartPage', () => {
  it('each line has a visible remove button named for its item, besides the swipe', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <CartPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const remove = screen.getByRole('button', { name: 'Remove Cork block' });
    expect(screen.getByRole('button', { name: 'Remove Travel mat' })).toBeTruthy();
    // The swipe stays: each line still sits in antd-mobile's swipe action.
    expect(remove.closest('.adm-swipe-action')).toBeTruthy();

    fireEvent.click(remove);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Remove this item from your cart?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(useLifeData.getState().cart.list.map((l) => l.sku_id)).toEqual(['s2']));
  }, 20_000);
});
