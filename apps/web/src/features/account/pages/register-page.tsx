import { zodResolver } from '@hookform/resolvers/zod';
import { accountCalls } from '@studio/contract/account';
import { INVITE_CODE_PARAM } from '@studio/contract/invite-link';
import type { CallInput } from '@studio/contract/protocol';
import { Checkbox } from 'antd-mobile';
import { useEffect } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAgreement } from '@/shared/agreements/agreements';
import { fieldErrorText } from '@/shared/forms/field-error';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { inviteQuery, pendingInvite, rememberInvite } from '@/shared/invite/pending-invite';
import { loginUrl } from '@/shared/navigation/navigation';
import { paths, REDIRECT_PARAM } from '@/shared/navigation/paths';
import { AppLink } from '@/shared/ui/app-link';
import { TextField } from '@/shared/ui/text-field';
import { register } from '../api/login';
import { PasswordFields, SubmitBar } from '../components/form-parts';

type RegisterInput = CallInput<typeof accountCalls.register>;
/** The form starts with the box unticked; the schema then insists on `agree: true`. */
type RegisterForm = Omit<RegisterInput, 'agree'> & { agree: boolean };
const resolver = zodResolver(accountCalls.register.input) as unknown as Resolver<RegisterForm, unknown, RegisterInput>;

export function RegisterPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const returnTo = params.get(REDIRECT_PARAM);
  // An invite link's code, or one opened on this device within its days (kept through log-in).
  const linkCode = params.get(INVITE_CODE_PARAM) ?? '';
  useEffect(() => rememberInvite(linkCode), [linkCode]);
  const { control, handleSubmit } = useForm<RegisterForm, unknown, RegisterInput>({
    resolver,
    defaultValues: {
      username: '',
      password: '',
      password2: '',
      agree: false,
      invite_code: linkCode.trim().toUpperCase() || pendingInvite(),
    },
  });
  // The versions of the texts the links open, recorded as the ones accepted (absent: the server's current).
  const userAgreement = useAgreement('user_agreement').data;
  const privacyPolicy = useAgreement('privacy_policy').data;
  const [submit, pending] = useLockedAction((values: RegisterInput) =>
    register(
      userAgreement && privacyPolicy
        ? { ...values, agreements: { user_agreement: userAgreement.version, privacy_policy: privacyPolicy.version } }
        : values,
      returnTo,
    ),
  );

  return (
    <div className="stack">
      <div>
        <h2 className="page-heading">{t('account.register.heading')}</h2>
        <p className="secondary">{t('account.register.subheading')}</p>
      </div>
      <form className="card form-card" noValidate onSubmit={handleSubmit(submit)}>
        <TextField control={control} name="username" label={t('account.fields.username')} autoComplete="username" />
        <PasswordFields control={control} />
        <TextField control={control} name="invite_code" label={t('account.fields.inviteCode')} autoComplete="off" />
        <Controller
          control={control}
          name="agree"
          render={({ field, fieldState }) => (
            <div className="checkbox-row">
              <Checkbox checked={field.value} onChange={field.onChange}>
                <Trans
                  i18nKey="account.register.agree"
                  components={{
                    agreement: <AppLink to={paths.agreement}>_</AppLink>,
                    privacy: <AppLink to={`${paths.agreement}?section=privacy`}>_</AppLink>,
                  }}
                />
              </Checkbox>
              {fieldState.error && (
                <p className="field-error" role="alert">
                  {fieldErrorText(t, fieldState.error)}
                </p>
              )}
            </div>
          )}
        />
        <SubmitBar pending={pending} label={t('account.register.submit')} />
      </form>
      <div className="form-links">
        <AppLink to={inviteQuery(loginUrl(returnTo ?? undefined), linkCode)}>{t('account.register.toLogin')}</AppLink>
      </div>
    </div>
  );
}
