import { zodResolver } from '@hookform/resolvers/zod';
import { code6 } from '@studio/contract/validators';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { TextField } from '@/shared/ui/text-field';
import { loginByEmail, loginBySms } from '../api/login';
import { type ContactKind, contactKinds, useStudioCountry } from './contact-kind';
import { CodeField, SubmitBar } from './form-parts';

type Values = { target: string; code: string };

/** Log in with a code sent by e-mail or SMS (send, 60 s countdown, then log in). */
export function CodeLoginForm({ kind, returnTo }: { kind: ContactKind; returnTo: string | null }) {
  const { t } = useTranslation();
  const contact = contactKinds[kind];
  const country = useStudioCountry();
  const schema = useMemo(() => z.object({ target: contact.validator(country), code: code6 }), [contact, country]);
  const { control, handleSubmit, trigger, getValues } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { target: '', code: '' },
  });
  const [submit, pending] = useLockedAction(({ target, code }: Values) =>
    kind === 'email' ? loginByEmail({ email: target, code }, returnTo) : loginBySms({ mobile: target, code }, returnTo),
  );

  async function sendCode(): Promise<boolean> {
    if (!(await trigger('target'))) return false;
    await contact.send(schema.shape.target.parse(getValues('target')), 'login');
    return true;
  }

  return (
    <form className="form-card" noValidate onSubmit={handleSubmit(submit)}>
      <TextField
        control={control}
        name="target"
        label={t(contact.labelKey)}
        hint={contact.hintKey && t(contact.hintKey)}
        {...contact.input}
      />
      <CodeField control={control} name="code" onSend={sendCode} />
      <SubmitBar pending={pending} label={t('account.login.submit')} />
    </form>
  );
}
