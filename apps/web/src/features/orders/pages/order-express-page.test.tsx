import type { OrderRecord } from '@studio/contract/orders';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { useLifeData } from '@/shared/store/life-data';
import { OrderExpressPage } from './order-express-page';

/** A shipped order, as client/order.getInfo answers it (only what the parcel page reads). */
const shipped = (carrier: string, number: string) =>
  ({
    order_no: '2026112800002',
    status: 2,
    status_name: 'shipped',
    delivery: 'express',
    express_info: { express_name: carrier, express_no: number, receiver_mobile: '' },
    timeline: [{ status: 2, at: '2026-11-27T10:00:00.000Z', note: '' }],
  }) as unknown as OrderRecord;

let order = shipped('Royal Mail', 'RM123456789GB');
vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (_input, init) => {
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
  queryClient.clear();
  useLifeData.setState((s) => ({
    user: { ...s.user, uni_id_token: 'tok', uni_id_token_expired: Date.now() + 3_600_000 },
  }));
});
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

const open = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/pages/user/order/express?order_no=2026112800002']}>
        <OrderExpressPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the parcel page', () => {
  it("links to the carrier's own tracking page for a carrier it knows, the number encoded", async () => {
    order = shipped('DPD Local', '1550 1234/5');
    open();
    const link = await screen.findByRole('link', { name: /Track it on the DPD Local website/ });
    expect(link.getAttribute('href')).toBe('https://track.dpd.co.uk/parcels/1550%201234%2F5');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('1550 1234/5')).toBeTruthy();
  });

  it('shows the number as text alone when the carrier is not one it knows', async () => {
    order = shipped('Our own van', 'VAN-7');
    open();
    expect(await screen.findByText('VAN-7')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
