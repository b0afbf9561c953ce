import { accountCalls } from '@studio/contract/account';
import type { CallInput } from '@studio/contract/protocol';
import { call } from '@/shared/api/call-function';

export async function resetPasswordByEmail(input: CallInput<typeof accountCalls.resetPasswordByEmail>): Promise<void> {
  await call(accountCalls.resetPasswordByEmail, input);
}

export async function resetPasswordByMobile(
  input: CallInput<typeof accountCalls.resetPasswordByMobile>,
): Promise<void> {
  await call(accountCalls.resetPasswordByMobile, input);
}
