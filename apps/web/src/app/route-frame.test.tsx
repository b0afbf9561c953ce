import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { useLifeData } from '@/shared/store/life-data';

vi.stubGlobal('scrollTo', () => {});
vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (_input, init) => {
    const { url } = JSON.parse(String(init?.body)) as { url: string };
    if (url === 'client/pub.getMchInfo') {
      const mchInfo = { name: 'Lotus Studio', logo: '', timezone: 'Europe/London', currency: 'GBP' };
      return new Response(JSON.stringify({ code: 0, msg: 'ok', mchInfo, appInfo: {} }));
    }
    return new Response(JSON.stringify({ code: 'FUNCTION_NOT_FOUND', msg: `no ${url} here` }));
  }),
);

const { App } = await import('@/app/app');
const { router } = await import('@/app/router');

afterEach(() => {
  cleanup();
  useLifeData.setState((s) => ({ user: { ...s.user, uni_id_token: null, uni_id_token_expired: null } }));
});
afterAll(() => vi.unstubAllGlobals());

describe('route frame', () => {
  it('sends a member who opens login on to where they were going', async () => {
    useLifeData.setState((s) => ({
      user: { ...s.user, uni_id_token: 'tok', uni_id_token_expired: Date.now() + 3_600_000 },
    }));
    await router.navigate('/pages/login/index?uniIdRedirectUrl=%2Fpages%2Flogin%2Fagreement');
    render(<App />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/login/agreement'));
  });

  it('lets a visitor open login, and titles the page with the studio name', { timeout: 20_000 }, async () => {
    await router.navigate('/pages/login/index');
    render(<App />);
    expect(await screen.findByRole('button', { name: 'Log in' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/login/index');
    await waitFor(() => expect(document.title).toMatch(/ · Lotus Studio$/));
  });
});
