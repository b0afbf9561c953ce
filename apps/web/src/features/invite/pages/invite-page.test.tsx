import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { useLifeData } from '@/shared/store/life-data';
import { InvitePage } from './invite-page';

const invitation = {
  invite_code: 'AB12CD34',
  invited: 2,
  purchased: 1,
  points_earned: 150,
  coupons_earned: 1,
  offer: { enabled: true, inviter_points: 150, inviter_coupon: 'Thanks', welcome_coupon: 'Welcome' },
};
const at = '2026-11-20T10:00:00.000Z';
const rows = [
  {
    _id: 'u1',
    nickname: 'Mia',
    avatar: null,
    invited_at: at,
    has_purchased: true,
    reward: { status: 'granted', points: 150, coupon_name: 'Thanks', at },
  },
  {
    _id: 'u2',
    nickname: 'Leo',
    avatar: null,
    invited_at: at,
    has_purchased: false,
    reward: { status: 'reversed', points: 150, coupon_name: '', at },
  },
];

vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (_input, init) => {
    const { url } = JSON.parse(String(init?.body)) as { url: string };
    const ok = (body: object) => new Response(JSON.stringify({ code: 0, msg: 'ok', ...body }));
    if (url === 'client/pub.getMchInfo') {
      return ok({ mchInfo: { name: 'Lotus Studio', currency: 'GBP', timezone: 'Europe/London' }, appInfo: {} });
    }
    if (url === 'client/invite.getMine') return ok({ invitation });
    if (url === 'client/invite.getInvited') return ok({ rows, total: 2, hasMore: false });
    return new Response(JSON.stringify({ code: 'FUNCTION_NOT_FOUND', msg: 'no' }));
  }),
);

beforeEach(() => {
  queryClient.clear();
  useLifeData.setState((s) => ({
    user: { ...s.user, uni_id_token: 'tok', uni_id_token_expired: Date.now() + 3_600_000 },
  }));
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'share');
});
afterAll(() => vi.unstubAllGlobals());

function show() {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <InvitePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('my invitation', () => {
  it('shows the code, its register link, the offer and each invited member with their purchase and reward', async () => {
    show();
    expect(await screen.findByText('AB12CD34')).toBeTruthy();
    expect(screen.getByText(/#\/pages\/login\/register\?invite_code=AB12CD34$/)).toBeTruthy();
    expect(
      screen.getByText(
        'Friends who join with your link get Welcome. You get 150 points and Thanks after their first purchase.',
      ),
    ).toBeTruthy();
    const people = await screen.findByRole('list', { name: 'People you invited' });
    expect(people.textContent).toContain('MiaJoined');
    expect(people.textContent).toContain('Your reward: 150 points and Thanks');
    expect(people.textContent).toContain('First purchase done');
    expect(people.textContent).toContain('Reward taken back (order refunded): 150 points');
    expect(people.textContent).toContain('No purchase yet');
    // No share sheet on this device: only the copy button.
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('opens the system share sheet with the link where there is one', async () => {
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ url: expect.stringContaining('invite_code=AB12CD34') }),
    );
  });
});
