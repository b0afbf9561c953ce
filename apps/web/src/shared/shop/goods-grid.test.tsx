import type { GoodsSummary } from '@studio/contract/shop';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { GoodsGrid } from './goods-grid';

const goods = (n: number): GoodsSummary => ({
  _id: `g${n}`,
  name: `Mat ${n}`,
  type: 0,
  cart_rule: 0,
  category_id: null,
  image: `/uploads/2026-11/mat${n}.w320.webp`,
  price: 1000,
  max_price: 1000,
  original_price: null,
  stock: 5,
  sold_out: false,
  is_on_sale: true,
  view_count: 0,
  class_count: null,
  discount_type: 0,
});

// Prices read the studio's currency; the studio's info never arrives here, prices fall back to the default.
vi.stubGlobal('fetch', () => new Promise(() => {}));
afterEach(cleanup);

describe('GoodsGrid', () => {
  it('loads the first row of pictures at once and the rest as they scroll near', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <GoodsGrid rows={[1, 2, 3, 4, 5].map(goods)} label="Goods" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const pictures = screen.getByRole('list', { name: 'Goods' }).querySelectorAll('img');
    expect([...pictures].map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'lazy', 'lazy', 'lazy']);
  });
});
