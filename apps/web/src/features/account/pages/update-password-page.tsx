import { zodResolver } from '@hookform/resolvers/zod';
import { accountCalls } from '@studio/contract/account';
import type { CallInput } from '@studio/contract/protocol';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { navigateBack } from '@/shared/navigation/navigation';
import { showToast } from '@/shared/ui/feedback';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { TextField } from '@/shared/ui/text-field';
import { setFirstPassword, updatePassword, useMyUserInfo } from '../api/user-info';
import { PasswordFields, SubmitBar } from '../components/form-parts';

/** Change the password with the current one; an account made by a code login sets its first one instead. */
export function UpdatePasswordPage() {
  const { data, error, isPending, refetch } = useMyUserInfo();
  if (isPending) return <PageSkeleton rows={3} />;
  if (error) return <PageError error={error} onRetry={() => void refetch()} />;
  return data.userInfo.hasPassword ? <ChangePasswordForm /> : <FirstPasswordForm />;
}

type ChangeValues = CallInput<typeof accountCalls.updatePwd>;

function ChangePasswordForm() {
  const { t } = useTranslation();
  const { control, handleSubmit } = useForm<ChangeValues>({
    resolver: zodResolver(accountCalls.updatePwd.input),
    defaultValues: { oldPassword: '', newPassword: '', password2: '' },
  });
  const [submit, pending] = useLockedAction(async (values: ChangeValues) => {
    await updatePassword(values);
    showToast(t('account.updatePassword.done'));
    navigateBack();
  });
  return (
    <form className="card form-card" noValidate onSubmit={handleSubmit(submit)}>
      <TextField
        control={control}
        name="oldPassword"
        type="password"
        label={t('account.fields.currentPassword')}
        autoComplete="current-password"
      />
      <PasswordFields control={control} name="newPassword" labelKey="account.fields.newPassword" />
      <SubmitBar pending={pending} label={t('common.save')} />
    </form>
  );
}

type FirstValues = CallInput<typeof accountCalls.resetPwd>;

function FirstPasswordForm() {
  const { t } = useTranslation();
  const { control, handleSubmit } = useForm<FirstValues>({
    resolver: zodResolver(accountCalls.resetPwd.input),
    defaultValues: { newPassword: '', password2: '' },
  });
  const [submit, pending] = useLockedAction(async (values: FirstValues) => {
    await setFirstPassword(values);
    showToast(t('account.updatePassword.setDone'));
    navigateBack();
  });
  return (
    <form className="card form-card" noValidate onSubmit={handleSubmit(submit)}>
      <p className="secondary">{t('account.updatePassword.setIntro')}</p>
      <PasswordFields control={control} name="newPassword" labelKey="account.fields.newPassword" />
      <SubmitBar pending={pending} label={t('common.save')} />
    </form>
  );
}
