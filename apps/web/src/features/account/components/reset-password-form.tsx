import { zodResolver } from '@hookform/resolvers/zod';
import { code6, password } from '@studio/contract/validators';
import { Button } from 'antd-mobile';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { redirectTo } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { showToast } from '@/shared/ui/feedback';
import { SendCodeButton } from '@/shared/ui/send-code-button';
import { TextField } from '@/shared/ui/text-field';
import { resetPasswordByEmail, resetPasswordByMobile } from '../api/reset-password';
import { type ContactKind, contactKinds } from './contact-kind';

const withNewPassword = <T extends z.ZodType>(target: T) =>
  z
    .object({ target, code: code6, password, password2: z.string() })
    .refine((v) => v.password === v.password2, { message: 'passwordsMismatch', path: ['password2'] });

const schemas = {
  email: withNewPassword(contactKinds.email.validator),
  mobile: withNewPassword(contactKinds.mobile.validator),
};

type Values = { target: string; code: string; password: string; password2: string };

/** Sets a new password with a code sent to the bound e-mail or mobile number. */
export function ResetPasswordForm({ kind }: { kind: ContactKind }) {
  const { t } = useTranslation();
  const contact = contactKinds[kind];
  const schema = schemas[kind];
  const { control, handleSubmit, trigger, getValues } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { target: '', code: '', password: '', password2: '' },
  });
  const [submit, pending] = useLockedAction(async ({ target, ...rest }: Values) => {
    if (kind === 'email') await resetPasswordByEmail({ email: target, ...rest });
    else await resetPasswordByMobile({ mobile: target, ...rest });
    showToast(t('account.forget.done'));
    redirectTo(paths.login);
  });

  async function sendCode(): Promise<boolean> {
    if (!(await trigger('target'))) return false;
    await contact.send(contact.validator.parse(getValues('target')), 'reset');
    return true;
  }

  return (
    <form className="form-card" noValidate onSubmit={handleSubmit(submit)}>
      <TextField control={control} name="target" label={t(contact.labelKey)} {...contact.input} />
      <TextField
        control={control}
        name="code"
        label={t('account.fields.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        extra={<SendCodeButton onSend={sendCode} />}
      />
      <TextField
        control={control}
        name="password"
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
        <Button
          type="submit"
          block
          color="primary"
          size="large"
          loading={pending}
          loadingText={t('account.forget.submit')}
          disabled={pending}
        >
          {t('account.forget.submit')}
        </Button>
      </div>
    </form>
  );
}
