import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, cleanup, render } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';

vi.stubGlobal('scrollTo', () => {});
vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ code: 'FUNCTION_NOT_FOUND', msg: 'none here' }))),
);
const closeDialogs = vi.fn();
vi.mock('@/shared/ui/feedback', async (original) => ({
  ...(await original<typeof import('@/shared/ui/feedback')>()),
  closeDialogs,
}));

const { App } = await import('@/app/app');
const { router } = await import('@/app/router');

afterAll(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('overlays', () => {
  it('dialogs are closed on every route change', async () => {
    await router.navigate('/pages/login/agreement');
    render(<App />);
    await vi.waitFor(() => expect(closeDialogs).toHaveBeenCalled());
    closeDialogs.mockClear();
    await act(() => router.navigate('/pages/login/register'));
    expect(closeDialogs).toHaveBeenCalledOnce();
  });

  it('toasts are opaque', () => {
    const css = readFileSync(path.join(import.meta.dirname, 'components.css'), 'utf8');
    const rule = /\.adm-toast-mask \.adm-toast-main \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/background-color:\s*var\(--app-text, #1f1a17\)/);
  });
});
