import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { emptyUser, useLifeData } from '@/shared/store/life-data';
import { TabLayout } from './tab-layout';
import { tabs } from './tabs';

vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(
    async () => new Response(JSON.stringify({ code: 0, msg: 'ok', rows: [], total: 2, hasMore: true, unread: 2 })),
  ),
);

beforeEach(() => queryClient.clear());
afterEach(cleanup);
afterAll(() => {
  useLifeData.setState({ user: emptyUser });
  vi.unstubAllGlobals();
});

const home = tabs.find((tab) => tab.key === 'home');

const itemOf = (name: string) => screen.getByRole('link', { name }).closest('.adm-tab-bar-item') as HTMLElement;

describe('the tab bar', () => {
  it('shows the member’s unread notices on the Me tab', async () => {
    useLifeData.setState((s) => ({
      user: { ...s.user, uni_id_token: 'tok', uni_id_token_expired: Date.now() + 3_600_000 },
    }));
    if (!home) throw new Error('no home tab');
    render(
      <QueryClientProvider client={queryClient}>
        <TabLayout tab={home}>page</TabLayout>
      </QueryClientProvider>,
    );
    await within(itemOf('Me')).findByText('2');
    expect(itemOf('Home').querySelector('.adm-badge')).toBeNull();
  });
});
