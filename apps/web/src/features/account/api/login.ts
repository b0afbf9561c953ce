import { accountCalls, type LoginResult } from '@studio/contract/account';
import type { CallInput } from '@studio/contract/protocol';
import { call } from '@/shared/api/call-function';
import { forgetInvite } from '@/shared/invite/pending-invite';
import { redirectTo, safeReturnPath } from '@/shared/navigation/navigation';
import { saveLogin } from '@/shared/session/session';

/** Keeps the new session, refreshes what is shown and returns to the remembered page (spec 2, 4). */
function finish(result: LoginResult, returnTo: string | null): void {
  saveLogin(result);
  redirectTo(safeReturnPath(returnTo));
}

export async function loginByPassword(input: CallInput<typeof accountCalls.login>, returnTo: string | null) {
  finish(await call(accountCalls.login, input), returnTo);
}

export async function loginByEmail(input: CallInput<typeof accountCalls.loginByEmail>, returnTo: string | null) {
  finish(await call(accountCalls.loginByEmail, input), returnTo);
}

export async function loginBySms(input: CallInput<typeof accountCalls.loginBySms>, returnTo: string | null) {
  finish(await call(accountCalls.loginBySms, input), returnTo);
}

export async function register(input: CallInput<typeof accountCalls.register>, returnTo: string | null) {
  const result = await call(accountCalls.register, input);
  forgetInvite();
  finish(result, returnTo);
}
