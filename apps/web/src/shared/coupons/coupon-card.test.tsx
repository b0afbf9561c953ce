import type { CouponRecord } from '@studio/contract/coupons';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Radio } from 'antd-mobile';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { CouponCard } from './coupon-card';

// Amounts read the studio's currency; its info never arrives here, so they show in the default one.
vi.stubGlobal('fetch', () => new Promise(() => {}));
afterEach(cleanup);

const coupon: CouponRecord = {
  _id: 'c1',
  name: '£5 off mats',
  type: 1,
  coupon_rule: { min_amount: 2000, discount_amount: 500 },
  discount_proportion: 10,
  effective_time_rule: {
    type: 1,
    start_fixed_time: null,
    end_fixed_time: null,
    start_dynamic_time: null,
    end_dynamic_time: 30,
  },
  goods_ids: [],
  total: 100,
  claimed: 1,
  used: 0,
  per_member_limit: 1,
  in_center: true,
  enabled: true,
  created_at: '2026-11-01T10:00:00.000Z',
};

function Choosable({ onSelect }: { onSelect: () => void }) {
  const [chosen, setChosen] = useState(false);
  const choose = () => {
    setChosen(true);
    onSelect();
  };
  return (
    <QueryClientProvider client={new QueryClient()}>
      <CouponCard
        coupon={coupon}
        onSelect={choose}
        action={<Radio aria-label={coupon.name} checked={chosen} onChange={choose} />}
      />
    </QueryClientProvider>
  );
}

describe('CouponCard', () => {
  it('a card to choose is chosen by a tap anywhere on it, not only on its radio', () => {
    const onSelect = vi.fn();
    render(<Choosable onSelect={onSelect} />);
    const radio = screen.getByRole('radio', { name: '£5 off mats' });
    expect(radio).toHaveProperty('checked', false);

    fireEvent.click(screen.getByText(/Spend £20\.00 or more/));
    expect(onSelect).toHaveBeenCalledOnce();
    expect(radio).toHaveProperty('checked', true);
  });

  it('a tap on the radio itself chooses once (the card does not choose a second time)', () => {
    const onSelect = vi.fn();
    render(<Choosable onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('radio', { name: '£5 off mats' }));
    expect(onSelect).toHaveBeenCalledOnce();
  });
});
