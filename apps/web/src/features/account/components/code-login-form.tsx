import { zodResolver } from '@hookform/resolvers/zod';
import { code6 } from '@studio/contract/validators';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { loginByEmail, loginBySms } from '../api/login';
import { ContactCodeFields } from './contact-fields';
import { type ContactKind, contactKinds, useStudioCountry } from './contact-kind';
import { SubmitBar } from './form-parts';

type Values = { target: string; code: string };

/** Log in with a code sent by e-mail or SMS (send, 60 s countdown, then log in). */
export function CodeLoginForm({ kind, returnTo }: { kind: ContactKind; returnTo: string | null }) {
  const { t } = useTranslation();
  const contact = contactKinds[kind];
  const country = useStudioCountry();
  const schema = useMemo(() => z.object({ target: contact.validator(country), code: code6 }), [contact, country]);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { target: '', code: '' },
  });
  const [submit, pending] = useLockedAction(({ target, code }: Values) =>
    kind === 'email' ? loginByEmail({ email: target, code }, returnTo) : loginBySms({ mobile: target, code }, returnTo),
  );

  return (
    <form className="form-card" noValidate onSubmit={form.handleSubmit(submit)}>
      <ContactCodeFields form={form} kind={kind} target={schema.shape.target} purpose="login" />
      <SubmitBar pending={pending} label={t('account.login.submit')} />
    </form>
  );
}
