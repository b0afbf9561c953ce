import { accountCalls } from '@studio/contract/account';
import i18n from '@/i18n/i18n';
import { call } from '@/shared/api/call-function';
import { reLaunch, SIGNING_OUT } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { endPushOnSignOut } from '@/shared/push/push-device';
import { clearSession, isTokenValid } from '@/shared/session/session';
import { showToast } from '@/shared/ui/feedback';

/**
 * Signs out (spec 4): this device's push subscription ends, the server revokes the token, the
 * session is forgotten and login opens. Even when the server cannot be reached the local session
 * ends. Refused when nobody is signed in.
 */
export async function signOut(): Promise<void> {
  if (!isTokenValid()) {
    showToast(i18n.t('account.setting.notSignedIn'));
    return;
  }
  // While the token still works: the server forgets this device for this member.
  await endPushOnSignOut();
  try {
    await call(accountCalls.logout, {}, { silent: true });
  } catch {
    // Ending the local session is what the member asked for; the token expires on its own.
  }
  // Leave the member-only page first, so its login guard does not remember it as the way back.
  await reLaunch(paths.login, SIGNING_OUT);
  clearSession();
}
