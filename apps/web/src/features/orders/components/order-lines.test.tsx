import type { OrderLine } from '@studio/contract/orders';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { OrderLines, optionText } from './order-lines';

afterEach(cleanup);

describe('optionText', () => {
  it.each([
    ['5 classes', 5, '5 classes'],
    ['5节课', 5, '5节课'],
    ['5 Yin classes', 5, '5 Yin classes'],
    ['Standard', 5, 'Standard · 5 classes'],
    ['15 classes', 5, '15 classes · 5 classes'],
    ['', 5, '5 classes'],
    ['Sand', null, 'Sand'],
  ])('%s with %s classes reads %s', (sku, count, text) => {
    expect(optionText(sku, count, '5 classes')).toBe(text);
  });
});

describe('an order line of a pass', () => {
  it('says "5 classes" once', () => {
    const line = {
      sku_id: 'k1',
      goods_id: 'g1',
      goods_type: 1,
      goods_name: '5-class pass',
      sku_name: '5 classes',
      image: '',
      price: 6000,
      buy_num: 1,
      amount: 6000,
      class_count: 5,
    } as OrderLine;
    render(
      <QueryClientProvider client={queryClient}>
        <OrderLines lines={[line]} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('5 classes').textContent).toBe('5 classes');
    expect(screen.queryByText(/5 classes · 5 classes/)).toBeNull();
  });
});

describe('a placed order’s line', () => {
  it('says how many of it were refunded', () => {
    const line = {
      sku_id: 'k2',
      goods_id: 'g2',
      goods_type: 0,
      goods_name: 'Cork Set',
      sku_name: 'Block',
      image: '',
      price: 1200,
      buy_num: 2,
      amount: 2400,
      class_count: null,
    } as OrderLine;
    render(
      <QueryClientProvider client={queryClient}>
        <OrderLines lines={[{ ...line, refunded_num: 1 }]} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('1 refunded')).toBeTruthy();
    cleanup();
    render(
      <QueryClientProvider client={queryClient}>
        <OrderLines lines={[{ ...line, refunded_num: 0 }]} />
      </QueryClientProvider>,
    );
    expect(screen.queryByText(/refunded/)).toBeNull();
  });
});
