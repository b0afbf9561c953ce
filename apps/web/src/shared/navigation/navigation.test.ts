import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loginUrl, navigateTo, registerRouter, safeReturnPath, switchTab } from './navigation';

const navigate = vi.fn(async () => {});
const router = { navigate, state: { location: { pathname: '/pages/user/setting/info', search: '' } } };

beforeEach(() => {
  navigate.mockClear();
  registerRouter(router as unknown as Parameters<typeof registerRouter>[0], ['/', '/pages/index/mys']);
});

describe('navigation', () => {
  it('ignores the same move repeated within 200 ms', async () => {
    vi.useFakeTimers();
    try {
      await navigateTo('/pages/login/register');
      await navigateTo('/pages/login/register');
      expect(navigate).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(200);
      await navigateTo('/pages/login/register');
      expect(navigate).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('switches to tab pages instead of stacking them', async () => {
    await navigateTo('/pages/index/mys?x=1');
    expect(navigate).toHaveBeenCalledWith('/pages/index/mys?x=1', { replace: true });
    await switchTab('/');
    expect(navigate).toHaveBeenLastCalledWith('/', { replace: true });
  });

  it.each([
    [undefined, '/pages/login/index'],
    ['/', '/pages/login/index'],
    ['/pages/login/register', '/pages/login/index'],
    ['/pages/user/setting/info?a=1', '/pages/login/index?uniIdRedirectUrl=%2Fpages%2Fuser%2Fsetting%2Finfo%3Fa%3D1'],
  ])('login url remembering %s is %s', (returnTo, expected) => {
    expect(loginUrl(returnTo)).toBe(expected);
  });

  it.each([
    [null, '/'],
    ['/pages/user/setting/info', '/pages/user/setting/info'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/pages/login/index', '/'],
  ])('returns after login from %s to %s', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });
});
