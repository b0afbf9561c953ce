import { zodResolver } from '@hookform/resolvers/zod';
import { accountCalls } from '@studio/contract/account';
import type { CallInput } from '@studio/contract/protocol';
import { Button } from 'antd-mobile';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { navigateBack } from '@/shared/navigation/navigation';
import { showToast } from '@/shared/ui/feedback';
import { TextField } from '@/shared/ui/text-field';
import { updatePassword } from '../api/user-info';

type Values = CallInput<typeof accountCalls.updatePwd>;

export function UpdatePasswordPage() {
  const { t } = useTranslation();
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodResolver(accountCalls.updatePwd.input),
    defaultValues: { oldPassword: '', newPassword: '', password2: '' },
  });
  const [submit, pending] = useLockedAction(async (values: Values) => {
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
      <TextField
        control={control}
        name="newPassword"
        type="password"
        label={t('account.fields.newPassword')}
        autoComplete="new-password"
        hint={t('account.fields.passwordRule')}
      />
      <TextField
        control={control}
        name="password2"
        type="password"
        label={t('account.fields.password2')}
        autoComplete="new-password"
      />
      <div className="form-actions">
        <Button type="submit" block color="primary" size="large" loading={pending} disabled={pending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
