import type { MchInfo } from '@studio/contract/merchant';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { mchInfoQuery } from '@/shared/merchant/mch-info';
import { NavBarLayout } from './nav-bar-layout';
import { TabLayout } from './tab-layout';
import { tabOf } from './tabs';

// Nothing here goes to the server: the studio's info is put in the cache, as the app had fetched it.
vi.stubGlobal('fetch', () => new Promise(() => {}));
afterAll(() => vi.unstubAllGlobals());

function studio(testMode: boolean): void {
  const mchInfo = { name: 'Lotus Studio', currency: 'GBP', timezone: 'Europe/London', test_mode: testMode };
  queryClient.setQueryData(mchInfoQuery.queryKey, { code: 0, msg: 'ok', mchInfo: mchInfo as MchInfo } as never);
}

beforeEach(() => queryClient.clear());
afterEach(async () => {
  cleanup();
  await setLocale('en');
});

const inApp = (children: React.ReactNode) =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );

const frames = [
  ['a navigation bar page', () => <NavBarLayout title="Pay">page</NavBarLayout>],
  [
    'a tab page',
    () => {
      const tab = tabOf('/pages/index/mys');
      if (!tab) throw new Error('the Me tab is missing');
      return <TabLayout tab={tab}>page</TabLayout>;
    },
  ],
] as const;

describe('the test mode band', () => {
  it.each(frames)('%s starts with the band while the studio is in test mode, above the page', (_name, frame) => {
    studio(true);
    const { container } = inApp(frame());
    const band = screen.getByRole('complementary', { name: 'Test mode' });
    expect(band.textContent).toBe('Test mode: payments here are not real');
    // Its own line at the top of the frame: before the header and the page, never over them.
    expect(container.firstElementChild?.firstElementChild).toBe(band);
    expect(band.contains(screen.getByText('page'))).toBe(false);
  });

  it.each(frames)('%s has no band when the studio is not in test mode', (_name, frame) => {
    studio(false);
    inApp(frame());
    expect(screen.queryByRole('complementary', { name: 'Test mode' })).toBeNull();
    expect(screen.queryByText(/payments here are not real/)).toBeNull();
  });

  describe('before the studio info arrives', () => {
    afterEach(() => {
      delete document.documentElement.dataset.testMode;
    });

    it.each(frames)(
      '%s shows the band when the page says test mode (so nothing moves when the info comes)',
      (_name, frame) => {
        document.documentElement.dataset.testMode = 'true';
        inApp(frame());
        expect(screen.getByRole('complementary', { name: 'Test mode' })).toBeTruthy();
      },
    );

    it.each(frames)('%s has none when the page does not say so', (_name, frame) => {
      inApp(frame());
      expect(screen.queryByRole('complementary', { name: 'Test mode' })).toBeNull();
    });

    it('follows the studio info once it has come, over what the page said', () => {
      document.documentElement.dataset.testMode = 'true';
      studio(false);
      inApp(frames[0][1]());
      expect(screen.queryByRole('complementary', { name: 'Test mode' })).toBeNull();
    });
  });

  it('speaks the member’s language', async () => {
    studio(true);
    await setLocale('zh-Hans');
    const { unmount } = inApp(frames[0][1]());
    expect(screen.getByRole('complementary', { name: '测试模式' }).textContent).toBe(
      '测试模式：此处的付款不是真实付款',
    );
    unmount();
    await setLocale('zh-Hant');
    inApp(frames[0][1]());
    expect(screen.getByRole('complementary', { name: '測試模式' }).textContent).toBe(
      '測試模式：此處的付款並非真實付款',
    );
  });
});
