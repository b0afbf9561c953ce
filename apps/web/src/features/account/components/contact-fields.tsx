import type { CodePurpose } from '@studio/contract/account';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TextField } from '@/shared/ui/text-field';
import { type ContactKind, contactKinds } from './contact-kind';
import { CodeField } from './form-parts';

type ContactValues = { target: string; code: string };

/**
 * The e-mail or mobile number a code goes to, and the code field whose button sends it (`purpose`)
 * once `target` (the contact's validator: for a mobile, read with the studio's country) accepts it.
 */
export function ContactCodeFields<T extends ContactValues>({
  form,
  kind,
  target,
  purpose,
  label,
  codeLabel,
  sendLabel,
}: {
  form: UseFormReturn<T>;
  kind: ContactKind;
  target: z.ZodType<string, string>;
  purpose: CodePurpose;
  label?: string;
  codeLabel?: string;
  sendLabel?: string;
}): ReactNode {
  const { t } = useTranslation();
  const contact = contactKinds[kind];
  const { control, trigger, getValues } = form as unknown as UseFormReturn<ContactValues>;

  async function send(): Promise<boolean> {
    if (!(await trigger('target'))) return false;
    await contact.send(target.parse(getValues('target')), purpose);
    return true;
  }

  return (
    <>
      <TextField
        control={control}
        name="target"
        label={label ?? t(contact.labelKey)}
        hint={contact.hintKey && t(contact.hintKey)}
        {...contact.input}
      />
      <CodeField control={control} name="code" label={codeLabel} onSend={send} sendLabel={sendLabel} />
    </>
  );
}
