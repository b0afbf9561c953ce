import { accountCalls, type UserInfo } from '@studio/contract/account';
import type { CallInput } from '@studio/contract/protocol';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call, callQuery } from '@/shared/api/call-function';
import { queryClient } from '@/shared/api/query-client';
import { setUserInfo } from '@/shared/session/session';

export const myUserInfoQuery = callQuery(accountCalls.getMyUserInfo, {});

/** The signed-in member's account (nickname, gender, bound mobile and e-mail...), kept in the store too. */
export function useMyUserInfo() {
  const query = useQuery(myUserInfoQuery);
  useEffect(() => {
    if (query.data) setUserInfo(query.data.userInfo);
  }, [query.data]);
  return query;
}

/** After a change: keep the new user info everywhere it is shown. */
export function applyUserInfo(userInfo: UserInfo): void {
  setUserInfo(userInfo);
  queryClient.setQueryData(myUserInfoQuery.queryKey, { userInfo });
  void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== myUserInfoQuery.queryKey[0] });
}

export async function updateUser(input: CallInput<typeof accountCalls.updateUser>): Promise<void> {
  applyUserInfo((await call(accountCalls.updateUser, input)).userInfo);
}

export async function setAvatar(avatar: string): Promise<void> {
  applyUserInfo((await call(accountCalls.setAvatar, { avatar })).userInfo);
}

export async function updatePassword(input: CallInput<typeof accountCalls.updatePwd>): Promise<void> {
  // The answer's vk_uni_token (all other sessions are revoked) is kept by the api client.
  await call(accountCalls.updatePwd, input);
}

/** First password of a code-login account: no current one to give; the answer's user info says it is set now. */
export async function setFirstPassword(input: CallInput<typeof accountCalls.resetPwd>): Promise<void> {
  applyUserInfo((await call(accountCalls.resetPwd, input)).userInfo);
}

export async function bindMobile(input: CallInput<typeof accountCalls.bindMobile>): Promise<void> {
  applyUserInfo((await call(accountCalls.bindMobile, input)).userInfo);
}

export async function bindNewMobile(input: CallInput<typeof accountCalls.bindNewMobile>): Promise<void> {
  applyUserInfo((await call(accountCalls.bindNewMobile, input)).userInfo);
}

export async function bindEmail(input: CallInput<typeof accountCalls.bindEmail>): Promise<void> {
  applyUserInfo((await call(accountCalls.bindEmail, input)).userInfo);
}

export async function bindNewEmail(input: CallInput<typeof accountCalls.bindNewEmail>): Promise<void> {
  applyUserInfo((await call(accountCalls.bindNewEmail, input)).userInfo);
}
