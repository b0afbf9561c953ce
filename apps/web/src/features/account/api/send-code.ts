import { accountCalls, type CodePurpose } from '@studio/contract/account';
import i18n from '@/i18n/i18n';
import { call } from '@/shared/api/call-function';
import { showToast } from '@/shared/ui/feedback';

/** Sends a 6-digit code by e-mail for a purpose (login, reset, bind, unbind); failures show as a toast. */
export async function sendEmailCode(email: string, type: CodePurpose): Promise<void> {
  await call(accountCalls.sendEmailCode, { email, type }, { toastOnly: true });
  showToast(i18n.t('common.code.sentEmail'));
}

/** Sends a 6-digit code by SMS for a purpose; failures show as a toast. */
export async function sendSmsCode(mobile: string, type: CodePurpose): Promise<void> {
  await call(accountCalls.sendSmsCode, { mobile, type }, { toastOnly: true });
  showToast(i18n.t('common.code.sentSms'));
}
