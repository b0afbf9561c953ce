import type { MemberNotification } from '@studio/contract/notifications';
import { vi } from 'vitest';
import { emptyUser, useLifeData } from '@/shared/store/life-data';

/** A notice as the server answers it; a class notice, unread, an hour old unless told otherwise. */
export const buildNotice = (overrides: Partial<MemberNotification> = {}): MemberNotification => ({
  _id: 'n1',
  type: 'sessionCancelled',
  category: 'classes',
  title: 'Class cancelled',
  body: 'Vinyasa Flow has been cancelled.',
  data: {},
  pinned: false,
  read: false,
  created_at: new Date(Date.now() - 3_600_000).toISOString(),
  ...overrides,
});

type Answer = (url: string, data: Record<string, unknown>) => object | undefined;

/**
 * Plays the server behind fetch: the studio's info (London, pounds), then whatever `answer` gives for a
 * url (undefined: FUNCTION_NOT_FOUND). Answers the calls made, in order.
 */
export function fakeCalls(answer: Answer): { url: string; data: Record<string, unknown> }[] {
  const calls: { url: string; data: Record<string, unknown> }[] = [];
  vi.stubGlobal('scrollTo', () => {});
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (_input, init) => {
      const { url, data } = JSON.parse(String(init?.body)) as { url: string; data: Record<string, unknown> };
      calls.push({ url, data });
      const body =
        url === 'client/pub.getMchInfo'
          ? { mchInfo: { name: 'Lotus Studio', currency: 'GBP', timezone: 'Europe/London' }, appInfo: {} }
          : answer(url, data);
      return new Response(JSON.stringify(body ? { code: 0, msg: 'ok', ...body } : { code: 'FUNCTION_NOT_FOUND' }));
    }),
  );
  return calls;
}

export const signIn = () =>
  useLifeData.setState((s) => ({
    user: { ...s.user, uni_id_token: 'tok', uni_id_token_expired: Date.now() + 3_600_000 },
  }));

export const signOut = () => useLifeData.setState({ user: emptyUser });
