import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from '@/shared/ui/send-code-button';
import { TextField } from '@/shared/ui/text-field';

/*
 * The pieces every account form repeats: the new password with its repetition, the six-digit code
 * with its send button, and the submit button at the foot of the form.
 */

/** The form's submit button, full width, busy (and not pressable again) while `pending`. */
export function SubmitBar({ pending, label }: { pending: boolean; label: string }): ReactNode {
  return (
    <div className="form-actions">
      <Button type="submit" block color="primary" size="large" loading={pending} loadingText={label} disabled={pending}>
        {label}
      </Button>
    </div>
  );
}

/**
 * A password to choose (with the rule under it) and its repetition. The names default to the
 * contract's `password` / `password2`; update-password's calls name the first `newPassword`.
 */
export function PasswordFields<T extends FieldValues>({
  control,
  name = 'password',
  labelKey = 'account.fields.password',
}: {
  control: Control<T>;
  name?: 'password' | 'newPassword';
  labelKey?: 'account.fields.password' | 'account.fields.newPassword';
}): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        control={control}
        name={name as Path<T>}
        type="password"
        label={t(labelKey)}
        autoComplete="new-password"
        hint={t('account.fields.passwordRule')}
      />
      <TextField
        control={control}
        name={'password2' as Path<T>}
        type="password"
        label={t('account.fields.password2')}
        autoComplete="new-password"
      />
    </>
  );
}

/** A six-digit code field with its send button (60 s countdown); `onSend` answers whether it sent. */
export function CodeField<T extends FieldValues>({
  control,
  name,
  label,
  onSend,
  sendLabel,
}: {
  control: Control<T>;
  name: Path<T>;
  label?: string;
  onSend: () => Promise<boolean>;
  sendLabel?: string;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <TextField
      control={control}
      name={name}
      label={label ?? t('account.fields.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      extra={<SendCodeButton onSend={onSend} label={sendLabel} />}
    />
  );
}
