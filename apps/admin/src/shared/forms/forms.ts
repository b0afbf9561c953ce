import { ApiError } from '@studio/client/api-error';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import i18n from 'i18next';
import type { z } from 'zod';
import { showAlert } from '@/shared/ui/feedback';

/**
 * An antd Form rule that checks a field with the contract's zod schema for it (the one the server
 * checks with), so the form refuses exactly what the server would. The message is the validator's
 * i18n key (`validation:<key>`) when it has one, else a generic one.
 */
export function zodRule(schema: z.ZodType, options: { required?: boolean } = {}): Rule {
  return {
    required: options.required,
    validator: async (_rule, value: unknown) => {
      if ((value === undefined || value === null || value === '') && !options.required) return;
      const result = await schema.safeParseAsync(value === '' ? undefined : value);
      if (result.success) return;
      throw new Error(issueMessage(result.error.issues[0]));
    },
  };
}

/** A zod issue in the staff member's language: its validator key's text (`validation:<key>`), else a generic one. */
export function issueMessage(issue: z.core.$ZodIssue | undefined): string {
  const key = issue?.message && /^[a-zA-Z]+$/.test(issue.message) ? issue.message : 'invalid';
  return i18n.t(`validation:${key}`, {
    defaultValue: i18n.t('validation:invalid'),
    ...('minimum' in (issue ?? {}) ? { min: (issue as { minimum: unknown }).minimum } : {}),
    ...('maximum' in (issue ?? {}) ? { max: (issue as { maximum: unknown }).maximum } : {}),
  });
}

/** A required field's rule, with the catalogue's message. */
export function requiredRule(): Rule {
  return { required: true, message: i18n.t('validation:required') };
}

/**
 * Shows a failed save's field error beside its field: INVALID_PARAM (or any error) naming a
 * `field` the form has. Answers whether it did, so the caller shows other failures its own way.
 * `fieldOf` maps the server's field path to the form's name where they differ.
 */
export function applyServerErrors(
  form: FormInstance,
  error: unknown,
  fieldOf: (serverField: string) => string | (string | number)[] | null = (f) => f.split('.'),
): boolean {
  if (!(error instanceof ApiError)) return false;
  const field = error.data.field;
  if (typeof field !== 'string' || !field) return false;
  const name = fieldOf(field);
  if (name === null) return false;
  return placeFieldError(form, Array.isArray(name) ? name : [name], error.msg);
}

/**
 * Shows `message` beside the form's field at `path` (scrolled into view unless told not to); a text
 * in several languages (LocalizedFields) shows it on its first language's input. Answers whether
 * the form has that field.
 */
export function placeFieldError(
  form: FormInstance,
  name: readonly (string | number)[],
  message: string,
  { scroll = true }: { scroll?: boolean } = {},
): boolean {
  const path = [...name];
  const registered = form.getFieldsValue(true) as Record<string, unknown>;
  if (!(String(path[0]) in registered)) return false;
  const value = registered[String(path[0])];
  if (path.length === 1 && value !== null && typeof value === 'object' && !Array.isArray(value)) path.push('en');
  form.setFields([{ name: path, errors: [message] }]);
  if (scroll) form.scrollToField(path);
  return true;
}

/**
 * After a failed save: the field's error beside it when the server named one the form has, else
 * the message as an alert. Saves call with `{ silent: true }` so nothing is shown twice.
 */
export function showSaveError(form: FormInstance, error: unknown, alert: (message: string) => void = showAlert): void {
  if (applyServerErrors(form, error)) return;
  alert(error instanceof ApiError ? error.msg : String(error));
}
