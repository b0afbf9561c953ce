import type { LoginResult, UserInfo } from '@studio/contract/account';
import type { TokenInfo } from '@studio/contract/protocol';
import { accessGroupOf } from '@studio/contract/protocol-core';
import { queryClient } from '@/shared/api/query-client';
import { emptyUser, type LifeData, patchLifeData, useLifeData } from '@/shared/store/life-data';

/** A token is valid only if present and its expiry is later than now (spec 4). */
export function isTokenValid(user: LifeData['user'] = useLifeData.getState().user, now: number = Date.now()): boolean {
  return Boolean(user.uni_id_token) && (user.uni_id_token_expired ?? 0) > now;
}

/** Whether the member holds a valid token; re-renders when the session changes. */
export function useIsLoggedIn(): boolean {
  const token = useLifeData((s) => s.user.uni_id_token);
  const expired = useLifeData((s) => s.user.uni_id_token_expired);
  return isTokenValid({ uni_id_token: token, uni_id_token_expired: expired, uni_id_user_info: null });
}

export function useUserInfo(): UserInfo | null {
  return useLifeData((s) => s.user.uni_id_user_info);
}

export function saveToken(info: TokenInfo): void {
  patchLifeData('user', { uni_id_token: info.token, uni_id_token_expired: info.tokenExpired });
}

export function setUserInfo(userInfo: UserInfo): void {
  patchLifeData('user', { uni_id_user_info: userInfo });
}

/** Today as YYYY-MM-DD in local time: the day marker of the once-a-day token refresh. */
export function localDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Keeps a fresh login (register, any login, login by token) and refreshes everything shown. */
export function saveLogin(result: LoginResult, now: Date = new Date()): void {
  useLifeData.setState((s) => ({
    user: {
      uni_id_token: result.vk_uni_token.token,
      uni_id_token_expired: result.vk_uni_token.tokenExpired,
      uni_id_user_info: result.userInfo,
    },
    app: { ...s.app, tokenRefreshedOn: localDay(now) },
  }));
  void queryClient.invalidateQueries();
}

/** Forgets the session: token, expiry and user info (spec 4), and any data fetched with it. */
export function clearSession(): void {
  patchLifeData('user', emptyUser);
  // Query keys start with the call's url (see callQuery): drop every answer that needed the token.
  queryClient.removeQueries({
    predicate: (q) => typeof q.queryKey[0] !== 'string' || accessGroupOf(q.queryKey[0]) !== 'pub',
  });
}
