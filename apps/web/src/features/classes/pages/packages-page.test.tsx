import type { PackageRecord } from '@studio/contract/packages';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { useLifeData } from '@/shared/store/life-data';
import { openingTab, PackagesPage } from './packages-page';

const pkg = (id: string, status: PackageRecord['status']): PackageRecord => ({
  _id: id,
  name: `Pass ${id}`,
  total_count: 5,
  remaining_count: status === 'unused' ? 5 : 4,
  status,
  valid_from: '2026-01-01T00:00:00.000Z',
  valid_until: null,
  course_ids: [],
  created_at: '2026-01-01T00:00:00.000Z',
});

let packages: PackageRecord[] = [];
vi.stubGlobal('scrollTo', () => {});
vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (_input, init) => {
    const { url, data } = JSON.parse(String(init?.body)) as { url: string; data: { status?: string } };
    const ok = (body: object) => new Response(JSON.stringify({ code: 0, msg: 'ok', ...body }));
    if (url === 'client/pub.getMchInfo') {
      return ok({ mchInfo: { name: 'Lotus Studio', currency: 'GBP', timezone: 'Europe/London' }, appInfo: {} });
    }
    if (url === 'client/course.getMyPackages') {
      return ok({ rows: packages.filter((p) => !data.status || p.status === data.status) });
    }
    if (url === 'client/pub.getGoodsList') return ok({ rows: [], total: 0, hasMore: false });
    return new Response(JSON.stringify({ code: 'FUNCTION_NOT_FOUND', msg: 'no' }));
  }),
);

beforeEach(() => {
  packages = [];
  queryClient.clear();
  useLifeData.setState((s) => ({
    user: { ...s.user, uni_id_token: 'tok', uni_id_token_expired: Date.now() + 3_600_000 },
  }));
});
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

const open = (query = '') =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/pages/course/purchased${query}`]}>
        <PackagesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
const selected = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true');

describe('My packages', () => {
  it('opens on In use after the first booking, not on an empty Unused', async () => {
    packages = [pkg('a', 'used')];
    open();
    expect(await screen.findByRole('heading', { name: 'Pass a' })).toBeTruthy();
    expect(selected()?.textContent).toBe('In use');
  });

  it('keeps the tab the link names', async () => {
    packages = [pkg('a', 'used')];
    open('?tab=expired');
    await screen.findAllByRole('tab');
    expect(selected()?.textContent).toBe('Expired');
  });
});

describe('openingTab', () => {
  it.each([
    ['nothing yet: Unused', [], 'unused'],
    ['a fresh pass: Unused', [pkg('a', 'unused'), pkg('b', 'completed')], 'unused'],
    ['one in use', [pkg('a', 'completed'), pkg('b', 'used')], 'used'],
    ['only used up ones', [pkg('a', 'expired'), pkg('b', 'completed')], 'completed'],
  ] as const)('%s', (_, rows, tab) => {
    expect(openingTab(rows)).toBe(tab);
  });
});
