import type { UserInfo } from '@studio/contract/account';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { useLifeData } from '@/shared/store/life-data';

// The pages of an account made by a code login (no password yet), opened as the app would open them.
// Each test sets up its own server state and session and opens its own page, so any one runs alone.
vi.stubGlobal('scrollTo', () => {});

const HOUR = 3_600_000;
const info = (hasPassword: boolean): UserInfo => ({
  _id: 'u1',
  username: null,
  nickname: 'Mia',
  avatar: null,
  gender: 0,
  birthday: null,
  email: 'mia@example.com',
  mobile: null,
  role: ['member'],
  permission: [],
  is_verify_staff: false,
  my_invite_code: 'MIA1',
  hasPassword,
  register_date: '2026-11-01T08:00:00.000Z',
  account_balance: { balance: 0 },
  account_integral: { balance: 0 },
});

/** The server: getMyUserInfo says whether a password is set; resetPwd sets it and renews the token. */
let hasPassword = false;
const sent: { url: string; data: unknown }[] = [];
vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (_input, init) => {
    const { url, data } = JSON.parse(String(init?.body)) as { url: string; data: unknown };
    sent.push({ url, data });
    if (url === 'user/kh/resetPwd') {
      hasPassword = true;
      const vk_uni_token = { token: 'tok-2', tokenExpired: Date.now() + 7 * 24 * HOUR };
      return new Response(JSON.stringify({ code: 0, msg: 'ok', userInfo: info(true), vk_uni_token }));
    }
    if (url === 'user/kh/getMyUserInfo') {
      return new Response(JSON.stringify({ code: 0, msg: 'ok', userInfo: info(hasPassword) }));
    }
    return new Response(JSON.stringify({ code: 'FUNCTION_NOT_FOUND', msg: `no ${url} here` }));
  }),
);

const { App } = await import('@/app/app');
const { router } = await import('@/app/router');
const { queryClient } = await import('@/shared/api/query-client');

/** Signs in as the member (with or without a password set) and opens `path` in a fresh app. */
async function openAs(path: string, withPassword: boolean): Promise<void> {
  hasPassword = withPassword;
  sent.length = 0;
  queryClient.clear();
  useLifeData.setState((s) => ({
    user: {
      ...s.user,
      uni_id_token: 'tok-1',
      uni_id_token_expired: Date.now() + HOUR,
      uni_id_user_info: info(withPassword),
    },
  }));
  await router.navigate(path);
  render(<App />);
}

afterEach(() => cleanup());
afterAll(() => vi.unstubAllGlobals());

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

describe('update password page of an account without a password', () => {
  it('says the password is not set, and the page asks for no current password', async () => {
    await openAs('/pages/user/setting/account-security', false);
    // Lazy pages are compiled on first use: allow for a busy machine.
    const entry = await screen.findByRole('link', { name: 'Login password' }, { timeout: 10_000 });
    expect(entry.closest('.adm-list-item')?.textContent).toContain('Not set');
    fireEvent.click(entry);
    expect(await screen.findByText(/Set a password to sign in with it as well/, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });

  it('checks the rule before sending, then sets the first password and keeps the renewed token', async () => {
    await openAs('/pages/user/setting/update-password', false);
    expect(await screen.findByText(/Set a password to sign in with it as well/, {}, { timeout: 10_000 })).toBeTruthy();
    type('New password', '1starts_with_digit');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^Password: start with a letter/)).toBeTruthy();
    expect(sent.some((s) => s.url === 'user/kh/resetPwd')).toBe(false);

    type('New password', 'First_pass1');
    type('Confirm password', 'First_pass1');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(useLifeData.getState().user.uni_id_token).toBe('tok-2'));
    expect(sent.filter((s) => s.url === 'user/kh/resetPwd').map((s) => s.data)).toEqual([
      { newPassword: 'First_pass1', password2: 'First_pass1' },
    ]);
    expect(useLifeData.getState().user.uni_id_user_info?.hasPassword).toBe(true);
  });

  it('asks for the current password of an account that has one', async () => {
    await openAs('/pages/user/setting/update-password', true);
    expect(await screen.findByLabelText('Current password')).toBeTruthy();
    expect(screen.queryByText(/Set a password to sign in with it as well/)).toBeNull();
  });
});
