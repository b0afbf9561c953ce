import { zodResolver } from '@hookform/resolvers/zod';
import { code6 } from '@studio/contract/validators';
import { Button } from 'antd-mobile';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { SendCodeButton } from '@/shared/ui/send-code-button';
import { TextField } from '@/shared/ui/text-field';
import { loginByEmail, loginBySms } from '../api/login';
import { type ContactKind, contactKinds } from './contact-kind';

const schemas = {
  email: z.object({ target: contactKinds.email.validator, code: code6 }),
  mobile: z.object({ target: contactKinds.mobile.validator, code: code6 }),
};

type Values = { target: string; code: string };

/** Log in with a code sent by e-mail or SMS (send, 60 s countdown, then log in). */
export function CodeLoginForm({ kind, returnTo }: { kind: ContactKind; returnTo: string | null }) {
  const { t } = useTranslation();
  const contact = contactKinds[kind];
  const schema = schemas[kind];
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
      <div className="form-actions">
        <Button
          type="submit"
          block
          color="primary"
          size="large"
          loading={pending}
          loadingText={t('account.login.submit')}
          disabled={pending}
        >
          {t('account.login.submit')}
        </Button>
      </div>
    </form>
  );
}
