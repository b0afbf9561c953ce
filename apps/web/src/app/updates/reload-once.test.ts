import { beforeEach, describe, expect, it, vi } from 'vitest';

async function load() {
  vi.resetModules();
  return import('./reload-once');
}

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
}

beforeEach(() => sessionStorage.clear());

describe('reloadOnce', () => {
  it('reloads for a failed chunk, but not again within a minute (no loop)', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const first = await load();
    expect(first.reloadOnce(1_000_000, storage, reload)).toBe(true);
    expect(first.isReloadingForNewBuild()).toBe(true);
    // The page after the reload: its chunk fails again at once.
    const after = await load();
    expect(after.reloadOnce(1_010_000, storage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
    // Much later (another deploy), once more.
    expect(after.reloadOnce(1_100_000, storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads without storage to remember it by', async () => {
    const { reloadOnce } = await load();
    const reload = vi.fn();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
    };
    expect(reloadOnce(0, broken, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('handles vite:preloadError, so vite does not throw', async () => {
    const { reloadOnPreloadError } = await load();
    const target = new EventTarget();
    const reload = vi.fn();
    reloadOnPreloadError(target as unknown as Window, reload);
    const event = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
  });

  it.each([
    ['Failed to fetch dynamically imported module: https://x/assets/a.js', true],
    ['Importing a module script failed.', true],
    ['error loading dynamically imported module', true],
    ['Unable to preload CSS for /assets/a.css', true],
    ['Cannot read properties of undefined', false],
  ])('isChunkLoadError(%s) → %s', async (message, expected) => {
    const { isChunkLoadError } = await load();
    expect(isChunkLoadError(new TypeError(message))).toBe(expected);
  });
});
