import type { UserInfo } from '@studio/contract/account';
import type { CartLine } from '@studio/contract/cart';
import type { Locale } from '@studio/contract/locale';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface LifeData {
  app: {
    /** The language the member chose; null until they choose (then the browser's language decides). */
    locale: Locale | null;
    deviceId: string;
    /** Local date (YYYY-MM-DD) of the last login-by-token refresh: it runs at most once a day. */
    tokenRefreshedOn: string | null;
  };
  cart: {
    /** The cart's lines: the member's server cart as last read, or a visitor's cart on this device. */
    list: CartLine[];
    /** Whose server cart `list` mirrors; null = a visitor's device cart, merged in at login. */
    owner: string | null;
  };
  goods: {
    /** The member's own recent searches on this device, newest first. */
    searchHistory: string[];
  };
  user: {
    uni_id_token: string | null;
    /** ms since epoch */
    uni_id_token_expired: number | null;
    uni_id_user_info: UserInfo | null;
  };
}

function randomId(): string {
  // crypto.randomUUID exists only in secure contexts; getRandomValues exists everywhere.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const emptyUser: LifeData['user'] = { uni_id_token: null, uni_id_token_expired: null, uni_id_user_info: null };

/** The persisted client state of spec section 3 (`lifeData`: app, cart, goods, user). */
export const useLifeData = create<LifeData>()(
  persist(
    (): LifeData => ({
      app: { locale: null, deviceId: randomId(), tokenRefreshedOn: null },
      cart: { list: [], owner: null },
      goods: { searchHistory: [] },
      user: emptyUser,
    }),
    {
      name: 'lifeData',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // Keep defaults for modules a stored copy lacks (an older version, or a cleared module).
      merge: (stored, current): LifeData => {
        const s = (stored ?? {}) as Partial<LifeData>;
        return {
          app: { ...current.app, ...s.app },
          cart: { ...current.cart, ...s.cart },
          goods: { ...current.goods, ...s.goods },
          user: { ...current.user, ...s.user },
        };
      },
    },
  ),
);

/** Shallow-merges a patch into one module of the store. */
export function patchLifeData<K extends keyof LifeData>(module: K, patch: Partial<LifeData[K]>): void {
  useLifeData.setState((state) => ({ [module]: { ...state[module], ...patch } }) as Partial<LifeData>);
}
