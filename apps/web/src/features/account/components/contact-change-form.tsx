import { zodResolver } from '@hookform/resolvers/zod';
import { code6 } from '@studio/contract/validators';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { navigateBack } from '@/shared/navigation/navigation';
import { showToast } from '@/shared/ui/feedback';
import { PhoneText } from '@/shared/ui/phone-text';
import { bindEmail, bindMobile, bindNewEmail, bindNewMobile } from '../api/user-info';
import { ContactCodeFields } from './contact-fields';
import { type ContactKind, contactKinds, useStudioCountry } from './contact-kind';
import { CodeField, SubmitBar } from './form-parts';
import { maskContact } from './mask';

type Values = { oldCode: string; target: string; code: string };

const schemaFor = (target: z.ZodType<string, string>, changing: boolean) =>
  z.object({
    // Changing needs a code sent to the current address as well (type unbind), then one to the new (type bind).
    oldCode: changing ? code6 : z.string(),
    target,
    code: code6,
  });

async function submitChange(kind: ContactKind, changing: boolean, { oldCode, target, code }: Values): Promise<void> {
  if (kind === 'email') {
    if (changing) await bindNewEmail({ oldCode, email: target, code });
    else await bindEmail({ email: target, code });
  } else if (changing) await bindNewMobile({ oldCode, mobile: target, code });
  else await bindMobile({ mobile: target, code });
}

/** Binds an e-mail or mobile number, or changes the bound one (codes to the old and the new). */
export function ContactChangeForm({ kind, current }: { kind: ContactKind; current: string | null }) {
  const { t } = useTranslation();
  const contact = contactKinds[kind];
  const changing = current !== null;
  const country = useStudioCountry();
  const target = useMemo(() => contact.validator(country), [contact, country]);
  const form = useForm<Values>({
    resolver: zodResolver(schemaFor(target, changing)),
    defaultValues: { oldCode: '', target: '', code: '' },
  });
  const [submit, pending] = useLockedAction(async (values: Values) => {
    await submitChange(kind, changing, values);
    showToast(t('common.saved'));
    navigateBack();
  });

  async function sendToCurrent(): Promise<boolean> {
    if (current === null) return false;
    await contact.send(current, 'unbind');
    return true;
  }

  return (
    <form className="card form-card" noValidate onSubmit={form.handleSubmit(submit)}>
      {changing && (
        <>
          <div className="field">
            <span className="field-label">{t(contact.currentLabelKey)}</span>
            <div className="field-row">
              {kind === 'mobile' ? <PhoneText value={current} masked /> : maskContact(current)}
            </div>
          </div>
          <CodeField
            control={form.control}
            name="oldCode"
            label={t('account.contact.currentCode')}
            onSend={sendToCurrent}
            sendLabel={t('account.contact.sendToCurrent')}
          />
        </>
      )}
      <ContactCodeFields
        form={form}
        kind={kind}
        target={target}
        purpose="bind"
        label={changing ? t(contact.newLabelKey) : undefined}
        codeLabel={changing ? t('account.contact.newCode') : undefined}
        sendLabel={changing ? t('account.contact.sendToNew') : undefined}
      />
      <SubmitBar pending={pending} label={changing ? t('account.contact.change') : t('account.contact.bind')} />
    </form>
  );
}
