import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { useLifeData } from '@/shared/store/life-data';
import { ReservationsPage } from './reservations-page';

vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (_input, init) => {
    const { url } = JSON.parse(String(init?.body)) as { url: string };
    const body =
      url === 'client/pub.getMchInfo'
        ? { mchInfo: { name: 'Lotus Studio', currency: 'GBP', timezone: 'Europe/London' }, appInfo: {} }
        : { rows: [], total: 0, hasMore: false };
    return new Response(JSON.stringify({ code: 0, msg: 'ok', ...body }));
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

const open = (tab: string) =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/pages/user/reservations?tab=${tab}`]}>
        <ReservationsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('my reservations', () => {
  it('offers Add to calendar on the upcoming tab, above the list', async () => {
    open('registered');
    const add = await screen.findByRole('button', { name: 'Add to calendar' });
    const empty = await screen.findByRole('button', { name: 'Browse classes' });
    expect(add.compareDocumentPosition(empty) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it.each(['done', 'cancelled'])('does not offer it on the %s tab', async (tab) => {
    open(tab);
    await screen.findByRole('button', { name: 'Browse classes' });
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).toBeNull();
  });
});
