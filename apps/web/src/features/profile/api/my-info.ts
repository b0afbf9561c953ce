import type { accountCalls } from '@studio/contract/account';
import { callRef } from '@studio/contract/protocol-core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callQuery } from '@/shared/api/call-function';
import { setUserInfo } from '@/shared/session/session';

// By reference, not the definition: the profile tab parses nothing with zod, so it need not load it.
const getMyInfo = callRef<typeof accountCalls.getMyInfo>('client/user.getMyInfo');

/** The member's profile with wallet balance and points (client/user.getMyInfo), kept in the store too. */
export function useMyInfo(enabled: boolean) {
  const query = useQuery({ ...callQuery(getMyInfo, {}), enabled });
  useEffect(() => {
    if (query.data) setUserInfo(query.data.userInfo);
  }, [query.data]);
  return query;
}
