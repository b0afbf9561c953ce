import { accountCalls } from '@studio/contract/account';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callQuery } from '@/shared/api/call-function';
import { setUserInfo } from '@/shared/session/session';

/** The member's profile with wallet balance and points (client/user.getMyInfo), kept in the store too. */
export function useMyInfo(enabled: boolean) {
  const query = useQuery({ ...callQuery(accountCalls.getMyInfo, {}), enabled });
  useEffect(() => {
    if (query.data) setUserInfo(query.data.userInfo);
  }, [query.data]);
  return query;
}
