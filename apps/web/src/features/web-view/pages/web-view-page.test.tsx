import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import '@/testing/antd-render';
import { queryClient } from '@/shared/api/query-client';
import { WebViewPage } from './web-view-page';

vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(
    async () =>
      new Response(
        JSON.stringify({
          code: 0,
          msg: 'ok',
          mchInfo: {
            name: 'Lotus',
            currency: 'GBP',
            timezone: 'Europe/London',
            web_view: { hosts: ['lotus.example'] },
          },
          appInfo: {},
        }),
      ),
  ),
);
const opened = vi.fn();
vi.stubGlobal('open', opened);

beforeEach(() => {
  queryClient.clear();
  opened.mockReset();
});
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

function renderWith(url: string) {
  render(
    <QueryClientProvider client={queryClient}>
      <main>
        <MemoryRouter initialEntries={[`/web-view/web-view?url=${encodeURIComponent(url)}`]}>
          <WebViewPage />
        </MemoryRouter>
      </main>
    </QueryClientProvider>,
  );
}

describe('WebViewPage', () => {
  it('frames an https page of an allowed host', async () => {
    renderWith('https://lotus.example/timetable.pdf');
    const frame = await screen.findByTitle('Page from lotus.example');
    expect(frame.getAttribute('src')).toBe('https://lotus.example/timetable.pdf');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
  });

  it('asks before opening any other address in a new tab, never framing it', async () => {
    renderWith('http://lotus.example/');
    const dialog = await screen.findByRole('dialog', { name: 'Leave the app?' });
    expect(screen.queryByTitle(/Page from/)).toBeNull();
    expect(opened).not.toHaveBeenCalled();
    fireEvent.click(
      (await screen.findAllByRole('button', { name: 'Open in a new tab' })).find((b) => dialog.contains(b))!,
    );
    await waitFor(() => expect(opened).toHaveBeenCalledWith('http://lotus.example/', '_blank', 'noopener,noreferrer'));
  });

  it('never opens javascript: or an address with credentials', async () => {
    for (const url of ['javascript:alert(1)', 'https://a:b@lotus.example/']) {
      renderWith(url);
      expect(await screen.findByText('This link cannot be opened')).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
      cleanup();
    }
    expect(opened).not.toHaveBeenCalled();
  });
});
