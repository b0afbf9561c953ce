import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Button } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { mchInfoQuery } from '@/shared/merchant/mch-info';
import { resetConnectionForTest } from './connection';
import { OfflineBanner, OfflineDisabled, SavedAt } from './offline-ui';

const wrap = (children: React.ReactNode) =>
  render(<QueryClientProvider client={queryClient}>{children}</QueryClientProvider>);

function studioIn(timezone: string): void {
  queryClient.setQueryData(mchInfoQuery.queryKey, {
    code: 0,
    msg: 'ok',
    mchInfo: { name: 'Lotus Studio', currency: 'GBP', timezone },
  } as never);
}
const goOffline = () => act(() => void window.dispatchEvent(new Event('offline')));
const goOnline = () => act(() => void window.dispatchEvent(new Event('online')));

beforeEach(() => {
  resetConnectionForTest();
  queryClient.clear();
  studioIn('Europe/London');
});
afterEach(async () => {
  cleanup();
  resetConnectionForTest();
  vi.useRealTimers();
  await setLocale('en');
});

describe('the offline banner', () => {
  it('shows while offline only', () => {
    wrap(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    goOffline();
    expect(screen.getByRole('status').textContent).toContain("You're offline — showing what was saved on this phone");
    goOnline();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('speaks the member’s language', async () => {
    await setLocale('zh-Hant');
    goOffline();
    wrap(<OfflineBanner />);
    expect(screen.getByRole('status').textContent).toContain('你已離線');
  });
});

describe('"as of"', () => {
  const fetched = Date.parse('2026-11-28T10:42:00Z');

  it('gives the time alone for today, in the studio’s timezone, while offline', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-11-28T15:00:00Z'));
    wrap(<SavedAt at={fetched} />);
    expect(screen.queryByText(/as of/)).toBeNull();
    goOffline();
    expect(screen.getByText('as of 10:42')).toBeTruthy();
  });

  it('gives the day too for an older copy, in the member’s language and the studio’s zone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-11-30T09:00:00Z'));
    studioIn('Asia/Shanghai');
    await setLocale('zh-Hans');
    goOffline();
    wrap(<SavedAt at={fetched} />);
    expect(screen.getByText('更新于 11月28日 周六 18:42')).toBeTruthy();
  });

  it('shows when asked even online, and never for nothing loaded', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-11-28T15:00:00Z'));
    wrap(
      <>
        <SavedAt at={fetched} show />
        <SavedAt at={0} show />
      </>,
    );
    expect(screen.getAllByText(/as of/)).toHaveLength(1);
  });
});

describe('actions that need the server', () => {
  it('are disabled offline with the reason, and come back online', () => {
    wrap(
      <OfflineDisabled>
        {(offline) => (
          <Button color="primary" disabled={offline}>
            Book
          </Button>
        )}
      </OfflineDisabled>,
    );
    const book = screen.getByRole('button', { name: 'Book' });
    expect(book.hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText('Needs a connection')).toBeNull();
    goOffline();
    expect(book.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Needs a connection')).toBeTruthy();
    goOnline();
    expect(book.hasAttribute('disabled')).toBe(false);
  });
});
