import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_VERSION } from '@/shared/config';

const call = vi.fn();
vi.mock('@/shared/api/call-function', () => ({ call }));
const worker = { registerServiceWorker: vi.fn(), checkForNewWorker: vi.fn(), activateAndReload: vi.fn() };
vi.mock('./service-worker', () => worker);
// The checks show the prompt in a root of its own; here it is rendered by the tests that look at it.
const mountUpdatePrompt = vi.fn();
vi.mock('./update-prompt', async (original) => ({ ...(await original<object>()), mountUpdatePrompt }));

async function load() {
  vi.resetModules();
  const updates = await import('./updates');
  const { useUpdateState } = await import('./update-state');
  return { ...updates, useUpdateState };
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

beforeEach(() => {
  call.mockReset();
  for (const fn of Object.values(worker)) fn.mockReset();
  mountUpdatePrompt.mockReset();
  worker.registerServiceWorker.mockResolvedValue(undefined);
  worker.activateAndReload.mockResolvedValue(undefined);
  sessionStorage.clear();
  setVisibility('visible');
});

describe('the version check', () => {
  it('asks the server with this app’s version, quietly, and stays quiet when they match', async () => {
    const { checkVersionNow, useUpdateState } = await load();
    call.mockResolvedValue({ version: APP_VERSION, min_version: '0.0.0' });
    await checkVersionNow(0);
    expect(call).toHaveBeenCalledWith(
      expect.objectContaining({ url: 'user/pub/checkVersion' }),
      { version: APP_VERSION },
      { silent: true, loading: false },
    );
    expect(useUpdateState.getState().need).toBeNull();
    expect(mountUpdatePrompt).not.toHaveBeenCalled();
  });

  it('offers a newer version, and asks again on resume only after a few minutes', async () => {
    const { checkVersionNow, onResume, RESUME_CHECK_MS, useUpdateState } = await load();
    call.mockResolvedValue({ version: '99.0.0+new', min_version: '0.0.0', notes: 'Push reminders' });
    await checkVersionNow(1_000);
    expect(useUpdateState.getState()).toMatchObject({
      need: 'available',
      notes: 'Push reminders',
      serverVersion: '99.0.0+new',
    });
    // The prompt's module is imported when first needed: a busy machine may take more than a second.
    await vi.waitFor(() => expect(mountUpdatePrompt).toHaveBeenCalledOnce(), { timeout: 10_000 });

    onResume(1_000 + RESUME_CHECK_MS - 1);
    expect(call).toHaveBeenCalledTimes(1);
    setVisibility('hidden');
    onResume(1_000 + RESUME_CHECK_MS);
    expect(call).toHaveBeenCalledTimes(1);
    setVisibility('visible');
    onResume(1_000 + RESUME_CHECK_MS);
    expect(call).toHaveBeenCalledTimes(2);
    expect(worker.checkForNewWorker).toHaveBeenCalledOnce();
  });

  it('requires a reload below min_version, and a later “available” does not lower it', async () => {
    const { checkVersionNow, useUpdateState } = await load();
    call.mockResolvedValueOnce({ version: '99.0.0', min_version: '50.0.0' });
    await checkVersionNow(0);
    call.mockResolvedValueOnce({ version: '99.0.0', min_version: '0.0.0' });
    await checkVersionNow(1);
    expect(useUpdateState.getState().need).toBe('required');
  });

  it('says nothing when the server cannot answer (offline, or a server without the call)', async () => {
    const { checkVersionNow, useUpdateState } = await load();
    call.mockRejectedValue(new Error('offline'));
    await checkVersionNow(0);
    expect(useUpdateState.getState().need).toBeNull();
  });

  it('does not offer the same version again after the member reloaded for it', async () => {
    const { checkVersionNow, reloadIntoNewVersion, useUpdateState } = await load();
    call.mockResolvedValue({ version: '99.0.0+new', min_version: '0.0.0' });
    await checkVersionNow(0);
    reloadIntoNewVersion();
    expect(worker.activateAndReload).toHaveBeenCalledOnce();

    const again = await load();
    await again.checkVersionNow(0);
    expect(again.useUpdateState.getState().need).toBeNull();
    expect(useUpdateState).not.toBe(again.useUpdateState);
  });

  it('a waiting service worker offers the update too', async () => {
    const { startAppUpdates, useUpdateState } = await load();
    call.mockResolvedValue({ version: APP_VERSION, min_version: '0.0.0' });
    startAppUpdates();
    const onWaiting = worker.registerServiceWorker.mock.calls[0]?.[0] as () => void;
    act(() => onWaiting());
    expect(useUpdateState.getState().need).toBe('available');
  });
});
