import type { OrderRecord } from '@studio/contract/orders';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { resetConnectionForTest } from '@/shared/offline/connection';
import { useLifeData } from '@/shared/store/life-data';
import { OrderInfoPage } from './order-info-page';

/** A paid order to pick up at the desk, as client/order.getInfo answers it. */
const order: OrderRecord = {
  _id: '2026112800001',
  order_no: '2026112800001',
  status: 1,
  status_name: 'paid',
  kind: 'goods',
  delivery: 'pickup',
  pay_type: 'balance',
  goods_amount: 1800,
  freight_amount: 0,
  coupon_amount: 0,
  points_used: 0,
  points_amount: 0,
  pay_amount: 1800,
  paid_amount: 1800,
  refunded_amount: 0,
  refund: null,
  reviewed: false,
  item_count: 1,
  lines: [
    {
      sku_id: 'sku1',
      goods_id: 'g1',
      goods_type: 0,
      goods_name: 'Cork block',
      sku_name: 'Natural',
      image: '',
      price: 1800,
      buy_num: 1,
      amount: 1800,
      class_count: null,
      refunded_num: 0,
    },
  ],
  address: null,
  remark: '',
  pickup_code: 'P4821X',
  express_info: null,
  expires_at: null,
  created_at: '2026-11-27T09:00:00.000Z',
  paid_at: '2026-11-27T09:01:00.000Z',
  shipped_at: null,
  completed_at: null,
  cancelled_at: null,
  cancel_reason: '',
  auto_receive_at: null,
  timeline: [{ status: 1, at: '2026-11-27T09:01:00.000Z', note: '', refund: null }],
  actions: ['pickup_code', 'apply_refund'],
};

let offline = false;
vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (input, init) => {
    if (offline) throw new TypeError('Failed to fetch');
    if (String(input) === '/healthz') return new Response('{"status":"ok"}');
    const { url } = JSON.parse(String(init?.body)) as { url: string };
    const ok = (body: object) => new Response(JSON.stringify({ code: 0, msg: 'ok', ...body }));
    if (url === 'client/pub.getMchInfo') {
      return ok({ mchInfo: { name: 'Lotus Studio', currency: 'GBP', timezone: 'Europe/London' }, appInfo: {} });
    }
    if (url === 'client/order.getInfo') return ok({ orderInfo: order });
    return new Response(JSON.stringify({ code: 'FUNCTION_NOT_FOUND', msg: 'no' }));
  }),
);

beforeEach(() => {
  offline = false;
  resetConnectionForTest();
  queryClient.clear();
  useLifeData.setState((s) => ({
    user: { ...s.user, uni_id_token: 'tok', uni_id_token_expired: Date.now() + 3_600_000 },
  }));
});
afterEach(() => {
  cleanup();
  resetConnectionForTest();
});
afterAll(() => vi.unstubAllGlobals());

describe('an order to pick up, offline', () => {
  it('keeps its pickup QR and code on screen with its age; applying for a refund waits for a connection', async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/pages/user/order/info?order_no=2026112800001']}>
          <OrderInfoPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const refund = await screen.findByRole('button', { name: 'Apply for refund' });
    expect(refund.hasAttribute('disabled')).toBe(false);

    offline = true;
    act(() => void window.dispatchEvent(new Event('offline')));
    const qr = await screen.findByRole('img', { name: /P4821X/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByText('P4821X')).toBeTruthy();
    expect(screen.getByText(/^as of \d{2}:\d{2}$/)).toBeTruthy();
    expect(refund.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Needs a connection')).toBeTruthy();
  });
});
