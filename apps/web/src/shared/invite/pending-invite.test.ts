import { beforeEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn(() => Promise.resolve({}));
vi.mock('@/shared/api/call-function', () => ({ call }));

const { forgetInvite, inviteQuery, pendingInvite, rememberInvite } = await import('./pending-invite');

const DAY = 86_400_000;

describe('an invite code opened on this device', () => {
  beforeEach(() => {
    localStorage.clear();
    call.mockClear();
  });

  it('is kept for 30 days, and the server is told at once', () => {
    const at = Date.UTC(2026, 0, 1);
    rememberInvite(' abcd1234 ', at);
    expect(call).toHaveBeenCalledWith(
      { url: 'client/salesman.pub_addUserLocking' },
      { invite_code: 'ABCD1234' },
      { silent: true, loading: false },
    );
    expect(pendingInvite(at + 29 * DAY)).toBe('ABCD1234');
    expect(pendingInvite(at + 30 * DAY)).toBe('');
  });

  it('keeps the first link opened while it holds, as the server does, and is forgotten after registering', () => {
    const at = Date.UTC(2026, 0, 1);
    rememberInvite('FIRST111', at);
    rememberInvite('SECOND22', at + DAY);
    expect(pendingInvite(at + 2 * DAY)).toBe('FIRST111');
    rememberInvite('SECOND22', at + 31 * DAY);
    expect(pendingInvite(at + 31 * DAY)).toBe('SECOND22');
    forgetInvite();
    expect(pendingInvite(at + 31 * DAY)).toBe('');
  });

  it('ignores an empty code', () => {
    rememberInvite('  ');
    expect(call).not.toHaveBeenCalled();
    expect(pendingInvite()).toBe('');
  });

  it('carries the code along a link between log-in and registration', () => {
    expect(inviteQuery('/pages/login/register', 'AB12')).toBe('/pages/login/register?invite_code=AB12');
    expect(inviteQuery('/pages/login/index?uniIdRedirectUrl=%2F', 'AB12')).toBe(
      '/pages/login/index?uniIdRedirectUrl=%2F&invite_code=AB12',
    );
    expect(inviteQuery('/pages/login/register', '')).toBe('/pages/login/register');
  });
});
