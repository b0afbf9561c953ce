import type { UserInfo } from '@studio/contract/account';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { useLifeData } from '@/shared/store/life-data';

// Phone numbers in a British studio (setting `country` GB): typed the British way, checked before a
// code is sent, sent in E.164, shown in the national format. The pages open as the app opens them.
vi.stubGlobal('scrollTo', () => {});
// The "code sent" toasts are recorded, not shown (a second antd-mobile toast in one file outlives it).
const toasts = vi.hoisted(() => vi.fn());
vi.mock('@/shared/ui/feedback', async (original) => ({
  ...(await original<typeof import('@/shared/ui/feedback')>()),
  showToast: toasts,
}));

const HOUR = 3_600_000;
const info = (mobile: string | null): UserInfo => ({
  _id: 'u1',
  username: 'mia',
  nickname: 'Mia',
  avatar: null,
  gender: 0,
  birthday: null,
  email: 'mia@example.com',
  mobile,
  role: ['member'],
  permission: [],
  is_verify_staff: false,
  my_invite_code: 'MIA1',
  hasPassword: true,
  register_date: '2026-11-01T08:00:00.000Z',
  account_balance: { balance: 0 },
  account_integral: { balance: 0 },
});

let mobile: string | null = null;
const sent: { url: string; data: unknown }[] = [];
vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (_input, init) => {
    const { url, data } = JSON.parse(String(init?.body)) as { url: string; data: unknown };
    sent.push({ url, data });
    const ok = (rest: object = {}) => new Response(JSON.stringify({ code: 0, msg: 'ok', ...rest }));
    if (url === 'client/pub.getMchInfo') {
      return ok({ mchInfo: { _id: 'default', name: 'Lotus', country: 'GB', timezone: 'Europe/London' } });
    }
    if (url === 'user/kh/getMyUserInfo') return ok({ userInfo: info(mobile) });
    if (url === 'user/pub/sendSmsCode') return ok();
    return new Response(JSON.stringify({ code: 'FUNCTION_NOT_FOUND', msg: `no ${url} here` }));
  }),
);

const { App } = await import('@/app/app');
const { router } = await import('@/app/router');
const { queryClient } = await import('@/shared/api/query-client');

async function open(path: string, withMobile: string | null, signedIn = true): Promise<void> {
  mobile = withMobile;
  sent.length = 0;
  queryClient.clear();
  useLifeData.setState((s) => ({
    user: signedIn
      ? {
          ...s.user,
          uni_id_token: 'tok-1',
          uni_id_token_expired: Date.now() + HOUR,
          uni_id_user_info: info(withMobile),
        }
      : { ...s.user, uni_id_token: '', uni_id_token_expired: 0, uni_id_user_info: null },
  }));
  await router.navigate(path);
  render(<App />);
}

afterEach(() => cleanup());
afterAll(() => vi.unstubAllGlobals());

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const codesSent = () => sent.filter((s) => s.url === 'user/pub/sendSmsCode').map((s) => s.data);
const toastSaid = (content: string) => waitFor(() => expect(toasts).toHaveBeenCalledWith(content));

describe('phone numbers of a British studio', () => {
  it('shows the bound number in the national format, its middle hidden', async () => {
    await open('/pages/user/setting/account-security', '+447700900123');
    const entry = await screen.findByRole('link', { name: 'Mobile number' }, { timeout: 10_000 });
    await waitFor(() => expect(entry.closest('.adm-list-item')?.textContent).toContain('07700 ***123'), {
      timeout: 10_000,
    });
  });

  it('resets by SMS: a number from abroad with its + is taken as it is', async () => {
    await open('/pages/login/forget', null, false);
    fireEvent.click(await screen.findByRole('tab', { name: 'By SMS' }, { timeout: 10_000 }));
    type('Mobile number', '+86 138 1234 5678');
    fireEvent.click(screen.getAllByRole('button', { name: 'Send code' }).at(-1)!);
    await waitFor(() => expect(codesSent()).toEqual([{ mobile: '+8613812345678', type: 'reset' }]));
    await toastSaid('Code sent by SMS');
  });

  it('binds: a landline is refused before any code is sent; a mobile typed the British way goes in E.164', async () => {
    await open('/pages/user/setting/update-mobile', null);
    await screen.findByLabelText('Mobile number', { exact: true }, { timeout: 10_000 });
    type('Mobile number', '020 7946 0000');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/^Enter a mobile number; one from another country starts with \+/)).toBeTruthy();
    expect(codesSent()).toEqual([]);

    type('Mobile number', '07700 900124');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(codesSent()).toEqual([{ mobile: '+447700900124', type: 'bind' }]));
    await toastSaid('Code sent by SMS');
  });
});
