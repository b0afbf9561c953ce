import 'fake-indexeddb/auto';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { get, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '@/shared/api/query-client';
import { APP_VERSION } from '@/shared/config';
import { emptyUser, useLifeData } from '@/shared/store/life-data';
import { stopSaving } from './persist-cache';
import { useSavedCache } from './use-saved-cache';

const STORAGE_KEY = 'studio-saved-queries';
const packages = ['client/course.getMyPackages', {}];

/** A copy saved on this phone by `member` a minute ago, holding their packages. */
async function savedBy(member: string): Promise<void> {
  const at = Date.now() - 60_000;
  await set(
    STORAGE_KEY,
    JSON.stringify({
      buster: `${APP_VERSION}:${member}`,
      timestamp: at,
      clientState: {
        mutations: [],
        queries: [
          {
            queryKey: packages,
            queryHash: JSON.stringify(packages),
            state: {
              data: { rows: [{ _id: 'p1', remaining_count: 4 }] },
              dataUpdateCount: 1,
              dataUpdatedAt: at,
              error: null,
              errorUpdateCount: 0,
              errorUpdatedAt: 0,
              fetchFailureCount: 0,
              fetchFailureReason: null,
              fetchMeta: null,
              isInvalidated: false,
              status: 'success',
              fetchStatus: 'idle',
            },
          },
        ],
      },
    }),
  );
  localStorage.setItem(STORAGE_KEY, '1');
}

function logIn(uid: string): void {
  useLifeData.setState((s) => ({
    user: {
      uni_id_token: 'tok',
      uni_id_token_expired: Date.now() + 3_600_000,
      uni_id_user_info: { ...s.user.uni_id_user_info, _id: uid } as never,
    },
  }));
}

beforeEach(() => queryClient.clear());
afterEach(() => {
  cleanup();
  stopSaving();
  useLifeData.setState({ user: emptyUser });
});

describe('useSavedCache', () => {
  it('holds the queries back at launch until the member’s copy is restored', async () => {
    await savedBy('u1');
    logIn('u1');
    const { result } = renderHook(() => useSavedCache());
    expect(result.current).toBe(true);
    await waitFor(() => expect(result.current).toBe(false));
    expect(queryClient.getQueryData(packages)).toEqual({ rows: [{ _id: 'p1', remaining_count: 4 }] });
  });

  it('never holds a visitor’s queries back', () => {
    const { result } = renderHook(() => useSavedCache());
    expect(result.current).toBe(false);
  });

  it('deletes the copy at a launch without a session (it ended while the app was closed), and at sign-out', async () => {
    await savedBy('u1');
    renderHook(() => useSavedCache());
    await waitFor(async () => expect(await get(STORAGE_KEY)).toBeUndefined());
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();

    await savedBy('u1');
    logIn('u1');
    const { result } = renderHook(() => useSavedCache());
    await waitFor(() => expect(result.current).toBe(false));
    act(() => useLifeData.setState({ user: emptyUser }));
    await waitFor(async () => expect(await get(STORAGE_KEY)).toBeUndefined());
  });
});
