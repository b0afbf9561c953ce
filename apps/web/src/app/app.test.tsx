import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The hash router reads the address when it is created, so set it before the app loads.
window.location.hash = '#/pages/user/setting/info?tab=1';
const fetchMock = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('no server in unit tests')));
vi.stubGlobal('fetch', fetchMock);
// jsdom has no scrolling; the router's scroll restoration calls it on every page.
vi.stubGlobal('scrollTo', () => {});

const { App } = await import('./app');
const { router } = await import('./router');

beforeAll(() => {
  render(<App />);
});
afterAll(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('app shell', () => {
  it('sends an anonymous visitor from a member page to login, remembering the page', async () => {
    // The first page of the run is compiled on demand (a lazy chunk): allow for a busy machine.
    expect(await screen.findByRole('button', { name: 'Log in' }, { timeout: 10_000 })).toBeTruthy();
    const { pathname, search } = router.state.location;
    expect(pathname).toBe('/pages/login/index');
    expect(new URLSearchParams(search).get('uniIdRedirectUrl')).toBe('/pages/user/setting/info?tab=1');
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(document.title).toBe('Log in');
  });

  it("opens login at the template's login path too", async () => {
    await router.navigate('/pages_template/uni-id/login/index/index?uniIdRedirectUrl=%2Fpages%2Fuser%2Freservations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'This page does not exist' })).toBeNull();
  });

  it('shows the error page for an unknown route', async () => {
    await router.navigate('/pages/no/such/page');
    // Its lazy chunk is compiled on first use: allow for a busy machine.
    expect(await screen.findByRole('heading', { name: 'This page does not exist' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeTruthy();
  });

  it('shows the profile tab to anonymous visitors with a login prompt and the tab bar', async () => {
    await router.navigate('/pages/index/mys');
    expect(await screen.findByText('You are not logged in')).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Main sections' });
    expect(tabs.textContent).toContain('Home');
    expect(tabs.textContent).toContain('Classes');
    expect(tabs.textContent).toContain('Shop');
    expect(screen.getByRole('link', { name: 'Me' }).getAttribute('aria-current')).toBe('page');
  });
});
