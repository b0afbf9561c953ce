import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { useLifeData } from '@/shared/store/life-data';
import { WalletPage } from './wallet-page';

vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (_input, init) => {
    const { url } = JSON.parse(String(init?.body)) as { url: string };
    const ok = (body: object) => new Response(JSON.stringify({ code: 0, msg: 'ok', ...body }));
    if (url === 'client/pub.getMchInfo') {
      return ok({
        mchInfo: {
          name: 'Lotus Studio',
          currency: 'GBP',
          timezone: 'Europe/London',
          pay_types: ['stripe'],
          top_up_presets: [2000, 5000],
        },
        appInfo: {},
      });
    }
    if (url === 'client/wallet.getBalance') return ok({ balance: 0 });
    if (url === 'client/wallet.getLedger') return ok({ rows: [], total: 0, hasMore: false });
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

describe('the wallet’s top-up', () => {
  it('links the top-up agreement it asks the member to accept to the agreement page, at that agreement', async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <WalletPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const link = await screen.findByRole('link', { name: 'top-up agreement' });
    expect(link.getAttribute('href')).toBe('#/pages/login/agreement?section=top-up');
    expect(screen.getByRole('checkbox', { name: 'I agree to the top-up agreement' })).toBeTruthy();
  });
});
