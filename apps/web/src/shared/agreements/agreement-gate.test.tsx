import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import '@/testing/antd-render';
import { queryClient } from '@/shared/api/query-client';
import { useLifeData } from '@/shared/store/life-data';
import { AgreementGate } from './agreement-gate';

let pending: { kind: string; version: number }[] = [];
const accepted: unknown[] = [];

vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (_input, init) => {
    const { url, data } = JSON.parse(String(init?.body)) as { url: string; data: { kind: string; version: number } };
    const ok = (body: object) => new Response(JSON.stringify({ code: 0, msg: 'ok', ...body }));
    if (url === 'client/agreement.getPending') return ok({ pending });
    if (url === 'client/agreement.accept') {
      accepted.push(data);
      pending = pending.filter((p) => p.kind !== data.kind);
      return ok({});
    }
    return new Response(JSON.stringify({ code: 'FUNCTION_NOT_FOUND', msg: 'no' }));
  }),
);

beforeEach(() => {
  queryClient.clear();
  accepted.length = 0;
  window.location.hash = '#/pages/index/mys';
  useLifeData.setState((s) => ({
    user: { ...s.user, uni_id_token: 'tok', uni_id_token_expired: Date.now() + 3_600_000 },
  }));
});
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

function renderGate() {
  render(
    <QueryClientProvider client={queryClient}>
      <main>
        <AgreementGate />
      </main>
    </QueryClientProvider>,
  );
}

describe('AgreementGate', () => {
  it('shows nothing when nothing new is to be accepted', async () => {
    pending = [];
    renderGate();
    await waitFor(() => expect(queryClient.getQueryData(['client/agreement.getPending', {}])).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for each new text, steps aside on the agreement page, and goes once accepted', async () => {
    pending = [
      { kind: 'user_agreement', version: 3 },
      { kind: 'privacy_policy', version: 2 },
    ];
    renderGate();
    const dialog = await screen.findByRole('dialog', { name: 'We have updated our terms' });
    const link = screen.getByRole('link', { name: 'Read the Privacy Policy (version 2)' });
    expect(link.getAttribute('href')).toBe('#/pages/login/agreement?section=privacy');
    expect(screen.getByRole('link', { name: 'Read the User Agreement (version 3)' })).toBeTruthy();

    act(() => {
      window.location.hash = '#/pages/login/agreement?section=privacy';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    await waitFor(() => expect(dialog.isConnected && dialog.checkVisibility()).toBe(false));
    act(() => {
      window.location.hash = '#/pages/index/mys';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    const again = await screen.findByRole('dialog', { name: 'We have updated our terms' });

    fireEvent.click(screen.getByRole('button', { name: 'Accept and continue' }));
    await waitFor(() => expect(accepted).toHaveLength(2));
    expect(accepted).toEqual([
      { kind: 'user_agreement', version: 3 },
      { kind: 'privacy_policy', version: 2 },
    ]);
    await waitFor(() => expect(again.isConnected).toBe(false));
  });
});
