import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { resetConnectionForTest } from '@/shared/offline/connection';
import { NavBarLayout } from './nav-bar-layout';
import { TabLayout } from './tab-layout';
import { tabOf } from './tabs';

const banner = "You're offline — showing what was saved on this phone";

beforeEach(() => resetConnectionForTest());
afterEach(() => {
  cleanup();
  resetConnectionForTest();
});

const inApp = (children: React.ReactNode) =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('the frames offline', () => {
  it.each([
    ['a navigation bar page', () => <NavBarLayout title="My reservations">page</NavBarLayout>],
    [
      'a tab page',
      () => {
        const tab = tabOf('/pages/index/mys');
        if (!tab) throw new Error('the Me tab is missing');
        return <TabLayout tab={tab}>page</TabLayout>;
      },
    ],
  ])('%s says so above the page, and stops saying it back online', (_name, frame) => {
    inApp(frame());
    expect(screen.queryByText(banner)).toBeNull();
    act(() => void window.dispatchEvent(new Event('offline')));
    const status = screen.getByRole('status');
    expect(status.textContent).toContain(banner);
    expect(status.closest('main')?.textContent).toContain('page');
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText(banner)).toBeNull();
  });
});
