import { zodResolver } from '@hookform/resolvers/zod';
import { accountCalls } from '@studio/contract/account';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { TextField } from '@/shared/ui/text-field';
import { loginByPassword } from '../api/login';
import { SubmitBar } from './form-parts';

/** Log in with a username, e-mail or mobile number and a password. */
export function PasswordLoginForm({ returnTo }: { returnTo: string | null }) {
  const { t } = useTranslation();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(accountCalls.login.input),
    defaultValues: { username: '', password: '' },
  });
  const [submit, pending] = useLockedAction((values: { username: string; password: string }) =>
    loginByPassword(values, returnTo),
  );

  return (
    <form className="form-card" noValidate onSubmit={handleSubmit(submit)}>
      <TextField control={control} name="username" label={t('account.fields.account')} autoComplete="username" />
      <TextField
        control={control}
        name="password"
        type="password"
        label={t('account.fields.password')}
        autoComplete="current-password"
      />
      <SubmitBar pending={pending} label={t('account.login.submit')} />
    </form>
  );
}
