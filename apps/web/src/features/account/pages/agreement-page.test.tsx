import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { AgreementPage } from './agreement-page';

/** What the studio has published, by kind (absent: nothing, the app's own text). */
let published: Record<string, { version: number; title: string; content: string }> = {};

vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (_input, init) => {
    const { url, data } = JSON.parse(String(init?.body)) as { url: string; data: { kind: string } };
    const ok = (body: object) => new Response(JSON.stringify({ code: 0, msg: 'ok', ...body }));
    if (url === 'client/pub.getAgreement') {
      const studio = published[data.kind];
      return ok(
        studio
          ? { kind: data.kind, ...studio, updated_at: '2026-11-20T10:00:00.000Z' }
          : { kind: data.kind, version: 0, title: '', content: '', updated_at: null },
      );
    }
    if (url === 'client/pub.getMchInfo') {
      return ok({ mchInfo: { name: 'Lotus', currency: 'GBP', timezone: 'Europe/London' }, appInfo: {} });
    }
    return new Response(JSON.stringify({ code: 'FUNCTION_NOT_FOUND', msg: 'no' }));
  }),
);

beforeEach(() => {
  queryClient.clear();
  published = {};
});
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

function renderAt(url: string) {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <AgreementPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('AgreementPage', () => {
  it('holds the app’s own top-up agreement while the studio has written none, and opens at it', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderAt('/pages/login/agreement?section=top-up');
    const section = screen.getByRole('region', { name: 'Top-up Agreement' });
    expect(section.id).toBe('top-up');
    await waitFor(() => expect(section.textContent).toContain('Your balance does not expire'));
    await waitFor(() => expect(scrolled.mock.contexts[0]).toBe(section));
  });

  it('shows the studio’s current version as its formatted text', async () => {
    published.privacy_policy = {
      version: 2,
      title: 'Lotus privacy',
      content: '<h2>What we keep</h2><p>Only <strong>what we need</strong>.</p>',
    };
    renderAt('/pages/login/agreement?section=privacy');
    const section = await screen.findByRole('region', { name: 'Lotus privacy' });
    expect(section.id).toBe('privacy');
    expect(screen.getByRole('heading', { name: 'What we keep' })).toBeTruthy();
    expect(section.querySelector('strong')?.textContent).toBe('what we need');
    expect(section.textContent).toContain('Version 2');
    // The other two are still the app's own.
    expect(await screen.findByRole('region', { name: 'User Agreement' })).toBeTruthy();
  });
});
