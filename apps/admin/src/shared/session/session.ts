import type { LoginResult, UserInfo } from '@studio/contract/account';
import { isStaff } from '@studio/contract/permissions';
import type { TokenInfo } from '@studio/contract/protocol';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The staff member's session on this computer: the token, its expiry and who they are. */
interface SessionState {
  token: string | null;
  tokenExpired: number | null;
  user: UserInfo | null;
  deviceId: string;
}

const newDeviceId = () => globalThis.crypto?.randomUUID?.() ?? `admin-${Date.now()}-${Math.random()}`;

export const useSession = create<SessionState>()(
  persist(() => ({ token: null, tokenExpired: null, user: null, deviceId: newDeviceId() }) as SessionState, {
    name: 'studio-admin-session',
    storage: createJSONStorage(() => localStorage),
  }),
);

/** A token is valid only if present and not expired. */
export function isTokenValid(state: SessionState = useSession.getState(), now: number = Date.now()): boolean {
  return Boolean(state.token) && (state.tokenExpired ?? 0) > now;
}

export function saveToken(info: TokenInfo): void {
  useSession.setState({ token: info.token, tokenExpired: info.tokenExpired });
}

export function saveLogin(result: LoginResult): void {
  useSession.setState({
    token: result.vk_uni_token.token,
    tokenExpired: result.vk_uni_token.tokenExpired,
    user: result.userInfo,
  });
}

export function setUser(user: UserInfo): void {
  useSession.setState({ user });
}

export function clearSession(): void {
  useSession.setState({ token: null, tokenExpired: null, user: null });
}

/** The signed-in staff member (null when signed out); re-renders when it changes. */
export function useUser(): UserInfo | null {
  const user = useSession((s) => s.user);
  const token = useSession((s) => s.token);
  return token ? user : null;
}

/** Whether the signed-in member may open the back office at all. */
export function useIsStaff(): boolean {
  const user = useUser();
  return user !== null && isStaff(user);
}
