import { Input } from 'antd-mobile';
import { type ReactNode, useId } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '@/shared/forms/field-error';

interface TextFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  type?: 'text' | 'password' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  placeholder?: string;
  maxLength?: number;
  /** Shown at the end of the input row, e.g. a send-code button. */
  extra?: ReactNode;
  /** A rule shown under the input until an error takes its place. */
  hint?: string;
}

/** A labelled input bound to a react-hook-form field, with its error (translated) underneath. */
export function TextField<T extends FieldValues>({ control, name, label, extra, hint, ...input }: TextFieldProps<T>) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldErrorText(t, fieldState.error);
        return (
          <div className={`field${error ? ' field-invalid' : ''}`}>
            <label className="field-label" htmlFor={id}>
              {label}
            </label>
            <div className="field-row">
              <Input
                id={id}
                name={field.name}
                ref={field.ref}
                value={(field.value as string | undefined) ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                // No clear button: antd-mobile's is a div with a label but no role, which screen
                // readers cannot operate (axe: aria-prohibited-attr); the keyboard clears as well.
                clearable={false}
                {...input}
              />
              {extra}
            </div>
            {error ? (
              <p className="field-error" role="alert">
                {error}
              </p>
            ) : (
              hint && <p className="field-hint">{hint}</p>
            )}
          </div>
        );
      }}
    />
  );
}
