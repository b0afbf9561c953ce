import { zodResolver } from '@hookform/resolvers/zod';
import { code6, password } from '@studio/contract/validators';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { redirectTo } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { showToast } from '@/shared/ui/feedback';
import { resetPasswordByEmail, resetPasswordByMobile } from '../api/reset-password';
import { ContactCodeFields } from './contact-fields';
import { type ContactKind, contactKinds, useStudioCountry } from './contact-kind';
import { PasswordFields, SubmitBar } from './form-parts';

const withNewPassword = <T extends z.ZodType<string, string>>(target: T) =>
  z
    .object({ target, code: code6, password, password2: z.string() })
    .refine((v) => v.password === v.password2, { message: 'passwordsMismatch', path: ['password2'] });

type Values = { target: string; code: string; password: string; password2: string };

/** Sets a new password with a code sent to the bound e-mail or mobile number. */
export function ResetPasswordForm({ kind }: { kind: ContactKind }) {
  const { t } = useTranslation();
  const contact = contactKinds[kind];
  const country = useStudioCountry();
  const target = useMemo(() => contact.validator(country), [contact, country]);
  const form = useForm<Values>({
    resolver: zodResolver(withNewPassword(target)),
    defaultValues: { target: '', code: '', password: '', password2: '' },
  });
  const [submit, pending] = useLockedAction(async ({ target, ...rest }: Values) => {
    if (kind === 'email') await resetPasswordByEmail({ email: target, ...rest });
    else await resetPasswordByMobile({ mobile: target, ...rest });
    showToast(t('account.forget.done'));
    redirectTo(paths.login);
  });

  return (
    <form className="form-card" noValidate onSubmit={form.handleSubmit(submit)}>
      <ContactCodeFields form={form} kind={kind} target={target} purpose="reset" />
      <PasswordFields control={form.control} labelKey="account.fields.newPassword" />
      <SubmitBar pending={pending} label={t('account.forget.submit')} />
    </form>
  );
}
